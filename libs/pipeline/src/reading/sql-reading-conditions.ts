/**
 * Conditions of a SQL reading (sql-reading.ts): the AND chain of a WHERE (or a join's ON) as phrases, `status =
 * 'shipped'` -> "with status 'shipped'", `order_date >= '2024-01-01' AND order_date < '2025-01-01'` -> "with order
 * date in 2024", `x IN (SELECT ...)` -> "whose x is among ...", `NOT EXISTS (...)` -> "that have no ...". A condition
 * it does not understand is counted, never guessed ("and 1 more condition").
 */
import {
  aggregateNoun,
  aggregateOf,
  article,
  columnTerm,
  cutList,
  datePart,
  doubleQuotesMayBeString,
  functionName,
  argsOf,
  literal,
  operand,
  type Literal,
  type Node,
  type ReadingContext,
  type Scope,
} from './sql-reading-phrases';

/** One condition as words: `lead` ("with", "whose", "that", "provided") + `subject` (a column's words) + `body`. */
export interface Phrase {
  lead: 'with' | 'whose' | 'that' | 'provided';
  /** The column the condition is about, when it has one: repeated subjects are written once ("at least 1 and at most 5"). */
  subject: string | null;
  body: string;
  /** When the body ends with a subquery's rows (`... of city with state name 'ohio'`): those words, see {@link conditionText}. */
  rows?: string;
}

/** Conditions as phrases, and how many conditions were not understood. */
export interface Conditions {
  phrases: Phrase[];
  unknown: number;
}

/** The AND chain of a condition (parenthesised ANDs flattened); an OR, NOT or anything else is one conjunct. */
export function conjuncts(node: Node): Node[] {
  if (!node) return [];
  if (node.type === 'binary_expr' && String(node.operator).toUpperCase() === 'AND')
    return [...conjuncts(node.left), ...conjuncts(node.right)];
  return [node];
}

/** The phrases of a list of conjuncts, with date windows on one column read as a year, quarter or month. */
export function conditionPhrases(nodes: Node[], scope: Scope, ctx: ReadingContext): Conditions {
  const found: Array<{ at: number; phrase: Phrase }> = [];
  let unknown = 0;
  const used = new Set<number>();
  const bounds = nodes.map((n) => dateBound(n, scope, ctx));
  bounds.forEach((low, i) => {
    if (!low || low.op !== '>=' || used.has(i)) return;
    const j = bounds.findIndex((b, k) => !!b && !used.has(k) && b.op === '<' && b.key === low.key);
    const window = j >= 0 ? dateWindow(low.value, bounds[j]!.value) : null;
    if (!window) return;
    used.add(i).add(j);
    found.push({ at: i, phrase: { lead: 'with', subject: low.subject, body: `in ${window}` } });
  });
  nodes.forEach((node, i) => {
    if (used.has(i)) return;
    const phrase = condition(node, scope, ctx);
    if (phrase) found.push({ at: i, phrase });
    else unknown++;
  });
  found.sort((a, b) => a.at - b.at);
  return { phrases: found.map((f) => f.phrase), unknown };
}

/**
 * Conditions as one adjunct: "with status 'shipped' and total over 500 whose ... that have ..."; conditions not
 * understood are counted ("and 1 more condition"). At `level` 2 (see ReadingContext) every condition is only counted.
 * Conditions holding a subquery come last in their group, and a subquery's rows that carry conditions of their own are
 * put in parentheses unless they end the text, so that no condition reads as the subquery's: "with population equal
 * to the highest population of (city with state name 'ohio') and ...". Empty string when there are none.
 */
