/**
 * The reading of an answer: what an executed SELECT computed, in one plain-English sentence, for
 * any provider's SQL. The statement is parsed with node-sql-parser in the dialect's grammar and its tree is read
 * clause by clause: FROM and joins (sql-reading-from.ts), WHERE (sql-reading-conditions.ts), the select list
 * (sql-reading-columns.ts), then GROUP BY, HAVING, ORDER BY and LIMIT/TOP here; names, values and expressions become
 * words in sql-reading-phrases.ts. What is not understood is left out and the reading ends with "(and more)", or a
 * condition is only counted: a reading may say less than the SQL does, never something else.
 */
import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { parseSql } from '@nlq/db-drivers';
import { containsAggregate, isMeasure, selectParts, unwrapAggregate, type SelectParts } from './sql-reading-columns';
import { condition, conditionText, havingText } from './sql-reading-conditions';
import { readFrom } from './sql-reading-from';
import {
  aggregateNoun,
  aggregateOf,
  columnTerm,
  cutList,
  expressionWords,
  formatCount,
  functionName,
  indexSchema,
  listWords,
  looksPlural,
  nameOf,
  operand,
  singular,
  words,
  type Aggregate,
  type ColumnTerm,
  type Node,
  type ReadingContext,
  type SchemaIndex,
  type Scope,
  type SubqueryReading,
} from './sql-reading-phrases';

/** Readings longer than this many characters are retold with less detail. */
const MAX_READING_CHARS = 300;
/** Subqueries nested deeper than this are not read. */
const MAX_DEPTH = 3;

/**
 * Describes what a SELECT computed, in one sentence ending with a period, at most about 300 characters, e.g.
 * `SELECT c.country, COUNT(*) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status = 'shipped' AND
 * o.order_date >= '2024-01-01' AND o.order_date < '2025-01-01' GROUP BY c.country ORDER BY COUNT(*) DESC` ->
 * "Counted orders joined to their customers, with status 'shipped' and order date in 2024, per customer country,
 * largest first."
 *
 * - `sql`: one statement in `dialect`'s spelling (`"x"`, backticks, SQL Server's `[x]` and TOP n).
 * - `schema` (optional): names joins by their foreign keys ("orders joined to their customers"; without it "joined
 *   with"), resolves unqualified columns, and gives column types (dates read "newest first", numbers "highest first").
 *
 * - `options.rowLimit`: the service's row limit (MAX_RESULT_ROWS); an outermost LIMIT at least this large is the cap
 *   every generator is asked to write, not part of the question, and is not described.
 *
 * Deterministic and pure. Returns null when the SQL does not parse (parseSql of @nlq/db-drivers), holds more than one
 * statement or is not a read (a write, DDL, SELECT ... INTO, a locking read). Never throws. Constructs it does not understand (window functions,
 * CTEs, set operations, CASE, unknown functions) are described as far as they can be, the rest is marked
 * "(and more)" or counted ("and 1 more condition"); long value lists are cut ("'a', 'b' or 3 more"); a reading over
 * the length limit is retold with briefer subqueries and lists, then with conditions only counted.
 */
export function describeSql(
  sql: string,
  dialect: Dialect,
  schema?: DatabaseSchema | null,
  options: { rowLimit?: number | null } = {},
): string | null {
  try {
    if (typeof sql !== 'string' || sql.trim() === '') return null;
    const statements = parseStatements(sql, dialect);
    if (!statements || statements.length !== 1 || !isRead(statements[0])) return null;
    const index = schema && Array.isArray(schema.tables) ? indexSchema(schema) : null;
    let reading: string | null = null;
    for (let level = 0; level <= 2; level++) {
      const ctx: ReadingContext = {
        dialect,
        schema: index,
        level,
        partial: false,
        depth: 0,
        readSubquery,
        readCondition,
        rowLimit: options.rowLimit ?? null,
      };
      const body = readStatement(statements[0], ctx);
      if (body === null) return null;
      reading = sentence(body, ctx.partial);
      if (reading.length <= MAX_READING_CHARS) return reading;
    }
    return reading === null ? null : shortest(statements[0], index, dialect);
  } catch {
    return null;
  }
}

