/**
 * The words of a SQL reading (sql-reading.ts) and the types its parts share: plain names of tables and columns
 * (`order_items` -> "order items"), columns resolved to the tables in scope, literal values, simple expressions and
 * aggregates ("sum of total"). Everything reads a node-sql-parser 5.x AST loosely (its shapes differ per grammar) and
 * answers null for what it does not understand, so the reading can say less instead of something false.
 */
import type { DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import { functionName, identName as nameOf } from '@nlq/db-drivers';

/** A node-sql-parser AST node, read loosely. */
export type Node = any;

/** One FROM item in scope: a table or view of the database, a CTE, or a derived table. */
export interface Source {
  /** Alias, else the table name; lower case (how column references name it). */
  key: string;
  /** The table name as written (without schema). */
  name: string;
  /** The name in plain words: `order_items` -> "order items" ("employees e" for one side of a self-join). */
  words: string;
  /** The words that qualify its columns: "order item" (`order item quantity`), "employee e". */
  prefix: string;
  /** The table in the schema, when a schema was given and has it. */
  table: TableSchema | null;
  kind: 'table' | 'cte' | 'derived';
}

/** The FROM items of one SELECT, its main (first) table and the enclosing SELECT's scope (for correlated subqueries). */
export interface Scope {
  sources: Source[];
  main: Source | null;
  parent: Scope | null;
  /** Select-list aliases (lower case) -> their expressions, for ORDER BY, GROUP BY and HAVING. */
  aliases: Map<string, Node>;
  /** Column names (lower case) this SELECT names in two or more of its tables: always said with their table. */
  shared: Set<string>;
}

/** What a subquery reads, for a condition: its rows ("orders with status 'x'") and its one value, when it has one. */
export interface SubqueryReading {
  /** The rows it reads, filters included, e.g. `orders with status 'shipped'`. */
  rows: string;
  /** Its single selected value as a noun phrase (`the highest population of state`), or null. */
  value: string | null;
  /** The words of its single selected column when that is a plain column (`border`), else null. */
  column: string | null;
  /** True when it selects exactly COUNT(*). */
  countsRows: boolean;
  /** True when it refers to the outer row (a correlated subquery). */
  correlated: boolean;
}

/** Settings and findings of one reading. */
export interface ReadingContext {
  dialect: Dialect;
  schema: SchemaIndex | null;
  /** 0 full detail; 1 brief subqueries and shorter lists; 2 conditions only counted. */
  level: number;
  /** Set when something was left out of the reading: it ends with "(and more)". */
  partial: boolean;
  /** Subquery nesting depth of the node being read. */
  depth: number;
  /**
   * The service's row limit (MAX_RESULT_ROWS): an outermost LIMIT at least this large is the cap every generator is
   * asked to write, not part of the question, and is left out (the answer's honest count says when it cut rows).
   */
  rowLimit?: number | null;
  /** Reads a subquery (the SELECT reader of sql-reading.ts), or null when it cannot. */
  readSubquery(ast: Node, outer: Scope, ctx: ReadingContext): SubqueryReading | null;
  /** One condition as words, "with status 'shipped'" (sql-reading-conditions.ts), or null when it is not understood. */
  readCondition(node: Node, scope: Scope, ctx: ReadingContext): string | null;
}

/** The schema's tables by lower-case name (several when namespaces repeat a name). */
export type SchemaIndex = Map<string, TableSchema[]>;

/** Builds the lookup of {@link SchemaIndex} from a schema. */
export function indexSchema(schema: DatabaseSchema): SchemaIndex {
  const index: SchemaIndex = new Map();
  for (const t of schema.tables ?? []) {
    const key = String(t.name).toLowerCase();
    index.set(key, [...(index.get(key) ?? []), t]);
  }
  return index;
}

/** The table named `name` (in namespace `db` when given and present), or null. */
export function findTable(index: SchemaIndex | null, name: string, db: string | null): TableSchema | null {
  const found = index?.get(name.toLowerCase());
  if (!found || found.length === 0) return null;
  if (db) return found.find((t) => (t.schema ?? '').toLowerCase() === db.toLowerCase()) ?? found[0];
  return found[0];
}

/**
 * The text of an identifier in any of node-sql-parser's shapes, and the lower-case name of a function call: the
 * parser's own readers (identName, functionName of @nlq/db-drivers).
 */
export { identName as nameOf, functionName } from '@nlq/db-drivers';

/** The argument list of a function call node. */
export function argsOf(node: Node): Node[] {
  const args = node?.args;
  if (Array.isArray(args)) return args;
  if (Array.isArray(args?.value)) return args.value;
  if (args?.expr !== undefined) return [args.expr];
  return [];
}

/**
 * A plain name in words: `order_items` -> "order items", `InvoiceDate` -> "invoice date", `CITY_NAME` -> "city name",
 * `HTMLParser` -> "html parser" (an upper-case run is split before its last capital only in names without separators).
 */
export function words(name: string): string {
  const separated = /[^\p{L}\p{N}]/u.test(name);
  const spaced = name
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, separated ? '$1$2' : '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
  return spaced || name;
}

/** Words ending in s that are their own singular. */
const SAME_IN_PLURAL = new Set(['news', 'series', 'species']);

/**
 * The last word of `text` made singular by the common English endings: "categories" -> "category", "orders" ->
 * "order", "movies" -> "movie", "statuses" -> "status"; "series" stays.
 */
export function singular(text: string): string {
  const parts = text.split(' ');
  const last = parts[parts.length - 1];
  let one = last;
  if (SAME_IN_PLURAL.has(last)) one = last;
  else if (/[kv]ies$/.test(last)) one = last.slice(0, -1);
  else if (/ies$/.test(last) && last.length > 4) one = `${last.slice(0, -3)}y`;
  else if (/(ss|us|is)$/.test(last)) one = last;
  else if (/(sses|xes|ches|shes|uses)$/.test(last)) one = last.slice(0, -2);
  else if (/s$/.test(last) && last.length > 2) one = last.slice(0, -1);
  parts[parts.length - 1] = one;
  return parts.join(' ');
}

/** True when the last word looks plural ("orders", "order items"; not "status", "city"). */
export function looksPlural(text: string): boolean {
  return singular(text) !== text;
}

/** "a" or "an" before a word. */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** `a`, `a and b`, `a, b and c` (with `joiner` instead of "and" when given). */
export function listWords(items: string[], joiner = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

/** Items listed with at most `max` shown and the rest counted: `'a', 'b' or 3 more`. */
export function cutList(items: string[], max: number, joiner = 'and'): string {
  if (items.length <= max) return listWords(items, joiner);
  return `${items.slice(0, max).join(', ')} ${joiner} ${items.length - max} more`;
}

/** An integer with thousands separators: 1000 -> "1,000". */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** How a value or column compares: dates read "before/after", numbers "over/under". */
export type ValueKind = 'number' | 'date' | 'text' | 'bool' | 'null' | 'unknown';

/** A literal value of a condition: its text for the reading and its kind. */
export interface Literal {
  text: string;
  raw: string | number | boolean | null;
  kind: ValueKind;
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;
const MAX_VALUE_CHARS = 40;

/** A literal node as a {@link Literal}; null when the node is not a literal. Strings keep their quotes. */
export function literal(node: Node, ctx: ReadingContext): Literal | null {
  const type = node?.type;
  if (type === 'number') {
    const raw = typeof node.value === 'number' ? node.value : Number(node.value);
    return { text: String(node.value), raw, kind: 'number' };
  }
  if (type === 'bool' || type === 'boolean')
    return { text: node.value ? 'true' : 'false', raw: !!node.value, kind: 'bool' };
  if (type === 'null') return { text: 'null', raw: null, kind: 'null' };
  if (
    ['single_quote_string', 'string', 'natural_string', 'var_string', 'regex_string'].includes(type) &&
    typeof node.value === 'string'
  ) {
    let value = node.value.replace(/''/g, "'");
    if (ctx.dialect === 'mysql' || ctx.dialect === 'mariadb') value = value.replace(/\\(['"\\])/g, '$1');
    if (DATE_LIKE.test(value)) return { text: value, raw: value, kind: 'date' };
    return { text: `'${clip(value)}'`, raw: value, kind: 'text' };
  }
  if (['date', 'datetime', 'timestamp', 'time'].includes(type) && typeof node.value === 'string') {
    return { text: node.value, raw: node.value, kind: 'date' };
  }
  if (type === 'unary_expr' && node.operator === '-' && node.expr?.type === 'number') {
    return { text: `-${node.expr.value}`, raw: -Number(node.expr.value), kind: 'number' };
  }
  return null;
}

function clip(value: string): string {
  return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS - 1)}…` : value;
}

/** SQLite (legacy double-quoted strings) and MySQL/MariaDB (strings unless ANSI_QUOTES) may read `"x"` as a string. */
export function doubleQuotesMayBeString(dialect: Dialect): boolean {
  return dialect === 'sqlite' || dialect === 'mysql' || dialect === 'mariadb';
}

/** A double-quoted token read as a string (see {@link operand}): shown as written, quotes included. */
function quotedAsWritten(value: string): Literal {
  return { text: `"${clip(value)}"`, raw: value, kind: DATE_LIKE.test(value) ? 'date' : 'text' };
}

/** A column reference resolved in scope: its words (qualified when not of the main table), owner and kind. */
export interface ColumnTerm {
  /** Words for the reading: `customer country` for `c.country` of a joined customers table. */
  words: string;
  /** The column's own words, unqualified. */
  bare: string;
  name: string;
  source: Source | null;
  /** True when the owner is a table of an enclosing SELECT (a correlated reference). */
  outer: boolean;
  kind: ValueKind;
  /** The declared type when the schema has the column. */
  type: string | null;
}

/** The column named by a column_ref node or identifier token, resolved in `scope` (and enclosing scopes); null if none. */
export function columnTerm(node: Node, scope: Scope, ctx: ReadingContext): ColumnTerm | null {
  let name: string | null = null;
  let qualifier: string | null = null;
  if (node?.type === 'column_ref') {
    name = nameOf(node.column);
    qualifier = nameOf(node.table);
  } else if (node?.type === 'double_quote_string' || node?.type === 'backticks_quote_string') {
    name = typeof node.value === 'string' ? node.value : null;
  }
  if (!name || name === '*') return null;
  const wanted = qualifier?.toLowerCase() ?? null;
  let source: Source | null = null;
  let outer = false;
  for (let s: Scope | null = scope, level = 0; s && !source; s = s.parent, level++) {
    source = wanted
      ? (s.sources.find((x) => x.key === wanted) ?? s.sources.find((x) => x.name.toLowerCase() === wanted) ?? null)
      : ownerOf(name, s, ctx);
    if (source && level > 0) outer = true;
  }
  const bare = words(name);
  const column = source?.table?.columns.find((c) => c.name.toLowerCase() === name!.toLowerCase()) ?? null;
  // SQLite keeps dates in TEXT columns: a text column named like a date (`order_date`, `created_at`) reads as one
  const declared = column ? kindOfType(column.type) : 'unknown';
  const kind =
    declared === 'text' || declared === 'unknown' ? (kindOfName(bare) === 'date' ? 'date' : declared) : declared;
  let phrase = bare;
  if (source && outer) phrase = `the ${source.prefix}'s ${bare}`;
  else if (source && scope.sources.length > 1) {
    const lower = name.toLowerCase();
    const shared =
      scope.shared.has(lower) ||
      scope.sources.some((s) => s !== source && s.table?.columns.some((c) => c.name.toLowerCase() === lower));
    const prefix = source.prefix;
    if ((source !== scope.main || shared) && !bare.startsWith(prefix)) phrase = `${prefix} ${bare}`;
    else if (shared) phrase = `${prefix}'s ${bare}`;
  }
  return { words: phrase, bare, name, source, outer, kind, type: column?.type ?? null };
}

/** The one source of `scope` owning a column `name` (by the schema, or the only source); null when unknown. */
function ownerOf(name: string, scope: Scope, ctx: ReadingContext): Source | null {
  const lower = name.toLowerCase();
  const owners = ctx.schema
    ? scope.sources.filter((s) => s.table?.columns.some((c) => c.name.toLowerCase() === lower))
    : [];
  if (owners.length === 1) return owners[0];
  if (owners.length === 0 && scope.sources.length === 1 && !(ctx.schema && scope.sources[0].table && scope.parent))
    return scope.sources[0];
  return null;
}

/** The kind of a declared column type. */
export function kindOfType(type: string): ValueKind {
  if (/bool/i.test(type)) return 'bool';
  if (/date|time|year/i.test(type)) return 'date';
  if (/int|numeric|decimal|real|double|float|number|money|serial/i.test(type)) return 'number';
  if (/char|text|string|clob/i.test(type)) return 'text';
  return 'unknown';
}

/**
 * The kind suggested by a column's words when its type is unknown: `order date`, `shipped at`, `start dt` are dates;
 * `minimum connect time` (a duration), `last update` and `candidate` are not.
 */
function kindOfName(phrase: string): ValueKind {
  return /(^| )(date|timestamp|datetime|at|dt)$/.test(phrase) ? 'date' : 'unknown';
}

/** One side of a comparison: a column, a literal, or another simple expression, in words. */
export interface Operand {
  words: string;
  kind: ValueKind;
  column: ColumnTerm | null;
  literal: Literal | null;
}

/**
 * An expression operand. Double-quoted tokens follow the dialect: a string in MySQL/MariaDB; in SQLite a column when
 * the schema has it in scope, else shown as written (`"texas"`, true whether SQLite reads it as a name or, by its
 * legacy rule, as a string); a name elsewhere. Select-list aliases are not resolved here: they are visible only in
 * ORDER BY, GROUP BY and HAVING, which sql-reading.ts and havingText resolve themselves.
 */
export function operand(node: Node, scope: Scope, ctx: ReadingContext): Operand | null {
  if (node == null) return null;
  const fromColumn = (column: ColumnTerm | null): Operand | null =>
    column ? { words: column.words, kind: column.kind, column, literal: null } : null;
  const fromLiteral = (value: Literal): Operand => ({
    words: value.text,
    kind: value.kind,
    column: null,
    literal: value,
  });
  const quoted =
    node.type === 'double_quote_string'
      ? node.value
      : node.type === 'column_ref' && !node.table && node.column?.expr?.type === 'double_quote_string'
        ? node.column.expr.value
        : null;
  if (typeof quoted === 'string' && doubleQuotesMayBeString(ctx.dialect)) {
    if (ctx.dialect !== 'sqlite' || !resolvesInSchema(quoted, scope, ctx)) return fromLiteral(quotedAsWritten(quoted));
    return fromColumn(columnTerm({ type: 'column_ref', table: null, column: quoted }, scope, ctx));
  }
  if (node.type === 'column_ref' || node.type === 'double_quote_string' || node.type === 'backticks_quote_string')
    return fromColumn(columnTerm(node, scope, ctx));
  const value = literal(node, ctx);
  if (value) return fromLiteral(value);
  const text = expressionWords(node, scope, ctx);
  return text ? { words: text, kind: 'unknown', column: null, literal: null } : null;
}

/** True when a table in scope has a column of that name in the schema (false without a schema). */
function resolvesInSchema(name: string, scope: Scope, ctx: ReadingContext): boolean {
  if (!ctx.schema) return false;
  const lower = name.toLowerCase();
  for (let s: Scope | null = scope; s; s = s.parent) {
    if (s.sources.some((src) => src.table?.columns.some((c) => c.name.toLowerCase() === lower))) return true;
  }
  return false;
}

const ARITHMETIC = new Map([
  ['*', 'times'],
  ['/', 'divided by'],
  ['+', 'plus'],
  ['-', 'minus'],
]);

/** Date parts that functions extract (strftime formats, EXTRACT/DATEPART fields, date_trunc units), as words. */
const DATE_PARTS = new Map([
  ['%y', 'year'],
  ['%y-%m', 'month'],
  ['%y-%m-%d', 'day'],
  ['%m', 'month number'],
  ['year', 'year'],
  ['yyyy', 'year'],
  ['yyyy-mm', 'month'],
  ['month', 'month'],
  ['day', 'day'],
  ['quarter', 'quarter'],
  ['week', 'week'],
]);

/** The date part and column of `strftime('%Y', c)`, `YEAR(c)`, `EXTRACT(YEAR FROM c)`, `date_trunc('month', c)`, ... */
export function datePart(node: Node, scope: Scope, ctx: ReadingContext): { part: string; column: ColumnTerm } | null {
  if (node?.type === 'extract') {
    const column = columnTerm(node.args?.source, scope, ctx);
    const part = DATE_PARTS.get(String(node.args?.field ?? '').toLowerCase());
    return column && part ? { part, column } : null;
  }
  if (node?.type !== 'function') return null;
  const fn = functionName(node);
  const args = argsOf(node);
  if (fn === 'year' || fn === 'month' || fn === 'day') {
    const column = args.length === 1 ? columnTerm(args[0], scope, ctx) : null;
    return column ? { part: fn === 'month' ? 'month number' : fn, column } : null;
  }
  if (
    (fn === 'strftime' || fn === 'date_trunc' || fn === 'date_part' || fn === 'datepart' || fn === 'to_char') &&
    args.length === 2
  ) {
    const [format, value] = fn === 'to_char' ? [args[1], args[0]] : args;
    const text = (typeof format?.value === 'string' ? format.value : nameOf(format))?.toLowerCase();
    const column = columnTerm(value, scope, ctx);
    const part = text ? DATE_PARTS.get(text) : undefined;
    return column && part ? { part, column } : null;
  }
  return null;
}

/**
 * A simple expression in words: a column, a literal, arithmetic of those, a date part, CAST, ROUND, ABS, today, an
 * aggregate (`sum of total`); null for anything else (unknown functions, CASE, window functions, subqueries).
 */
export function expressionWords(node: Node, scope: Scope, ctx: ReadingContext): string | null {
  if (node == null) return null;
  if (node.type === 'column_ref' || node.type === 'double_quote_string' || node.type === 'backticks_quote_string')
    return operand(node, scope, ctx)?.words ?? null;
  const value = literal(node, ctx);
  if (value) return value.text;
  if (node.type === 'cast') return expressionWords(node.expr, scope, ctx);
  if (node.type === 'binary_expr' && ARITHMETIC.has(node.operator)) {
    const left = expressionWords(node.left, scope, ctx);
    if (node.right?.type === 'interval') {
      const interval = intervalWords(node.right);
      return left && interval ? `${interval} ${node.operator === '-' ? 'before' : 'after'} ${left}` : null;
    }
    // words have no parentheses: a nested operation is read only when it is the same associative one (a * b * c)
    const nested = (n: Node) =>
      n?.type === 'binary_expr' &&
      ARITHMETIC.has(n.operator) &&
      !(n.operator === node.operator && (n.operator === '*' || n.operator === '+'));
    if (nested(node.left) || nested(node.right)) return null;
    const right = expressionWords(node.right, scope, ctx);
    return left && right ? `${left} ${ARITHMETIC.get(node.operator)} ${right}` : null;
  }
  const part = datePart(node, scope, ctx);
  if (part) return `${part.part} of ${part.column.words}`;
  if (node.type === 'aggr_func' && !node.over) {
    const agg = aggregateOf(node, scope, ctx);
    return agg ? aggregateNoun(agg, false) : null;
  }
  if (node.type === 'function') return functionWords(node, scope, ctx);
  return null;
}

function intervalWords(node: Node): string | null {
  const value =
    typeof node?.expr?.value === 'string' || typeof node?.expr?.value === 'number' ? String(node.expr.value) : null;
  if (!value) return null;
  const unit = String(node.unit ?? '').toLowerCase();
  return unit ? `${value} ${unit}${value === '1' ? '' : 's'}` : value;
}

const TODAY = new Set(['current_date', 'curdate', 'today', 'sysdate', 'getdate']);
const NOW = new Set(['current_timestamp', 'now', 'localtimestamp', 'sysdatetime', 'getutcdate']);

function functionWords(node: Node, scope: Scope, ctx: ReadingContext): string | null {
  const fn = functionName(node);
  const args = argsOf(node);
  if (fn === null) return null;
  if (TODAY.has(fn) && args.length === 0) return 'today';
  if (NOW.has(fn) && args.length === 0) return 'now';
  if ((fn === 'date' || fn === 'datetime') && args[0]?.value === 'now') {
    const base = fn === 'date' ? 'today' : 'now';
    if (args.length === 1) return base;
    const shift =
      args.length === 2 && typeof args[1]?.value === 'string'
        ? /^([+-])\s*(\d+)\s+([a-z]+?)s?$/i.exec(args[1].value.trim())
        : null;
    if (!shift) return null;
    return `${shift[2]} ${shift[3].toLowerCase()}${shift[2] === '1' ? '' : 's'} ${shift[1] === '-' ? 'before' : 'after'} ${base}`;
  }
  // NULLIF(x, 0) only turns a zero divisor into NULL: read as x
  if (fn === 'nullif' && args.length === 2 && args[1]?.type === 'number' && Number(args[1].value) === 0)
    return expressionWords(args[0], scope, ctx);
  if ((fn === 'round' || fn === 'abs') && args.length >= 1 && args.length <= 2) {
    const inner = expressionWords(args[0], scope, ctx);
    return inner ? `${fn === 'round' ? 'rounded' : 'absolute'} ${inner}` : null;
  }
  return null;
}

/** An aggregate call: its function (lower case), argument in words and whether it counts rows or distinct values. */
export interface Aggregate {
  fn: string;
  star: boolean;
  distinct: boolean;
  /** The argument in words; "a computed value" when it is not understood (the reading is then marked partial). */
  arg: string;
  argKind: ValueKind;
  /** True when the argument is the primary key of the main table (COUNT of it counts the rows). */
  argIsKey: boolean;
  /** The plural words of the table whose primary key is the argument (COUNT(DISTINCT key) counts those), else null. */
  keyOf: string | null;
  /** The condition of a conditional aggregate, `COUNT(CASE WHEN c THEN x END)`: "with status 'shipped'"; else null. */
  filter: string | null;
}

/** The aggregate of an `aggr_func` node (not a window function); null for anything else. */
export function aggregateOf(node: Node, scope: Scope, ctx: ReadingContext): Aggregate | null {
  if (node?.type !== 'aggr_func' || node.over) return null;
  const fn = String(typeof node.name === 'string' ? node.name : (nameOf(node.name) ?? '')).toLowerCase();
  const argNode = node.args?.expr;
  const star = argNode?.type === 'star' || (argNode?.type === 'column_ref' && nameOf(argNode.column) === '*');
  const distinct = String(node.args?.distinct ?? '').toUpperCase() === 'DISTINCT';
  if (star) return { fn, star, distinct, arg: 'rows', argKind: 'unknown', argIsKey: false, keyOf: null, filter: null };
  const conditional = caseWhen(argNode, fn);
  const filter = conditional ? ctx.readCondition(conditional.cond, scope, ctx) : null;
  const valueNode = filter ? conditional!.result : argNode;
  const constant = filter ? literal(valueNode, ctx) : null;
  // COUNT(CASE WHEN c THEN 1 END) and SUM(CASE WHEN c THEN 1 ELSE 0 END) count the rows meeting c
  if (filter && constant && !distinct && (fn === 'count' || (fn === 'sum' && constant.raw === 1))) {
    return {
      fn: 'count',
      star: true,
      distinct: false,
      arg: 'rows',
      argKind: 'unknown',
      argIsKey: false,
      keyOf: null,
      filter,
    };
  }
  const arg = operand(valueNode, scope, ctx);
  if (!arg) ctx.partial = true;
  const column = arg?.column ?? null;
  const key = column?.source?.table?.primaryKey ?? [];
  // the key of the main table counts its rows (a key of a joined table may be NULL on an outer join's missing side)
  const argIsKey =
    !!column && column.source === scope.main && key.length === 1 && key[0].toLowerCase() === column.name.toLowerCase();
  const keyOf =
    !!column?.source &&
    key.length === 1 &&
    key[0].toLowerCase() === column.name.toLowerCase() &&
    looksPlural(column.source.words)
      ? column.source.words
      : null;
  return {
    fn,
    star,
    distinct,
    arg: arg?.words ?? 'a computed value',
    argKind: arg?.kind ?? 'unknown',
    argIsKey,
    keyOf,
    filter,
  };
}

/** `CASE WHEN c THEN x END` (ELSE NULL, or ELSE 0 for SUM, allowed): its condition and result; else null. */
function caseWhen(node: Node, fn: string): { cond: Node; result: Node } | null {
  if (node?.type !== 'case' || node.expr || !Array.isArray(node.args)) return null;
  const whens = node.args.filter((a: Node) => a?.type === 'when');
  const otherwise = node.args.find((a: Node) => a?.type === 'else');
  const neutral =
    !otherwise ||
    otherwise.result?.type === 'null' ||
    (fn === 'sum' && otherwise.result?.type === 'number' && Number(otherwise.result.value) === 0);
  return whens.length === 1 && neutral ? { cond: whens[0].cond, result: whens[0].result } : null;
}

/** An aggregate as a noun: `number of rows`, `sum of total`, `average salary`, `highest price` (`the ...` when long). */
export function aggregateNoun(agg: Aggregate, long: boolean): string {
  const noun = plainAggregateNoun(agg, long);
  if (!agg.filter) return noun;
  return agg.star ? `${noun} ${agg.filter}` : `${noun} (for rows ${agg.filter})`;
}

function plainAggregateNoun(agg: Aggregate, long: boolean): string {
  const the = long ? 'the ' : '';
  const date = agg.argKind === 'date';
  switch (agg.fn) {
    case 'count':
      if (agg.star && agg.filter) return `${the}number of rows`;
      if (agg.star || (agg.argIsKey && !agg.distinct)) return long ? 'the number of rows' : 'count';
      if (agg.distinct && agg.keyOf) return `${the}number of ${agg.keyOf}`;
      return `${the}number of ${agg.distinct ? 'distinct ' : ''}${agg.arg} values`;
    case 'sum':
      return `${the}sum of ${agg.distinct ? 'distinct ' : ''}${agg.arg}`;
    case 'avg':
      return `${the}average ${agg.distinct ? 'distinct ' : ''}${agg.arg}`;
    case 'max':
      return `${the}${date ? 'latest' : 'highest'} ${agg.arg}`;
    case 'min':
      return `${the}${date ? 'earliest' : 'lowest'} ${agg.arg}`;
    case 'group_concat':
    case 'string_agg':
    case 'listagg':
    case 'array_agg':
      return `${the}list of ${agg.arg}`;
    default:
      return `${the}${agg.fn} of ${agg.arg}`;
  }
}