export function conditionText(conditions: Conditions, level: number): string {
  const total = conditions.phrases.length + conditions.unknown;
  if (total === 0) return '';
  if (level >= 2 || conditions.phrases.length === 0)
    return `filtered by ${total === 1 ? 'a condition' : `${total} conditions`}`;
  const leads = ['with', 'whose', 'that', 'provided'] as const;
  const ordered = leads.flatMap((lead) => {
    const mine = conditions.phrases.filter((p) => p.lead === lead);
    return [...mine.filter((p) => !p.rows), ...mine.filter((p) => p.rows)];
  });
  const last = conditions.unknown ? null : ordered[ordered.length - 1];
  const groups: string[] = [];
  for (const lead of leads) {
    const items: string[] = [];
    let previous: string | null = null;
    for (const p of ordered.filter((x) => x.lead === lead)) {
      const same = p.subject !== null && p.subject === previous && BOUND.test(p.body);
      let body = p.body;
      if (p.rows && p !== last && body.endsWith(p.rows) && /\b(with|whose|that|provided|filtered by)\b/.test(p.rows))
        body = `${body.slice(0, -p.rows.length)}(${p.rows})`;
      items.push(p.subject === null || same ? body : `${p.subject}${body ? ` ${body}` : ''}`);
      previous = BOUND.test(p.body) ? p.subject : null;
    }
    if (items.length) groups.push(`${lead} ${items.join(' and ')}`);
  }
  const more = conditions.unknown
    ? ` and ${conditions.unknown} more condition${conditions.unknown === 1 ? '' : 's'}`
    : '';
  return `${groups.join(' and ')}${more}`;
}

/** Bodies of range bounds, whose repeated subject is written once ("total at least 10 and at most 20"). */
const BOUND = /^(over|under|at least|at most|after|before|on or after|on or before) /;

const SHORT = new Map([
  ['=', ''],
  ['<>', 'other than'],
  ['!=', 'other than'],
  ['>', 'over'],
  ['>=', 'at least'],
  ['<', 'under'],
  ['<=', 'at most'],
]);
const SHORT_DATE = new Map([
  ['=', 'on'],
  ['<>', 'other than'],
  ['!=', 'other than'],
  ['>', 'after'],
  ['>=', 'on or after'],
  ['<', 'before'],
  ['<=', 'on or before'],
]);
const LONG = new Map([
  ['=', 'equal to'],
  ['<>', 'other than'],
  ['!=', 'other than'],
  ['>', 'greater than'],
  ['>=', 'at least'],
  ['<', 'less than'],
  ['<=', 'at most'],
]);
const COUNTS = new Map([
  ['=', 'exactly'],
  ['<>', 'other than'],
  ['!=', 'other than'],
  ['>', 'more than'],
  ['>=', 'at least'],
  ['<', 'fewer than'],
  ['<=', 'at most'],
]);
const FLIPPED = new Map([
  ['=', '='],
  ['<>', '<>'],
  ['!=', '!='],
  ['>', '<'],
  ['>=', '<='],
  ['<', '>'],
  ['<=', '>='],
]);
const NEGATED = new Map([
  ['=', '<>'],
  ['<>', '='],
  ['!=', '='],
  ['>', '<='],
  ['>=', '<'],
  ['<', '>='],
  ['<=', '>'],
  ['LIKE', 'NOT LIKE'],
  ['NOT LIKE', 'LIKE'],
  ['ILIKE', 'NOT ILIKE'],
  ['NOT ILIKE', 'ILIKE'],
  ['IN', 'NOT IN'],
  ['NOT IN', 'IN'],
  ['BETWEEN', 'NOT BETWEEN'],
  ['NOT BETWEEN', 'BETWEEN'],
  ['IS', 'IS NOT'],
  ['IS NOT', 'IS'],
  ['EXISTS', 'NOT EXISTS'],
  ['NOT EXISTS', 'EXISTS'],
]);

/** One condition as a phrase, or null when it is not understood. */
export function condition(node: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  if (!node || typeof node !== 'object') return null;
  const op = String(node.operator ?? '').toUpperCase();
  if (node.type === 'binary_expr' && op === 'OR') return disjunction(node, scope, ctx);
  const negatedInner = notOperand(node);
  if (negatedInner) return negated(negatedInner, scope, ctx);
  const exists = existsOperand(node);
  if (exists) return existence(exists.sub, exists.negated, scope, ctx);
  if (node.type === 'binary_expr') return comparison(node.left, op, node.right, scope, ctx);
  if (node.type === 'column_ref') {
    const column = columnTerm(node, scope, ctx);
    return column ? { lead: 'with', subject: column.words, body: 'true' } : null;
  }
  return null;
}

