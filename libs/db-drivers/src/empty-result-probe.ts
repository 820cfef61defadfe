/**
 * Why a read returned no rows (docs/architecture.md step 11: "An empty result says why when a filter falls outside
 * the data (the column's range, the nearest values)").
 *
 * From the parsed read (node-sql-parser, as the classifier parses it) the conditions of its WHERE that every row
 * must meet (the top-level AND chain) and that compare one column of a table with literals are found: `=`, `IN`,
 * `<`, `<=`, `>`, `>=`, `BETWEEN`, `LIKE`. Each is then asked of the database alone, read-only with the statement
 * timeout through the driver's `runRead`:
 * 1. does any row of its table meet it? (`SELECT 1 FROM t AS a WHERE <the condition as written>`, one row)
 * 2. when none does: for a number or date column (or a date-looking literal), the column's MIN and MAX; for text,
 *    the nearest existing values by edit distance (fastest-levenshtein), from the schema's stored sampleValues when
 *    the column has them, else from a bounded DISTINCT query (`SqlDialect.sampleValuesSql`).
 * When every condition matches rows on its own and the read has one table and no other condition, it says that only
 * their combination matches nothing. The database decides every comparison (types, collations, dates), never
 * JavaScript.
 */
import type { ColumnSchema, DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import { distance } from 'fastest-levenshtein';
import { Parser } from 'node-sql-parser';
import { type AstNode, PARSER_DATABASE, parseSql } from './classifier/sql-ast';
import { dialectFor } from './dialects';
import type { DatabaseDriver } from './driver';

/** Comparison operators whose literal side is probed. */
export type FilterOperator = '=' | 'IN' | '<' | '<=' | '>' | '>=' | 'BETWEEN' | 'LIKE';

/** How a column's values are compared in an explanation: a range (number, date) or nearest values (text). */
export type FilterCategory = 'number' | 'date' | 'text';

/** One condition of a read's WHERE comparing a table column with literals (see the file comment). */
export interface LiteralFilter {
  table: TableSchema;
  /** The read's FROM item of that table (`{ db, table, as }` as parsed), so the probe names it as the read does. */
  source: { db: string | null; table: string; as: string | null };
  column: ColumnSchema;
  operator: FilterOperator;
  /** The literal values, as written (strings unquoted, numbers as numbers). */
  values: Array<string | number>;
  category: FilterCategory;
  /** The condition in words for a person, e.g. `order_date between '2026-03-01' and '2026-03-31'`. */
  text: string;
  /** The condition's parsed node, printed back for the existence probe. */
  node: AstNode;
  /** The grammar that parsed the read (the dialect's own or its fallback). */
  grammar: Dialect;
}

/** What the probe found out about one condition. */
export interface FilterFinding {
  /** `table.column`, e.g. `orders.order_date`. */
  column: string;
  condition: string;
  /** Whether some row of the table meets the condition alone; null when that could not be asked. */
  matches: boolean | null;
  /** For a range: the column's smallest and largest values as text (null when it has no values). */
  range?: { min: string | null; max: string | null } | null;
  /** For text: the nearest existing values, nearest first. */
  nearest?: string[];
  /** Where the nearest values came from. */
  nearestFrom?: 'sample-values' | 'distinct-query';
  /** Why this condition could not be probed. */
  error?: string;
}

/**
 * Outcome of {@link probeEmptyResult}: `explanation` is one or more sentences for the answer (null when nothing
 * was found out), `findings` the facts per condition (for the trace), `queries` how many probe queries ran.
 */
export interface EmptyResultProbe {
  explanation: string | null;
  findings: FilterFinding[];
  queries: number;
}

/** Options of {@link probeEmptyResult}. */
export interface EmptyProbeOptions {
  /** Statement timeout of each probe query, in milliseconds. */
  timeoutMs: number;
  /**
   * Milliseconds all probe queries may take together (default `timeoutMs`): each query's timeout is cut to what is
   * left, and conditions not reached are left unprobed, so one empty answer waits at most about this long more.
   */
  budgetMs?: number;
  /** Conditions probed at most (default 4). */
  maxFilters?: number;
  /** Nearest values listed at most (default 3). */
  maxNearest?: number;
  /** Distinct values the DISTINCT query reads at most (default 200) and rows it scans at most (default 50,000). */
  distinctLimit?: number;
  distinctScanRows?: number;
}

const parser = new Parser();
/** A probe query is not started with less than this many milliseconds of the budget left. */
const MIN_QUERY_MS = 50;
const RANGE_OPERATORS = new Set(['<', '<=', '>', '>=', 'BETWEEN']);
const FLIPPED = new Map<string, FilterOperator>(
  Object.entries({ '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' }),
);
const DATE_LIKE = /^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/;

/**
 * The probe-able conditions of `sql` (one read) against `schema`: conjuncts of the outermost SELECT's WHERE that
 * compare a column of a base table or view of its FROM (resolved through aliases, or the only table having that
 * column) with literals. Conditions under OR or NOT, on expressions, on subqueries or CTEs, and reads that are
 * unions are left out. Never throws: SQL that does not parse yields [].
 */
export function findLiteralFilters(sql: string, dialect: Dialect, schema: DatabaseSchema): LiteralFilter[] {
  const parsed = parseSql(sql, dialect);
  if (!parsed.ok || parsed.statements.length !== 1) return [];
  const ast = parsed.statements[0];
  if (ast?.type !== 'select' || ast._next || !ast.where) return [];
  const cteNames = new Set<string>(
    (Array.isArray(ast.with) ? ast.with : []).map((w: AstNode) => String(identText(w?.name) ?? '').toLowerCase()),
  );
  const from: AstNode[] = Array.isArray(ast.from) ? ast.from : [];
  const tables = new Map<string, Source>();
  for (const item of from) {
    if (typeof item?.table !== 'string' || cteNames.has(item.table.toLowerCase())) continue;
    const table = findTable(schema, item.table, item.db ?? null);
    const as = typeof item.as === 'string' ? item.as : null;
    if (table)
      tables.set((as ?? item.table).toLowerCase(), {
        table,
        source: { db: typeof item.db === 'string' ? item.db : null, table: item.table, as },
      });
  }
  const filters: LiteralFilter[] = [];
  for (const conjunct of conjuncts(ast.where)) {
    const filter = literalFilter(conjunct, tables, from.length, parsed.grammar);
    if (filter) filters.push(filter);
  }
  return filters;
}

/**
 * Whether any row of the filter's table matches the filter's condition alone (`SELECT 1 ... WHERE <condition>`, one
 * row at most), read-only under `timeoutMs`. Null when the probe failed (an error or the timeout): unknown. Never
 * rejects.
 */
export async function filterMatchesAnyRow(
  driver: DatabaseDriver,
  filter: LiteralFilter,
  dialect: Dialect,
  timeoutMs: number,
): Promise<boolean | null> {
  try {
    return (await driver.runRead(existenceSql(filter, dialect), { maxRows: 1, timeoutMs })).rows.length > 0;
  } catch {
    return null;
  }
}

/**
 * Finds out why `sql`, a read that returned no rows on `driver`, matched nothing (see the file comment). Runs at
 * most two probe queries per condition (existence, then range or distinct values), each read-only with
 * `options.timeoutMs`, all within `options.budgetMs`. Never rejects: a probe that fails or finds the budget spent
 * is recorded in its finding's `error`.
 */
export async function probeEmptyResult(
  driver: DatabaseDriver,
  sql: string,
  schema: DatabaseSchema,
  options: EmptyProbeOptions,
): Promise<EmptyResultProbe> {
  const all = findLiteralFilters(sql, schema.dialect, schema);
  const filters = all.slice(0, options.maxFilters ?? 4);
  const findings: FilterFinding[] = [];
  let queries = 0;
  const deadline = Date.now() + (options.budgetMs ?? options.timeoutMs);
  const read = async (query: string, maxRows: number) => {
    const left = deadline - Date.now();
    if (left < MIN_QUERY_MS) throw new Error('the time for probing was spent');
    queries++;
    return (await driver.runRead(query, { maxRows, timeoutMs: Math.min(options.timeoutMs, left) })).rows;
  };
  const sqlDialect = dialectFor(schema.dialect);
  for (const filter of filters) {
    const finding: FilterFinding = {
      column: `${filter.table.name}.${filter.column.name}`,
      condition: filter.text,
      matches: null,
    };
    findings.push(finding);
    try {
      finding.matches = (await read(existenceSql(filter, schema.dialect), 1)).length > 0;
      if (finding.matches) continue;
      if (filter.category === 'text' && !RANGE_OPERATORS.has(filter.operator)) {
        let candidates = filter.column.sampleValues ?? null;
        finding.nearestFrom = 'sample-values';
        if (!candidates || candidates.length === 0) {
          const rows = await read(
            sqlDialect.sampleValuesSql(
              filter.table,
              filter.column.name,
              options.distinctScanRows ?? 50_000,
              options.distinctLimit ?? 200,
            ),
            options.distinctLimit ?? 200,
          );
          candidates = rows
            .map((r) => r[0])
            .filter((v): v is string | number => v !== null && v !== undefined)
            .map(String);
          finding.nearestFrom = 'distinct-query';
        }
        finding.nearest = nearestValues(
          filter.values.map(String),
          candidates,
          options.maxNearest ?? 3,
          filter.operator === 'LIKE',
        );
      } else {
        const rows = await read(rangeSql(filter, schema.dialect), 1);
        const [min, max] = rows[0] ?? [null, null];
        finding.range = { min: displayValue(min), max: displayValue(max) };
      }
    } catch (error) {
      finding.error = error instanceof Error ? error.message : String(error);
    }
  }
  return {
    explanation: explain(
      findings,
      filters.length === all.length && onlyTheseConditions(sql, schema.dialect, all.length),
    ),
    findings,
    queries,
  };
}

/**
 * Up to `limit` of `candidates` nearest to any of `targets` by Levenshtein distance, compared case-insensitively
 * (for LIKE, the pattern without its % and _ wildcards), nearest first, ties in candidate order; candidates equal to
 * a target are skipped (they would have matched).
 */
export function nearestValues(targets: string[], candidates: string[], limit: number, likePattern = false): string[] {
  const wanted = targets.map((t) => (likePattern ? t.replace(/[%_]/g, '') : t).toLowerCase());
  const scored = [...new Set(candidates)]
    .filter((c) => !targets.includes(c))
    .map((c, index) => ({ c, index, d: Math.min(...wanted.map((w) => distance(w, c.toLowerCase()))) }));
  scored.sort((a, b) => a.d - b.d || a.index - b.index);
  return scored.slice(0, limit).map((s) => s.c);
}

// ---------------------------------------------------------------------------------------------------------------

function explain(findings: FilterFinding[], complete: boolean): string | null {
  const sentences: string[] = [];
  for (const f of findings) {
    if (f.matches !== false) continue;
    const table = f.column.split('.')[0];
    const lead = `No row of ${table} has ${f.condition}`;
    if (f.range) {
      sentences.push(
        f.range.min === null && f.range.max === null
          ? `${lead}: ${f.column} holds no values.`
          : `${lead}: ${f.column} runs from ${f.range.min} to ${f.range.max}.`,
      );
    } else if (f.nearest && f.nearest.length > 0) {
      sentences.push(`${lead}; the nearest existing values are ${listWords(f.nearest.map((v) => `'${v}'`))}.`);
    } else if (f.nearest) {
      sentences.push(`${lead}: ${f.column} holds no values.`);
    } else {
      sentences.push(`${lead}.`);
    }
  }
  if (sentences.length > 0) return sentences.join(' ');
  if (complete && findings.length > 1 && findings.every((f) => f.matches === true)) {
    return `Each condition (${listWords(findings.map((f) => f.condition))}) matches rows on its own, but no row meets all of them together.`;
  }
  return null;
}

/** True when the read has one table and its WHERE is exactly `count` probe-able conditions joined by AND. */
function onlyTheseConditions(sql: string, dialect: Dialect, count: number): boolean {
  const parsed = parseSql(sql, dialect);
  if (!parsed.ok) return false;
  const ast = parsed.statements[0];
  return (
    Array.isArray(ast?.from) &&
    ast.from.length === 1 &&
    !ast.groupby &&
    !ast.having &&
    conjuncts(ast.where).length === count
  );
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The AND chain of a WHERE (parenthesised ANDs flattened); an OR, NOT or anything else is one conjunct. */
function conjuncts(node: AstNode): AstNode[] {
  if (!node) return [];
  if (node.type === 'binary_expr' && String(node.operator).toUpperCase() === 'AND')
    return [...conjuncts(node.left), ...conjuncts(node.right)];
  return [node];
}

/** A table of the read's FROM: its schema entry and the FROM item naming it. */
interface Source {
  table: TableSchema;
  source: LiteralFilter['source'];
}

function literalFilter(
  node: AstNode,
  tables: Map<string, Source>,
  fromCount: number,
  grammar: Dialect,
): LiteralFilter | null {
  if (node?.type !== 'binary_expr') return null;
  let operator = String(node.operator).toUpperCase();
  let columnNode = node.left;
  let valueNode = node.right;
  if (columnNode?.type !== 'column_ref' && valueNode?.type === 'column_ref' && FLIPPED.has(operator)) {
    [columnNode, valueNode] = [valueNode, columnNode];
    operator = FLIPPED.get(operator)!;
  }
  if (columnNode?.type !== 'column_ref') return null;
  let values: Array<string | number> | null;
  if (operator === 'IN' || operator === 'BETWEEN') {
    const list = valueNode?.type === 'expr_list' && Array.isArray(valueNode.value) ? valueNode.value : null;
    values = list ? literalValues(list) : null;
    if (operator === 'BETWEEN' && values?.length !== 2) values = null;
  } else if (['=', '<', '<=', '>', '>=', 'LIKE'].includes(operator)) {
    values = literalValues([valueNode]);
  } else {
    return null;
  }
  if (!values || values.length === 0) return null;
  const columnName = identText(columnNode.column);
  if (!columnName) return null;
  const reference = identText(columnNode.table);
  let found: Source | undefined;
  if (reference) found = tables.get(reference.toLowerCase());
  else {
    // An unqualified column: the one table of the FROM having it (every FROM item must be a known table).
    const owners = [...tables.values()].filter((t) => findColumn(t.table, columnName));
    if (owners.length === 1 && tables.size === fromCount) found = owners[0];
  }
  const column = found ? findColumn(found.table, columnName) : undefined;
  if (!found || !column) return null;
  const category = categoryOf(column.type, values);
  return {
    table: found.table,
    source: found.source,
    column,
    operator: operator as FilterOperator,
    values,
    category,
    text: conditionText(column.name, operator, values),
    node,
    grammar,
  };
}

/** Literal values of nodes (numbers, strings, `DATE '...'`-style typed strings), or null if any is not a literal. */
function literalValues(nodes: AstNode[]): Array<string | number> | null {
  const out: Array<string | number> = [];
  for (const n of nodes) {
    if (n?.type === 'number' && (typeof n.value === 'number' || typeof n.value === 'string')) out.push(Number(n.value));
    else if (
      (n?.type === 'single_quote_string' || n?.type === 'string' || n?.type === 'natural_string') &&
      typeof n.value === 'string'
    )
      out.push(n.value);
    else if (
      (n?.type === 'date' || n?.type === 'datetime' || n?.type === 'timestamp' || n?.type === 'time') &&
      typeof n.value === 'string'
    )
      out.push(n.value);
    else return null;
  }
  return out;
}

function categoryOf(type: string, values: Array<string | number>): FilterCategory {
  if (/int|numeric|decimal|real|double|float|number|money|serial/i.test(type)) return 'number';
  if (/date|time|year/i.test(type)) return 'date';
  if (values.every((v) => typeof v === 'string' && DATE_LIKE.test(v))) return 'date';
  if (values.every((v) => typeof v === 'number')) return 'number';
  return 'text';
}

function conditionText(column: string, operator: string, values: Array<string | number>): string {
  const show = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v}'`);
  if (operator === 'BETWEEN') return `${column} between ${show(values[0])} and ${show(values[1])}`;
  if (operator === 'IN')
    return values.length === 1 ? `${column} = ${show(values[0])}` : `${column} in (${values.map(show).join(', ')})`;
  if (operator === 'LIKE') return `${column} like ${show(values[0])}`;
  return `${column} ${operator} ${show(values[0])}`;
}

/** `SELECT 1 FROM <the read's FROM item> WHERE <the condition as parsed>`, printed by node-sql-parser, limited to 1 row. */
function existenceSql(filter: LiteralFilter, dialect: Dialect): string {
  const select: AstNode = {
    with: null,
    type: 'select',
    options: null,
    distinct: null,
    columns: [{ type: 'expr', expr: { type: 'number', value: 1 }, as: null }],
    from: [{ ...filter.source }],
    where: filter.node,
    groupby: null,
    having: null,
    orderby: null,
    limit: null,
  };
  return dialectFor(dialect).limitQuery(parser.sqlify(select, { database: PARSER_DATABASE[filter.grammar] }), 1);
}

/** `SELECT MIN(c), MAX(c)` of the filter's column, each cast to text so every engine reports it as written. */
function rangeSql(filter: LiteralFilter, dialect: Dialect): string {
  const d = dialectFor(dialect);
  const column = d.quoteIdentifier(filter.column.name);
  const text = TEXT_TYPE[dialect];
  return `SELECT CAST(MIN(${column}) AS ${text}), CAST(MAX(${column}) AS ${text}) FROM ${d.qualifiedName(filter.table)}`;
}

const TEXT_TYPE: Record<Dialect, string> = {
  sqlite: 'TEXT',
  postgresql: 'text',
  mysql: 'CHAR',
  mariadb: 'CHAR',
  transactsql: 'NVARCHAR(100)',
  snowflake: 'VARCHAR',
};

function displayValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value).replace(/^(\d{4}-\d{2}-\d{2})[ T]00:00:00(\.0+)?(Z|\+00(:?00)?)?$/, '$1');
}

function findTable(schema: DatabaseSchema, name: string, db: string | null): TableSchema | undefined {
  const lower = name.toLowerCase();
  const candidates = schema.tables.filter((t) => t.name.toLowerCase() === lower);
  if (db) return candidates.find((t) => (t.schema ?? '').toLowerCase() === db.toLowerCase());
  return candidates.length === 1
    ? candidates[0]
    : (candidates.find((t) => !t.schema || t.schema === 'public' || t.schema === 'main') ?? candidates[0]);
}

function findColumn(table: TableSchema, name: string): ColumnSchema | undefined {
  return (
    table.columns.find((c) => c.name === name) ?? table.columns.find((c) => c.name.toLowerCase() === name.toLowerCase())
  );
}

/** Identifier text of node-sql-parser's shapes: `'a'`, `{ type, value }`, `{ expr: { type, value } }`. */
function identText(node: AstNode): string | null {
  if (node == null) return null;
  if (typeof node === 'string') return node;
  if (typeof node === 'object') {
    if (node.expr !== undefined) return identText(node.expr);
    if (typeof node.value === 'string') return node.value;
  }
  return null;
}
