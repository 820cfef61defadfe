/**
 * The select list of a SQL reading (sql-reading.ts): each item as a column, an aggregate ("sum of total"), a share
 * (`100.0 * SUM(CASE WHEN c THEN 1 ELSE 0 END) / COUNT(*)` -> "the percentage ... with c"), an existence check, or a
 * computed value named by its expression or, failing that, its alias (window functions and computations over
 * aggregates known only by alias mark the reading partial).
 */
import { condition, conditionPhrases, type Conditions, type Phrase } from './sql-reading-conditions';
import { readFrom, subjectText, type Join } from './sql-reading-from';
import {
  aggregateOf,
  argsOf,
  columnTerm,
  expressionWords,
  functionName,
  nameOf,
  operand,
  words,
  type Aggregate,
  type Node,
  type ReadingContext,
  type Scope,
} from './sql-reading-phrases';

/** One item of the select list as read. */
export type Item =
  | { kind: 'star'; words: string | null }
  | { kind: 'column'; words: string; node: Node }
  | { kind: 'aggregate'; agg: Aggregate; node: Node }
  | { kind: 'percent'; phrase: Phrase; percent: boolean; node: Node }
  | { kind: 'value'; words: string; node: Node; aggregated: boolean }
  | { kind: 'check'; phrase: Phrase };

/** An item that measures its rows: an aggregate, a share, or a value computed from aggregates. */
export type Measure = Extract<Item, { kind: 'aggregate' | 'percent' | 'value' }>;

/** True for a {@link Measure}: a SELECT with one aggregates its rows (it counts, sums, ...) rather than listing them. */
export function isMeasure(i: Item): i is Measure {
  return i.kind === 'aggregate' || i.kind === 'percent' || (i.kind === 'value' && i.aggregated);
}

/** A SELECT read into its parts: scope, subject (tables and joins), conditions and select items. */
export interface SelectParts {
  scope: Scope;
  subject: string;
  joins: Join[];
  conditions: Conditions;
  items: Item[];
  correlated: boolean;
}

/**
 * Reads one SELECT's FROM clause (sql-reading-from.ts), its WHERE conditions as phrases and its select items; a CTE
 * marks the reading partial. `correlated` says whether it refers to `outer`'s rows.
 */
export function selectParts(ast: Node, outer: Scope | null, ctx: ReadingContext): SelectParts {
  if (Array.isArray(ast.with) && ast.with.length) ctx.partial = true;
  const from = readFrom(ast, outer, ctx);
  const conditions = conditionPhrases(from.conditions, from.scope, ctx);
  const items = (Array.isArray(ast.columns) ? ast.columns : []).map((c: Node) => itemOf(c, from.scope, ctx));
  const correlated = from.related > 0 || (outer !== null && refersOutward(ast, from.scope, ctx));
  return {
    scope: from.scope,
    subject: subjectText(from.scope.main, from.joins),
    joins: from.joins,
    conditions,
    items,
    correlated,
  };
}