/** The operand of `NOT x` (a unary NOT, or the sqlite/postgresql grammars' NOT "function"), else null. */
function notOperand(node: Node): Node | null {
  if (node.type === 'unary_expr' && String(node.operator).toUpperCase() === 'NOT') return node.expr;
  if (node.type === 'function' && functionName(node) === 'not' && argsOf(node).length === 1) return argsOf(node)[0];
  return null;
}

/** The subquery of `EXISTS (...)` / `NOT EXISTS (...)` in its grammar shapes, else null. */
function existsOperand(node: Node): { sub: Node; negated: boolean } | null {
  const op = String(node.operator ?? '').toUpperCase();
  if (node.type === 'unary_expr' && (op === 'EXISTS' || op === 'NOT EXISTS'))
    return node.expr?.ast ? { sub: node.expr.ast, negated: op === 'NOT EXISTS' } : null;
  if (node.type === 'function' && functionName(node) === 'exists') {
    const sub = argsOf(node)[0]?.ast;
    return sub ? { sub, negated: false } : null;
  }
  return null;
}

function negated(inner: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  const exists = existsOperand(inner);
  if (exists) return existence(exists.sub, !exists.negated, scope, ctx);
  const innerNot = notOperand(inner);
  if (innerNot) return condition(innerNot, scope, ctx);
  if (inner?.type === 'column_ref') {
    const column = columnTerm(inner, scope, ctx);
    return column ? { lead: 'with', subject: column.words, body: 'false' } : null;
  }
  const op = String(inner.operator ?? '').toUpperCase();
  if (inner.type !== 'binary_expr' || !NEGATED.has(op)) return null;
  return comparison(inner.left, NEGATED.get(op)!, inner.right, scope, ctx);
}

function disjunction(node: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  const parts: Node[] = [];
  const flatten = (n: Node): void => {
    if (n?.type === 'binary_expr' && String(n.operator).toUpperCase() === 'OR') {
      flatten(n.left);
      flatten(n.right);
    } else parts.push(n);
  };
  flatten(node);
  const phrases: Phrase[] = [];
  for (const part of parts) {
    if (part?.type === 'binary_expr' && String(part.operator).toUpperCase() === 'AND') return null;
    const phrase = condition(part, scope, ctx);
    if (!phrase || phrase.lead !== 'with') return null;
    phrases.push(phrase);
  }
  const subject = phrases[0].subject;
  const equalities = parts.every(
    (p) => p.type === 'binary_expr' && (p.operator === '=' || String(p.operator).toUpperCase() === 'IN'),
  );
  if (subject !== null && equalities && phrases.every((p) => p.subject === subject)) {
    return { lead: 'with', subject, body: phrases.map((p) => p.body).join(' or ') };
  }
  return {
    lead: 'with',
    subject: null,
    body: `either ${phrases.map((p) => (p.subject === null ? p.body : `${p.subject} ${p.body}`.trim())).join(' or ')}`,
  };
}

/** `EXISTS (sub)` as "that have <rows>" when correlated with the outer row, else "provided any <rows> exist". */
function existence(sub: Node, negatedExists: boolean, scope: Scope, ctx: ReadingContext): Phrase | null {
  const reading = ctx.readSubquery(sub, scope, ctx);
  if (!reading) return null;
  if (reading.correlated)
    return {
      lead: 'that',
      subject: null,
      body: `have ${negatedExists ? 'no ' : ''}${reading.rows}`,
      rows: reading.rows,
    };
  return { lead: 'provided', subject: null, body: `${negatedExists ? 'no' : 'some'} ${reading.rows} exist` };
}

/** A subquery node as written in an expression (`(SELECT ...)`), else null. */
function subqueryOf(node: Node): Node | null {
  if (node?.ast && node.ast.type === 'select') return node.ast;
  if (node?.type === 'expr_list' && Array.isArray(node.value) && node.value.length === 1 && node.value[0]?.ast)
    return node.value[0].ast;
  return null;
}