/** The last resort for a reading still too long: the tables read, cut to a few. */
function shortest(ast: Node, index: SchemaIndex | null, dialect: Dialect): string {
  const ctx: ReadingContext = {
    dialect,
    schema: index,
    level: 2,
    partial: true,
    depth: 0,
    readSubquery,
    readCondition,
  };
  const names = readFrom(ast, null, ctx).scope.sources.map((s) => s.words);
  const unique = [...new Set(names)];
  return unique.length
    ? sentence(
        `Read ${cutList(
          unique.map((n) => (n.length > 40 ? `${n.slice(0, 39)}…` : n)),
          3,
        )}`,
        true,
      )
    : 'Computed values without reading a table (and more).';
}

function sentence(body: string, partial: boolean): string {
  const text = `${body}${partial ? ' (and more)' : ''}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * The parsed statements of `sql` by the project's one SQL parser (parseSql of @nlq/db-drivers: the dialect's
 * grammar, its fallback grammar, LIMIT expressions, and quoted identifiers the grammars misread put back through
 * placeholders), or null when it does not parse.
 */
function parseStatements(sql: string, dialect: Dialect): Node[] | null {
  const parsed = parseSql(sql, dialect);
  return parsed.ok ? parsed.statements.filter((s: Node) => s != null) : null;
}

const WRITE_TYPES = new Set([
  'insert',
  'update',
  'delete',
  'replace',
  'merge',
  'upsert',
  'create',
  'drop',
  'alter',
  'truncate',
]);

/** A SELECT with no INTO, no locking clause and no data-modifying statement anywhere inside. */
function isRead(ast: Node): boolean {
  if (ast?.type !== 'select') return false;
  let read = true;
  const seen = new Set<Node>();
  const visit = (node: Node): void => {
    if (!read || node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    if (
      node.type === 'select' &&
      (node.into?.expr || node.for_update || node.locking_read || node.for?.type === 'update')
    )
      read = false;
    if (
      typeof node.type === 'string' &&
      WRITE_TYPES.has(node.type.toLowerCase()) &&
      (node.table !== undefined || node.ast !== undefined)
    )
      read = false;
    for (const key of Object.keys(node)) if (key !== 'loc') visit(node[key]);
  };
  visit(ast);
  return read;
}

/** A statement, its set operations (UNION, ...) and CTEs noted as partial. */
function readStatement(ast: Node, ctx: ReadingContext): string | null {
  const body = readSelect(ast, ctx, null);
  if (body === null || !ast._next) return body;
  ctx.partial = true;
  const op = String(ast.set_op ?? 'union').toLowerCase();
  if (op.startsWith('union')) return `${body}, combined with the rows of another query`;
  if (op.startsWith('intersect')) return `${body}, keeping only rows another query also returns`;
  if (op.startsWith('except') || op.startsWith('minus')) return `${body}, leaving out rows another query returns`;
  return body;
}

/** The outermost SELECT as the body of the reading's sentence (no period), or null when it is not a SELECT. */
function readSelect(ast: Node, ctx: ReadingContext, outer: Scope | null): string | null {
  if (ast?.type !== 'select') return null;
  const parts = selectParts(ast, outer, ctx);
  // DISTINCT ON keeps one row per key, WITH ROLLUP adds subtotal rows: neither is told
  if (
    String(ast.distinct?.type ?? '').toUpperCase() === 'DISTINCT ON' ||
    (Array.isArray(ast.groupby?.modifiers) && ast.groupby.modifiers.some((m: Node) => m != null))
  )
    ctx.partial = true;
  if (!parts.scope.main) return readWithoutTables(parts, ctx);
  const filters = conditionText(parts.conditions, ctx.level);
  const rows = filters ? `${parts.subject}${parts.joins.length ? ', ' : ' '}${filters}` : parts.subject;
  const groups = groupColumns(ast);
  const aggregated = parts.items.some(isMeasure);
  const head = aggregated
    ? aggregateHead(parts, rows, filters, groups.length > 0)
    : listHead(parts, rows, isDistinct(ast) && groups.length === 0, ctx.level);
  const tail = [
    groups.length ? groupText(groups, parts, ctx) : null,
    ast.having ? (havingText(ast.having, parts.scope, ctx) ?? partialNote(ctx, 'keeping only some groups')) : null,
    orderText(ast, parts, ctx),
    limitText(ast, ctx),
  ].filter((t): t is string => !!t);
  return [head, ...tail].join(', ');
}

function partialNote(ctx: ReadingContext, text: string): string {
  ctx.partial = true;
  return text;
}

function isDistinct(ast: Node): boolean {
  const d = ast.distinct;
  return d === 'DISTINCT' || (typeof d === 'object' && d !== null && String(d.type ?? '').toUpperCase() === 'DISTINCT');
}

function groupColumns(ast: Node): Node[] {
  const g = ast.groupby;
  if (Array.isArray(g)) return g;
  return Array.isArray(g?.columns) ? g.columns : [];
}

/** A SELECT without FROM: an existence check, subquery values, or constants. */
function readWithoutTables(parts: SelectParts, ctx: ReadingContext): string | null {
  const check = parts.items.find((i) => i.kind === 'check');
  if (check && parts.items.length === 1) {
    const p = check.phrase;
    if (p.lead === 'provided') return `Checked whether ${p.body.replace(/^some /, 'any ')}`;
    return partialNote(ctx, 'Checked a condition');
  }
  const values = parts.items.map((i) => (i.kind === 'value' || i.kind === 'column' ? i.words : null));
  if (values.length && values.every((v) => v !== null))
    return `Computed ${listWords(values.map((v) => (/^\d|^'/.test(v!) ? v! : `the ${v}`)))}${values.every((v) => /^[\d'.-]/.test(v!)) ? ' without reading a table' : ''}`;
  return partialNote(ctx, 'Computed values');
}

/** The verb phrase of an aggregating SELECT: "Counted orders ...", "Summed total of orders ...", "Computed a, b and c of ...". */
function aggregateHead(parts: SelectParts, rows: string, filters: string, grouped: boolean): string {
  const measures = parts.items.filter(isMeasure);
  const main = parts.scope.main!;
  if (measures.length === 1) {
    const m = measures[0];
    if (m.kind === 'percent') {
      const what = m.percent ? 'percentage' : 'share';
      const cond = conditionText({ phrases: [m.phrase], unknown: 0 }, 0);
      return filters
        ? `Computed, among ${rows}, the ${what} ${cond}`
        : `Computed the ${what} of ${parts.subject} ${cond}`;
    }
    if (m.kind === 'aggregate') {
      const { agg } = m;
      const countsRows = agg.fn === 'count' && (agg.star || (agg.argIsKey && !agg.distinct));
      if (countsRows && agg.filter)
        return filters || grouped
          ? `Counted, among ${rows}, the rows ${agg.filter}`
          : `Counted ${looksPlural(main.words) ? rows : `the rows of ${rows}`} ${agg.filter}`;
      if (agg.filter) return `Computed ${aggregateNoun(agg, true)} of ${rows}`;
      if (countsRows) {
        const plainRows = parts.joins.every((j) => j.manyToOne && !j.outer) && looksPlural(main.words);
        return `Counted ${plainRows ? rows : `the rows of ${rows}`}`;
      }
      const verb = VERBS.get(agg.fn);
      if (verb && !agg.distinct) return `${verb(agg)} of ${rows}`;
      if (agg.fn === 'count') return `Counted the ${agg.distinct ? 'distinct ' : ''}${agg.arg} values of ${rows}`;
    }
  }
  const nouns = measures.map((m) =>
    m.kind === 'aggregate'
      ? aggregateNoun(m.agg, true)
      : m.kind === 'percent'
        ? `the ${m.percent ? 'percentage' : 'share'} of rows ${conditionText({ phrases: [m.phrase], unknown: 0 }, 0)}`
        : `the ${m.words}`,
  );
  return `Computed ${listWords(nouns)} of ${rows}`;
}

const VERBS = new Map<string, (a: Aggregate) => string>([
  ['sum', (a) => `Summed ${a.arg}`],
  ['avg', (a) => `Averaged ${a.arg}`],
  ['max', (a) => `Found the ${a.argKind === 'date' ? 'latest' : 'highest'} ${a.arg}`],
  ['min', (a) => `Found the ${a.argKind === 'date' ? 'earliest' : 'lowest'} ${a.arg}`],
  ['group_concat', (a) => `Collected ${a.arg}`],
  ['string_agg', (a) => `Collected ${a.arg}`],
]);

/** The verb phrase of a listing SELECT: "Listed customers ...", "Listed the name and price of products ...". */
function listHead(parts: SelectParts, rows: string, distinct: boolean, level: number): string {
  const { items } = parts;
  const main = parts.scope.main!;
  const whole = looksPlural(main.words) || parts.joins.length > 0 ? rows : `the rows of ${rows}`;
  if (items.length === 1 && items[0].kind === 'star' && items[0].words === null && !distinct) return `Listed ${whole}`;
  const columns = items.filter((i) => i.kind === 'column').map((i) => (i as { words: string }).words);
  const all =
    main.table &&
    parts.joins.length === 0 &&
    columns.length === items.length &&
    main.table.columns.length === columns.length &&
    main.table.columns.every((c) => columns.includes(words(c.name)));
  if (all && !distinct) return `Listed ${whole}`;
  const names = items.map((i) =>
    i.kind === 'star'
      ? (i.words ?? 'all columns')
      : i.kind === 'check'
        ? 'a check'
        : i.kind === 'aggregate'
          ? aggregateNoun(i.agg, false)
          : i.kind === 'percent'
            ? 'a percentage'
            : i.words,
  );
  const max = [4, 3, 2][Math.min(level, 2)];
  const shown =
    names.length <= max
      ? listWords(names)
      : `${names.slice(0, max - 1).join(', ')} and ${names.length - max + 1} more columns`;
  const article = /^(the|all) /.test(shown) ? '' : 'the ';
  return `Listed ${distinct ? 'the distinct ' : article}${distinct ? shown.replace(/^the /, '') : shown} of ${rows}`;
}

/** "per customer country", "per customer" (grouped by the customers' key), "per month of order date". */
function groupText(groups: Node[], parts: SelectParts, ctx: ReadingContext): string {
  const { scope } = parts;
  const columns: ColumnTerm[] = [];
  const phrases: string[] = [];
  for (const g of groups) {
    const node = resolveReference(g, parts, scope);
    const term = node?.type === 'column_ref' ? columnTerm(node, scope, ctx) : null;
    if (term) {
      columns.push(term);
      continue;
    }
    const text = expressionWords(node, scope, ctx) ?? aliasWords(g, scope);
    phrases.push(text ?? partialNote(ctx, 'a computed value'));
  }
  const keyed = new Set(columns.filter((c) => c.source && isKey(c)).map((c) => c.source!));
  const out: string[] = [];
  for (const c of columns) {
    if (c.source && keyed.has(c.source)) {
      const entity = c.source.prefix;
      if (!out.includes(entity)) out.push(entity);
    } else out.push(c.words);
  }
  return `per ${listWords([...out, ...phrases])}`;
}

/** The key column of its table: the schema's one-column primary key, else `id` or `<table>_id` by name. */
function isKey(c: ColumnTerm): boolean {
  if (!c.source) return false;
  const pk = c.source?.table?.primaryKey ?? [];
  if (pk.length === 1) return pk[0].toLowerCase() === c.name.toLowerCase();
  if (pk.length > 1) return false;
  return c.bare === 'id' || c.bare === `${singular(words(c.source.name))} id`;
}

/** A GROUP BY / ORDER BY reference resolved: position `2` -> the second select item, an alias -> its expression. */
function resolveReference(node: Node, parts: SelectParts, scope: Scope): Node {
  if (node?.type === 'number' && Number.isInteger(Number(node.value))) {
    const item = (Array.isArray(parts.items) ? parts.items : [])[Number(node.value) - 1];
    if (item && 'node' in item) return item.node;
  }
  if (node?.type === 'column_ref' && !node.table) {
    const name = String(nameOf(node.column) ?? '').toLowerCase();
    const aliased = scope.aliases.get(name);
    const isColumn = scope.sources.some((s) => s.table?.columns.some((c) => c.name.toLowerCase() === name));
    if (
      aliased !== undefined &&
      !isColumn &&
      !(aliased?.type === 'column_ref' && String(nameOf(aliased.column)).toLowerCase() === name)
    )
      return aliased;
  }
  return node;
}

function aliasWords(node: Node, scope: Scope): string | null {
  const name = node?.type === 'column_ref' && !node.table ? String(nameOf(node.column) ?? '') : '';
  return name && scope.aliases.has(name.toLowerCase()) ? words(name) : null;
}

/** "largest first", "newest first", "by name", "by rating, highest first, then by name". */
function orderText(ast: Node, parts: SelectParts, ctx: ReadingContext): string | null {
  const keys: Node[] = Array.isArray(ast.orderby) ? ast.orderby : [];
  if (keys.length === 0) return null;
  const measures = parts.items.filter(isMeasure);
  const phrases: string[] = [];
  let understood = true;
  keys.forEach((key, k) => {
    if (!understood) return;
    const desc = String(key?.type ?? '').toUpperCase() === 'DESC';
    if (nullsPlacement(key?.expr)) return; // where NULLs go, like NULLS FIRST/LAST, is left out
    const node = resolveReference(key?.expr, parts, parts.scope);
    const fn = node?.type === 'function' ? functionName(node) : null;
    if (fn === 'random' || fn === 'rand' || fn === 'newid') {
      phrases.push('in random order');
      return;
    }
    const agg = aggregateOf(unwrapAggregate(node), parts.scope, ctx);
    if (agg || containsAggregate(node)) {
      const single = k === 0 && measures.length === 1 && sameNode(measures[0].node, node);
      const noun = agg
        ? aggregateNoun(agg, true)
        : `the ${expressionWords(node, parts.scope, ctx) ?? aliasWords(key?.expr, parts.scope) ?? 'computed value'}`;
      phrases.push(
        single ? (desc ? 'largest first' : 'smallest first') : `by ${noun}, ${desc ? 'largest' : 'smallest'} first`,
      );
      return;
    }
    const term = operand(node, parts.scope, ctx);
    const text = term?.words ?? aliasWords(key?.expr, parts.scope);
    if (!text) {
      // the keys after one not understood are secondary to it: not described
      ctx.partial = true;
      understood = false;
      return;
    }
    const kind = term?.column && isKey(term.column) ? 'unknown' : (term?.kind ?? 'unknown');
    if (kind === 'date')
      phrases.push(
        keys.length === 1
          ? desc
            ? 'newest first'
            : 'oldest first'
          : `by ${text}, ${desc ? 'newest' : 'oldest'} first`,
      );
    else if (kind === 'number') phrases.push(`by ${text}, ${desc ? 'highest' : 'lowest'} first`);
    else phrases.push(`by ${text}${desc ? ', descending' : ''}`);
  });
  if (phrases.length === 0) return null;
  return phrases
    .map((p, i) => (i === 0 ? p : `then ${p.startsWith('by ') || p.startsWith('in ') ? p : `by ${p}`}`))
    .join(', ');
}

/** `CASE WHEN x IS NULL THEN 1 ELSE 0 END`: an ORDER BY key that only places NULLs first or last. */
function nullsPlacement(node: Node): boolean {
  if (node?.type !== 'case' || node.expr || !Array.isArray(node.args) || node.args.length !== 2) return false;
  const [when, otherwise] = node.args;
  const isNull =
    when?.type === 'when' &&
    when.cond?.type === 'binary_expr' &&
    String(when.cond.operator).toUpperCase() === 'IS' &&
    when.cond.right?.type === 'null';
  return isNull && when.result?.type === 'number' && otherwise?.type === 'else' && otherwise.result?.type === 'number';
}

function sameNode(a: Node, b: Node): boolean {
  const plain = (n: Node) => JSON.stringify(n, (k, v) => (k === 'loc' ? undefined : v));
  return a === b || plain(a) === plain(b) || plain(unwrapAggregate(a)) === plain(unwrapAggregate(b));
}

/** "top 5", "first 1,000 rows", "at most 1,000 rows", "skipping the first 10". */
function limitText(ast: Node, ctx: ReadingContext): string | null {
  let count: Node = null;
  let offset: Node = null;
  const limit = ast.limit;
  if (limit && Array.isArray(limit.value) && limit.value.length) {
    const sep = String(limit.seperator ?? limit.separator ?? '').toLowerCase();
    if (sep === ',' && limit.value.length === 2) [offset, count] = limit.value;
    else [count, offset] = limit.value;
  } else if (limit && (limit.fetch || limit.offset)) {
    count = limit.fetch?.value ?? null;
    offset = limit.offset?.value ?? null;
  }
  const ordered = Array.isArray(ast.orderby) && ast.orderby.length > 0;
  const firstDesc = ordered && String(ast.orderby[0]?.type ?? '').toUpperCase() === 'DESC';
  const out: string[] = [];
  if (ast.top?.value !== undefined && ast.top?.value !== null)
    count = { type: 'number', value: ast.top.value, percent: !!ast.top.percent };
  const capOnly = (n: number) =>
    ctx.depth === 0 && typeof ctx.rowLimit === 'number' && n >= ctx.rowLimit && !count?.percent;
  if (count) {
    const n = count.type === 'number' ? Number(count.value) : NaN;
    if (!Number.isFinite(n)) ctx.partial = true;
    else if (capOnly(n)) {
      // the service's row cap, not the question's: the answer says when it cut rows
    } else if (count.percent) out.push(`${firstDesc ? 'top' : 'first'} ${n} percent`);
    else if (ordered && n === 1) out.push(`${firstDesc ? 'top' : 'first'} row only`);
    else if (ordered && n <= 100) out.push(`${firstDesc ? 'top' : 'first'} ${formatCount(n)}`);
    else out.push(`${ordered ? 'first' : 'at most'} ${formatCount(n)} row${n === 1 ? '' : 's'}`);
  }
  if (offset) {
    const n = offset.type === 'number' ? Number(offset.value) : NaN;
    if (!Number.isFinite(n)) ctx.partial = true;
    else if (n > 0) out.push(`skipping the first ${formatCount(n)}`);
  }
  return out.length ? out.join(', ') : null;
}

/** One condition as words for a conditional aggregate (see ReadingContext.readCondition). */
function readCondition(node: Node, scope: Scope, ctx: ReadingContext): string | null {
  const phrase = condition(node, scope, ctx);
  return phrase ? conditionText({ phrases: [phrase], unknown: 0 }, 0) : null;
}

/** Reads a subquery of a condition or select item (see {@link SubqueryReading}); null when it cannot. */
function readSubquery(ast: Node, outer: Scope, ctx: ReadingContext): SubqueryReading | null {
  if (ast?.type !== 'select' || ast._next || ctx.depth >= MAX_DEPTH || ctx.level >= 2) return null;
  ctx.depth++;
  try {
    const parts = selectParts(ast, outer, ctx);
    if (!parts.scope.main || groupColumns(ast).length || ast.having) return null;
    if (ast.limit?.value?.length || ast.top) ctx.partial = true;
    let rows = parts.subject;
    const filters = conditionText(parts.conditions, ctx.level);
    if (filters && ctx.level >= 1) ctx.partial = true;
    else if (filters) rows = `${rows}${parts.joins.length ? ', ' : ' '}${filters}`;
    const only = parts.items.length === 1 ? parts.items[0] : null;
    let value: string | null = null;
    let column: string | null = null;
    let countsRows = false;
    if (only?.kind === 'aggregate') {
      countsRows =
        only.agg.fn === 'count' && !only.agg.filter && (only.agg.star || (only.agg.argIsKey && !only.agg.distinct));
      value = countsRows ? `the number of ${rows}` : `${aggregateNoun(only.agg, true)} of ${rows}`;
    } else if (only?.kind === 'column' || (only?.kind === 'value' && !only.aggregated)) {
      column = only.words;
      value = `the ${only.words} of ${rows}`;
    }
    if (isDistinct(ast) && column) value = `the distinct ${column} of ${rows}`;
    return { rows, value, column, countsRows, correlated: parts.correlated };
  } finally {
    ctx.depth--;
  }
}