/** True when a column reference below `ast` (outside nested subqueries' own tables) belongs to an enclosing SELECT. */
function refersOutward(ast: Node, scope: Scope, ctx: ReadingContext): boolean {
  let found = false;
  const seen = new Set<Node>();
  const visit = (node: Node): void => {
    if (found || node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    if (node.type === 'column_ref' && columnTerm(node, scope, ctx)?.outer) found = true;
    for (const key of ['where', 'left', 'right', 'expr', 'args', 'value', 'on', 'having']) visit(node[key]);
  };
  visit(ast);
  return found;
}

function itemOf(column: Node, scope: Scope, ctx: ReadingContext): Item {
  const expr = column?.expr;
  const alias = nameOf(column?.as);
  if (expr?.type === 'star' || (expr?.type === 'column_ref' && nameOf(expr.column) === '*')) {
    const owner = expr.table ? scope.sources.find((s) => s.key === String(nameOf(expr.table)).toLowerCase()) : null;
    return { kind: 'star', words: owner && owner !== scope.main ? `all ${owner.prefix} columns` : null };
  }
  if (column === '*' || expr === undefined) return { kind: 'star', words: null };
  const check = existsCheck(expr, scope, ctx);
  if (check) return { kind: 'check', phrase: check };
  const share = shareOf(expr, scope, ctx);
  if (share) return { kind: 'percent', ...share, node: expr };
  const inner = unwrapAggregate(expr);
  const agg = aggregateOf(inner, scope, ctx);
  if (agg) return { kind: 'aggregate', agg, node: expr };
  const aggregated = containsAggregate(expr);
  if (expr?.ast) {
    const reading = ctx.readSubquery(expr.ast, scope, ctx);
    if (reading?.value)
      return { kind: 'value', words: reading.value.replace(/^the /, ''), node: expr, aggregated: false };
  }
  if (expr?.type === 'column_ref' || expr?.type === 'double_quote_string' || expr?.type === 'backticks_quote_string') {
    const term = operand(expr, scope, ctx);
    if (term) return { kind: 'column', words: term.words, node: expr };
  }
  const text = expressionWords(expr, scope, ctx);
  if (text !== null && !hasWindow(expr)) return { kind: 'value', words: text, node: expr, aggregated };
  // known only by its alias: a window function, or a computation over aggregates or subqueries, is not described
  if (hasWindow(expr) || !alias || aggregated || hasSubquery(expr)) ctx.partial = true;
  return { kind: 'value', words: alias ? words(alias) : 'a computed value', node: expr, aggregated };
}

/** ROUND(x, n), CAST(x AS t) around an aggregate: the aggregate (a rounded average is still the average). */
export function unwrapAggregate(expr: Node): Node {
  if (expr?.type === 'cast') return unwrapAggregate(expr.expr);
  if (expr?.type === 'function' && functionName(expr) === 'round' && argsOf(expr).length >= 1)
    return unwrapAggregate(argsOf(expr)[0]);
  return expr;
}

/** True when an aggregate call sits in `node` (outside subqueries). */
export function containsAggregate(node: Node, seen = new Set<Node>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  if (node.type === 'aggr_func') return true;
  if (node.ast) return false;
  return Object.keys(node).some((k) => k !== 'loc' && containsAggregate(node[k], seen));
}

function hasSubquery(node: Node, seen = new Set<Node>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  if (node.ast) return true;
  return Object.keys(node).some((k) => k !== 'loc' && hasSubquery(node[k], seen));
}

function hasWindow(node: Node, seen = new Set<Node>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  if (node.type === 'window_func' || (node.over !== undefined && node.over !== null)) return true;
  if (node.ast) return false;
  return Object.keys(node).some((k) => k !== 'loc' && hasWindow(node[k], seen));
}

/** `CASE WHEN EXISTS (...) THEN ... ELSE ... END`: a yes/no check of the existence condition. */
function existsCheck(expr: Node, scope: Scope, ctx: ReadingContext): Phrase | null {
  if (expr?.type !== 'case' || expr.expr || !Array.isArray(expr.args)) return null;
  const whens = expr.args.filter((a: Node) => a?.type === 'when');
  if (whens.length !== 1) return null;
  const cond = whens[0].cond;
  const isExists =
    (cond?.type === 'function' && functionName(cond) === 'exists') ||
    (cond?.type === 'unary_expr' && /EXISTS$/i.test(String(cond.operator)));
  return isExists ? condition(cond, scope, ctx) : null;
}

/**
 * `100.0 * SUM(CASE WHEN c THEN 1 ELSE 0 END) / COUNT(*)` (or `COUNT(CASE WHEN c THEN 1 END)`, or
 * `AVG(CASE WHEN c THEN 1.0 ELSE 0 END)`, with or without the 100): the percentage or share of rows meeting c.
 */
function shareOf(expr: Node, scope: Scope, ctx: ReadingContext): { phrase: Phrase; percent: boolean } | null {
  let node = strip(expr);
  let percent = false;
  // a factor 100 makes a percentage; a factor 1.0 only makes the division a decimal one
  const hundred = (n: Node) => n?.type === 'number' && (Number(n.value) === 100 || Number(n.value) === 1);
  if (node?.type === 'binary_expr' && node.operator === '*' && (hundred(node.left) || hundred(node.right))) {
    percent = Number((hundred(node.left) ? node.left : node.right).value) === 100;
    node = strip(hundred(node.left) ? node.right : node.left);
  }
  let flag: Node = null;
  if (node?.type === 'binary_expr' && node.operator === '/') {
    let numerator = strip(node.left);
    if (
      numerator?.type === 'binary_expr' &&
      numerator.operator === '*' &&
      (hundred(numerator.left) || hundred(numerator.right))
    ) {
      percent = percent || Number((hundred(numerator.left) ? numerator.left : numerator.right).value) === 100;
      numerator = strip(hundred(numerator.left) ? numerator.right : numerator.left);
    }
    const denominator = strip(node.right);
    const all = denominator?.type === 'aggr_func' ? aggregateOf(denominator, scope, ctx) : null;
    const countsAll = !!all?.star && !all.filter;
    const fn = numerator?.type === 'aggr_func' ? String(nameOf(numerator.name) ?? numerator.name).toLowerCase() : '';
    if (!countsAll || (fn !== 'sum' && fn !== 'count')) return null;
    flag = caseFlag(numerator.args?.expr, fn === 'count');
  } else if (node?.type === 'aggr_func' && String(node.name).toLowerCase() === 'avg') {
    flag = caseFlag(node.args?.expr, false);
  }
  const phrase = flag ? condition(flag, scope, ctx) : null;
  return phrase ? { phrase, percent } : null;
}

/** CAST, NULLIF(x, 0) and parentheses around a value: the value. */
function strip(node: Node): Node {
  if (node?.type === 'cast') return strip(node.expr);
  if (node?.type === 'function' && functionName(node) === 'nullif' && argsOf(node).length === 2)
    return strip(argsOf(node)[0]);
  return node;
}

/** The condition of `CASE WHEN c THEN 1 ELSE 0 END` (ELSE absent allowed for COUNT); else null. */
function caseFlag(node: Node, forCount: boolean): Node {
  if (node?.type !== 'case' || node.expr || !Array.isArray(node.args)) return null;
  const whens = node.args.filter((a: Node) => a?.type === 'when');
  const otherwise = node.args.find((a: Node) => a?.type === 'else');
  const one = (n: Node) => n?.type === 'number' && Number(n.value) === 1;
  const zero = (n: Node) => n?.type === 'number' && Number(n.value) === 0;
  if (whens.length !== 1 || !one(whens[0].result)) return null;
  if (forCount ? otherwise && otherwise.result?.type !== 'null' : !otherwise || !zero(otherwise.result)) return null;
  return whens[0].cond;
}