function comparison(left: Node, op: string, right: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  if (op === 'IN' || op === 'NOT IN') return membership(left, op === 'NOT IN', right, scope, ctx);
  if (op === 'BETWEEN' || op === 'NOT BETWEEN') return between(left, op === 'NOT BETWEEN', right, scope, ctx);
  if (op === 'IS' || op === 'IS NOT') return nullCheck(left, op === 'IS NOT', right, scope, ctx);
  if (/^(NOT )?I?LIKE$/.test(op)) return likeMatch(left, op, right, scope, ctx);
  if (!SHORT.has(op)) return null;
  if (subqueryOf(left) && !subqueryOf(right)) return subqueryComparison(subqueryOf(left)!, op, right, scope, ctx);
  if (!subqueryOf(right) && literal(left, ctx) && !literal(right, ctx))
    return comparison(right, FLIPPED.get(op)!, left, scope, ctx);
  const part = datePart(left, scope, ctx);
  const value =
    literal(right, ctx) ??
    (right?.type === 'double_quote_string' ? (operand(right, scope, ctx)?.literal ?? null) : null);
  if (part && value && op === '=') {
    const when = periodOf(part.part, String(value.raw));
    if (when) return { lead: 'with', subject: part.column.words, body: `in ${when}` };
  }
  const folded = caseFolded(left, right, op, scope, ctx);
  if (folded) return folded;
  const lhs = operand(left, scope, ctx);
  if (!lhs) return null;
  const sub = subqueryOf(right);
  if (sub) {
    const reading = ctx.readSubquery(sub, scope, ctx);
    return reading?.value
      ? { lead: 'with', subject: lhs.words, body: `${LONG.get(op)} ${reading.value}`, rows: reading.rows }
      : null;
  }
  const rhs = operand(right, scope, ctx);
  if (!rhs) return null;
  const date = lhs.kind === 'date' || rhs.kind === 'date';
  const words = rhs.literal
    ? (date ? SHORT_DATE : SHORT).get(op)!
    : date && op !== '='
      ? SHORT_DATE.get(op)!
      : LONG.get(op)!;
  return { lead: 'with', subject: lhs.words, body: `${words ? `${words} ` : ''}${rhs.words}` };
}

/** `(SELECT COUNT(*) ... correlated) >= 3` -> "with at least 3 orders"; another subquery value compared -> its noun. */
function subqueryComparison(sub: Node, op: string, right: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  const reading = ctx.readSubquery(sub, scope, ctx);
  const value = literal(right, ctx);
  if (!reading || !value) return null;
  if (reading.countsRows && value.kind === 'number') {
    const count = `${COUNTS.get(op)} ${value.text} ${reading.rows}`;
    return reading.correlated
      ? { lead: 'with', subject: null, body: count, rows: reading.rows }
      : { lead: 'provided', subject: null, body: `there are ${count}`, rows: reading.rows };
  }
  return reading.value
    ? {
        lead: 'with',
        subject: null,
        body: `${reading.value} ${(value.kind === 'date' ? SHORT_DATE : SHORT).get(op)} ${value.text}`.replace(
          / {2,}/g,
          ' ',
        ),
      }
    : null;
}

function membership(left: Node, not: boolean, right: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  const lhs = operand(left, scope, ctx);
  if (!lhs) return null;
  const sub = subqueryOf(right);
  if (sub) {
    const reading = ctx.readSubquery(sub, scope, ctx);
    const among = reading?.column ? `the ${reading.column} values of ${reading.rows}` : reading?.value;
    return among
      ? {
          lead: 'whose',
          subject: null,
          body: `${lhs.words} is ${not ? 'not ' : ''}among ${among}`,
          rows: reading!.rows,
        }
      : null;
  }
  const values = listValues(right, ctx);
  if (!values) return null;
  const shown = cutList(
    values.map((v) => v.text),
    [4, 2, 1][Math.min(ctx.level, 2)],
    'or',
  );
  return { lead: 'with', subject: lhs.words, body: `${not ? 'other than ' : ''}${shown}` };
}

function listValues(node: Node, ctx: ReadingContext): Literal[] | null {
  const items: Node[] = node?.type === 'expr_list' && Array.isArray(node.value) ? node.value : [];
  const values = items.map(
    (n) =>
      literal(n, ctx) ??
      (n?.type === 'double_quote_string' && doubleQuotesMayBeString(ctx.dialect)
        ? { text: `"${n.value}"`, raw: n.value, kind: 'text' as const }
        : null),
  );
  return values.length && values.every((v) => v !== null) ? (values as Literal[]) : null;
}

function between(left: Node, not: boolean, right: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  const lhs = operand(left, scope, ctx);
  const items: Node[] = right?.type === 'expr_list' && Array.isArray(right.value) ? right.value : [];
  if (!lhs || items.length !== 2) return null;
  const [low, high] = items.map((n) => operand(n, scope, ctx));
  if (!low || !high) return null;
  if (!not && lhs.column?.type && /^date$/i.test(lhs.column.type) && low.literal && high.literal) {
    const year = /^(\d{4})-01-01$/.exec(String(low.literal.raw));
    if (year && high.literal.raw === `${year[1]}-12-31`)
      return { lead: 'with', subject: lhs.words, body: `in ${year[1]}` };
  }
  return { lead: 'with', subject: lhs.words, body: `${not ? 'not ' : ''}between ${low.words} and ${high.words}` };
}

function nullCheck(left: Node, not: boolean, right: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  const lhs = operand(left, scope, ctx);
  if (!lhs) return null;
  if (right?.type === 'null')
    return { lead: 'with', subject: null, body: not ? `${article(lhs.words)} ${lhs.words}` : `no ${lhs.words}` };
  if (right?.type === 'bool')
    return { lead: 'with', subject: lhs.words, body: `${not ? 'not ' : ''}${right.value ? 'true' : 'false'}` };
  return null;
}

/** LOWER/UPPER around a column or a literal, unwrapped, with the fold it applied. */
function unfold(node: Node): { node: Node; fold: 'lower' | 'upper' | null } {
  const fn = node?.type === 'function' ? functionName(node) : null;
  if ((fn === 'lower' || fn === 'upper' || fn === 'lcase' || fn === 'ucase') && argsOf(node).length === 1) {
    const inner = unfold(argsOf(node)[0]);
    return { node: inner.node, fold: fn === 'lower' || fn === 'lcase' ? 'lower' : 'upper' };
  }
  return { node, fold: null };
}

/** `LOWER(name) = 'x'` (or both sides folded alike): equality in any case; null when no fold is involved or it cannot be read. */
function caseFolded(left: Node, right: Node, op: string, scope: Scope, ctx: ReadingContext): Phrase | null {
  const l = unfold(left);
  const r = unfold(right);
  if (!l.fold && !r.fold) return null;
  const lhs = operand(l.node, scope, ctx);
  const value = literal(r.node, ctx);
  if (
    !lhs ||
    !value ||
    typeof value.raw !== 'string' ||
    (op !== '=' && op !== '<>' && op !== '!=') ||
    !anyCase(l.fold, r.fold, value.raw)
  )
    return null;
  return { lead: 'with', subject: lhs.words, body: `${op === '=' ? '' : 'other than '}${value.text} (any case)` };
}

/** True when the comparison ignores case: both sides folded alike, or the column folded and the text already in that case. */
function anyCase(left: 'lower' | 'upper' | null, right: 'lower' | 'upper' | null, text: string): boolean {
  if (!left) return false;
  if (right) return right === left;
  return left === 'lower' ? text === text.toLowerCase() : text === text.toUpperCase();
}

function likeMatch(left: Node, op: string, right: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  const l = unfold(left);
  const r = unfold(right);
  const lhs = operand(l.node, scope, ctx);
  const value =
    literal(r.node, ctx) ??
    (r.node?.type === 'double_quote_string' ? (operand(r.node, scope, ctx)?.literal ?? null) : null);
  if (!lhs || !value || typeof value.raw !== 'string') return null;
  const insensitive = op.endsWith('ILIKE') || (!!l.fold || !!r.fold ? anyCase(l.fold, r.fold, value.raw) : false);
  if ((l.fold || r.fold) && !insensitive) return null;
  const not = op.startsWith('NOT');
  const pattern = value.raw;
  const inner = pattern.replace(/^%/, '').replace(/%$/, '');
  const plain = inner.length > 0 && !/[%_[\\]/.test(inner);
  const quoted = (text: string) => `'${text.length > 40 ? `${text.slice(0, 39)}…` : text}'`;
  let body: string;
  if (plain && pattern.startsWith('%') && pattern.endsWith('%') && pattern.length > 2)
    body = `${not ? 'not ' : ''}containing ${quoted(inner)}`;
  else if (plain && pattern.endsWith('%') && !pattern.startsWith('%'))
    body = `${not ? 'not ' : ''}starting with ${quoted(inner)}`;
  else if (plain && pattern.startsWith('%') && !pattern.endsWith('%'))
    body = `${not ? 'not ' : ''}ending with ${quoted(inner)}`;
  else body = `${not ? 'not ' : ''}matching ${quoted(pattern)}`;
  return { lead: 'with', subject: lhs.words, body: `${body}${insensitive ? ' (any case)' : ''}` };
}

/** A bound of a date range on one column: `order_date >= '2024-01-01'` -> { key, op: '>=', value }. */
interface DateBound {
  key: string;
  subject: string;
  op: string;
  value: string;
}

function dateBound(node: Node, scope: Scope, ctx: ReadingContext): DateBound | null {
  if (node?.type !== 'binary_expr' || !FLIPPED.has(node.operator)) return null;
  let [left, right, op] = [node.left, node.right, String(node.operator)];
  if (literal(left, ctx) && !literal(right, ctx)) [left, right, op] = [right, left, FLIPPED.get(op)!];
  const column = columnTerm(left, scope, ctx);
  const value = literal(right, ctx);
  if (!column || !value || value.kind !== 'date') return null;
  const date = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00(?:\.0+)?)?)?$/.exec(String(value.raw));
  if (!date) return null;
  return { key: `${column.source?.key ?? ''}.${column.name.toLowerCase()}`, subject: column.words, op, value: date[1] };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const QUARTERS = ['first', 'second', 'third', 'fourth'];

/** `[from, to)` as "2024", "March 2024" or "the second quarter of 2024" when it is exactly one; else null. */
function dateWindow(from: string, to: string): string | null {
  const a = /^(\d{4})-(\d{2})-01$/.exec(from);
  const b = /^(\d{4})-(\d{2})-01$/.exec(to);
  if (!a || !b) return null;
  const start = Number(a[1]) * 12 + Number(a[2]) - 1;
  const months = Number(b[1]) * 12 + Number(b[2]) - 1 - start;
  const month = Number(a[2]);
  if (months === 12 && month === 1) return a[1];
  if (months === 1 && month >= 1 && month <= 12) return `${MONTHS[month - 1]} ${a[1]}`;
  if (months === 3 && (month - 1) % 3 === 0) return `the ${QUARTERS[(month - 1) / 3]} quarter of ${a[1]}`;
  return null;
}

/** The period that a date part equals: year '2024' -> "2024", month '2024-03' -> "March 2024"; else null. */
function periodOf(part: string, value: string): string | null {
  if (part === 'year' && /^\d{4}$/.test(value)) return value;
  const month = part === 'month' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) return `${MONTHS[Number(month[2]) - 1]} ${month[1]}`;
  return null;
}

/** HAVING conditions as "keeping groups whose count is at least 10"; null when one of them is not understood. */
export function havingText(node: Node, scope: Scope, ctx: ReadingContext): string | null {
  const parts: string[] = [];
  for (const c of conjuncts(node)) {
    const op = String(c?.operator ?? '');
    if (c?.type !== 'binary_expr' || !SHORT.has(op)) return null;
    let [left, right, o] = [c.left, c.right, op];
    if (literal(left, ctx) && !literal(right, ctx)) [left, right, o] = [right, left, FLIPPED.get(op)!];
    const name =
      left?.type === 'column_ref' && !left.table ? String(left.column?.expr?.value ?? left.column).toLowerCase() : null;
    const aliased = name !== null ? scope.aliases.get(name) : undefined;
    const agg = aggregateOf(aliased ?? left, scope, ctx);
    const subject = agg ? aggregateNoun(agg, false) : operand(left, scope, ctx)?.words;
    const value = operand(right, scope, ctx);
    if (!subject || !value) return null;
    const words = value.literal ? SHORT.get(o) : LONG.get(o);
    parts.push(`${subject} is ${words ? `${words} ` : ''}${value.words}`);
  }
  return parts.length ? `keeping groups whose ${parts.join(' and ')}` : null;
}
