/**
 * Impact preview of a held write (docs/architecture.md "Approval": a pending operation holds "the rows it would change
 * (counted read-only before anyone decides)").
 *
 * The count is built from the parsed statement (node-sql-parser, the dialect's grammar or its fallback, as the
 * classifier parses it), never by editing the SQL text:
 * - UPDATE / DELETE: `SELECT COUNT(*) FROM <the write's own tables> WHERE <the write's own WHERE>`; a write over a
 *   join counts the distinct rows of its target table (PostgreSQL `ctid`, SQLite `rowid`, MySQL/MariaDB the primary
 *   key), since a target row matched twice still changes once; a `LIMIT n` caps the count at n.
 * - INSERT ... VALUES / INSERT ... SET: the number of rows listed. INSERT ... SELECT: the count of the SELECT.
 *   INSERT OR IGNORE / INSERT IGNORE / ON CONFLICT / ON DUPLICATE KEY UPDATE / REPLACE change at most that many.
 * - DDL, MERGE and anything else: no count.
 * The generated SELECT is parsed back and its FROM and WHERE must equal the write's (so a printing quirk of the
 * parser can never count other rows), it must classify as a read, and it runs with the driver's `runRead` (a
 * read-only transaction or handle and the statement timeout), so counting can never change data.
 */
import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { Parser } from 'node-sql-parser';
import { classifySql } from './classifier';
import { type AstNode, PARSER_DATABASE, parseSql } from './classifier/sql-ast';
import type { DatabaseDriver } from './driver';

/** What a write does to rows, in the words of the preview. */
export type ImpactVerb = 'insert' | 'update' | 'delete';

/** Whether the count is the number of rows changed (`exact`) or an upper bound (`at-most`, conflict handling). */
export type ImpactBound = 'exact' | 'at-most';

/**
 * How the rows a write would change are found (see the file comment):
 * - `values`: known from the statement itself (`rows` listed in INSERT ... VALUES / SET);
 * - `count`: `sql` is a read whose one row, one column holds the count; `cap` (a literal LIMIT) bounds it;
 * - `none`: no count for this statement (`reason` says why; `verb` is null for DDL and unsupported statements).
 */
export type ImpactPlan =
  | { method: 'values'; verb: ImpactVerb; bound: ImpactBound; rows: number }
  | { method: 'count'; verb: ImpactVerb; bound: ImpactBound; sql: string; cap: number | null }
  | { method: 'none'; verb: ImpactVerb | null; reason: string };

/**
 * Outcome of {@link estimateImpact}: `rows` is the count (null when there is none: DDL, an unsupported statement,
 * or a count that failed or timed out, with `error` saying why); `countSql` is the read that ran, if any;
 * `durationMs` the milliseconds the count took (0 when nothing ran).
 */
export interface ImpactEstimate {
  verb: ImpactVerb | null;
  rows: number | null;
  bound: ImpactBound;
  method: ImpactPlan['method'];
  countSql: string | null;
  error: string | null;
  durationMs: number;
}

/** Options of {@link estimateImpact}: the statement timeout (ms) and, for MySQL/MariaDB joins, the schema's keys. */
export interface ImpactOptions {
  timeoutMs: number;
  schema?: DatabaseSchema | null;
}

const parser = new Parser();
const COUNT_ALIAS = 'nlq_rows';

/**
 * Plans the count of rows `sql` (one write statement, already checked) would change in `dialect`. Never throws;
 * statements it cannot plan come back as `{ method: 'none', reason }`. `schema` supplies primary keys for
 * MySQL/MariaDB writes over a join.
 */
export function planImpactCount(sql: string, dialect: Dialect, schema?: DatabaseSchema | null): ImpactPlan {
  const parsed = parseSql(sql, dialect);
  if (!parsed.ok) return { method: 'none', verb: null, reason: `it could not be parsed (${parsed.error})` };
  if (parsed.statements.length !== 1) return { method: 'none', verb: null, reason: 'it is not exactly one statement' };
  const ast = parsed.statements[0];
  const type = String(ast?.type ?? '').toLowerCase();
  try {
    if (type === 'insert' || type === 'replace') return planInsert(ast, type, parsed.grammar, dialect);
    if (type === 'update' || type === 'delete')
      return planUpdateDelete(ast, type, parsed.grammar, dialect, schema ?? null);
  } catch (error) {
    return {
      method: 'none',
      verb: type === 'replace' ? 'insert' : (type as ImpactVerb),
      reason: `no count could be built (${message(error)})`,
    };
  }
  return { method: 'none', verb: null, reason: `a ${type || 'statement'} statement has no row count` };
}

/**
 * Counts the rows `sql` would change on `driver` without changing anything (see the file comment): plans with
 * {@link planImpactCount}, then runs the count with `driver.runRead` (maxRows 1, `options.timeoutMs`). Never
 * rejects: a failed or timed-out count resolves with `rows: null` and `error` set, so the write stays pending.
 */
export async function estimateImpact(
  driver: DatabaseDriver,
  sql: string,
  dialect: Dialect,
  options: ImpactOptions,
): Promise<ImpactEstimate> {
  const plan = planImpactCount(sql, dialect, options.schema);
  if (plan.method === 'none')
    return {
      verb: plan.verb,
      rows: null,
      bound: 'exact',
      method: 'none',
      countSql: null,
      error: plan.reason,
      durationMs: 0,
    };
  if (plan.method === 'values')
    return {
      verb: plan.verb,
      rows: plan.rows,
      bound: plan.bound,
      method: 'values',
      countSql: null,
      error: null,
      durationMs: 0,
    };
  const base = { verb: plan.verb, bound: plan.bound, method: 'count' as const, countSql: plan.sql };
  const started = Date.now();
  try {
    const result = await driver.runRead(plan.sql, { maxRows: 1, timeoutMs: options.timeoutMs });
    const raw = result.rows[0]?.[0];
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < 0) {
      return {
        ...base,
        rows: null,
        error: `the count returned ${JSON.stringify(raw ?? null)}`,
        durationMs: Date.now() - started,
      };
    }
    return {
      ...base,
      rows: plan.cap === null ? n : Math.min(n, plan.cap),
      error: null,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    return { ...base, rows: null, error: message(error), durationMs: Date.now() - started };
  }
}

/**
 * The preview in words, for the pending response text: `would delete 7 rows`, `would insert up to 3 rows`,
 * `would update 1 row`; without a count `would update rows (could not count how many: <error>)`; null when the
 * estimate has no verb (DDL), so the caller keeps its own wording.
 */
export function describeImpact(estimate: ImpactEstimate): string | null {
  if (!estimate.verb) return null;
  if (estimate.rows === null)
    return `would ${estimate.verb} rows (could not count how many: ${estimate.error ?? 'unknown error'})`;
  const n = estimate.rows;
  return `would ${estimate.verb} ${estimate.bound === 'at-most' ? 'up to ' : ''}${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;
}

// ---------------------------------------------------------------------------------------------------------------

function planInsert(ast: AstNode, type: string, grammar: Dialect, dialect: Dialect): ImpactPlan {
  const bound: ImpactBound = type === 'replace' || hasConflictHandling(ast) ? 'at-most' : 'exact';
  const values = ast.values;
  if (Array.isArray(ast.set) && !values) return { method: 'values', verb: 'insert', bound, rows: 1 };
  if (values?.type === 'values' && Array.isArray(values.values))
    return { method: 'values', verb: 'insert', bound, rows: values.values.length };
  if (values?.type === 'select') {
    const inner = parser.sqlify(values, { database: PARSER_DATABASE[grammar] });
    assertSameTree(inner, grammar, values, ['from', 'where']);
    const sql = `SELECT COUNT(*) AS ${COUNT_ALIAS} FROM (${inner}) AS nlq_impact`;
    assertRead(sql, dialect);
    return { method: 'count', verb: 'insert', bound, sql, cap: null };
  }
  return { method: 'none', verb: 'insert', reason: 'the rows it inserts are not listed in a form nlq counts' };
}

function hasConflictHandling(ast: AstNode): boolean {
  if (ast.conflict || ast.on_duplicate_update) return true;
  if (typeof ast.prefix === 'string' && /\bignore\b/i.test(ast.prefix)) return true;
  return (
    Array.isArray(ast.or) &&
    ast.or.some((o: AstNode) => typeof o?.value === 'string' && /^(ignore|replace)$/i.test(o.value))
  );
}

function planUpdateDelete(
  ast: AstNode,
  type: 'update' | 'delete',
  grammar: Dialect,
  dialect: Dialect,
  schema: DatabaseSchema | null,
): ImpactPlan {
  const verb: ImpactVerb = type;
  const shape = sourcesOf(ast, type);
  if ('reason' in shape) return { method: 'none', verb, reason: shape.reason };
  const cap = literalLimit(ast.limit);
  if (cap === undefined) return { method: 'none', verb, reason: 'its LIMIT is not a plain number' };

  const select: AstNode = {
    with: ast.with ?? null,
    type: 'select',
    options: null,
    distinct: null,
    columns: [],
    from: shape.from,
    where: ast.where ?? null,
    groupby: null,
    having: null,
    orderby: null,
    limit: null,
  };
  let sql: string;
  if (shape.from.length === 1) {
    select.columns = [
      {
        type: 'expr',
        expr: { type: 'aggr_func', name: 'COUNT', args: { expr: { type: 'star', value: '*' } }, over: null },
        as: COUNT_ALIAS,
      },
    ];
    sql = parser.sqlify(select, { database: PARSER_DATABASE[grammar] });
    assertSameTree(sql, grammar, select, ['from', 'where']);
  } else {
    // A write over a join changes each target row once however many rows it joins: count distinct target rows.
    const identity = rowIdentity(shape.target, dialect, schema);
    if ('reason' in identity) return { method: 'none', verb, reason: identity.reason };
    const ref = shape.target.as ?? shape.target.table;
    select.distinct = { type: 'DISTINCT' };
    select.columns = identity.columns.map((column) => ({
      type: 'expr',
      expr: { type: 'column_ref', table: ref, column },
      as: null,
    }));
    const inner = parser.sqlify(select, { database: PARSER_DATABASE[grammar] });
    assertSameTree(inner, grammar, select, ['from', 'where']);
    sql = `SELECT COUNT(*) AS ${COUNT_ALIAS} FROM (${inner}) AS nlq_impact`;
  }
  assertRead(sql, dialect);
  return { method: 'count', verb, bound: 'exact', sql, cap };
}

/** A FROM item of node-sql-parser: a table (`table`, `db`, `as`) or a join/derived table. */
interface FromItem {
  table?: string;
  db?: string | null;
  as?: string | null;
  join?: string;
  expr?: AstNode;
}

/**
 * The FROM list a count uses and the table whose rows change, per grammar shape: PostgreSQL/SQLite `UPDATE t SET
 * ... [FROM u]` (`table` + `from`), MySQL `UPDATE t JOIN u ... SET` (`table` holds the joins; the target is the one
 * table every SET column names), `DELETE FROM t` (`from`), MySQL `DELETE t FROM t JOIN u` (`table` names the target).
 */
function sourcesOf(
  ast: AstNode,
  type: 'update' | 'delete',
): { from: FromItem[]; target: FromItem } | { reason: string } {
  const tables: FromItem[] = Array.isArray(ast.table) ? ast.table : [];
  const from: FromItem[] = Array.isArray(ast.from) ? ast.from : [];
  if (type === 'update') {
    if (tables.length === 0) return { reason: 'its table was not found in the parsed statement' };
    const all = [...tables, ...from];
    if (all.some((t) => typeof t.table !== 'string')) return { reason: 'it reads from a derived table' };
    if (all.length === 1) return { from: all, target: all[0] };
    const named = new Set(
      (Array.isArray(ast.set) ? ast.set : []).map((s: AstNode) => (typeof s?.table === 'string' ? s.table : null)),
    );
    if (from.length > 0 && tables.length === 1) return { from: all, target: tables[0] };
    if (named.size !== 1 || named.has(null))
      return { reason: 'it changes columns of more than one table, or of an unnamed one' };
    const name = [...named][0] as string;
    const target = all.find((t) => (t.as ?? t.table) === name);
    return target ? { from: all, target } : { reason: `its target "${name}" is not among its tables` };
  }
  if (from.length === 0) return { reason: 'its table was not found in the parsed statement' };
  if (from.some((t) => typeof t.table !== 'string')) return { reason: 'it reads from a derived table' };
  const targets = tables.filter((t) => !(t as { addition?: boolean }).addition);
  if (targets.length > 1) return { reason: 'it deletes from more than one table' };
  if (from.length === 1) return { from, target: from[0] };
  if (targets.length !== 1) return { reason: 'its target table is not named' };
  const name = targets[0].table;
  const target = from.find((t) => (t.as ?? t.table) === name);
  return target ? { from, target } : { reason: `its target "${name}" is not among its tables` };
}

/** Columns that tell the target's rows apart: PostgreSQL ctid, SQLite rowid, MySQL/MariaDB the primary key. */
function rowIdentity(
  target: FromItem,
  dialect: Dialect,
  schema: DatabaseSchema | null,
): { columns: string[] } | { reason: string } {
  if (dialect === 'postgresql') return { columns: ['ctid'] };
  if (dialect === 'sqlite') return { columns: ['rowid'] };
  if (dialect === 'mysql' || dialect === 'mariadb') {
    const name = String(target.table).toLowerCase();
    const db = target.db ? String(target.db).toLowerCase() : null;
    const table = schema?.tables.find(
      (t) => t.name.toLowerCase() === name && (db === null || (t.schema ?? '').toLowerCase() === db),
    );
    if (table && table.primaryKey.length > 0) return { columns: table.primaryKey };
    return {
      reason: `the target table "${target.table}" has no primary key nlq knows, so rows matched through the join cannot be told apart`,
    };
  }
  return { reason: `a ${dialect} write over a join is not counted` };
}

/** A literal `LIMIT n` of a write (MySQL, SQLite) -> n; no LIMIT -> null; anything else -> undefined. */
function literalLimit(limit: AstNode): number | null | undefined {
  const values = limit?.value;
  if (!Array.isArray(values) || values.length === 0) return null;
  if (values.length === 1 && values[0]?.type === 'number' && Number.isSafeInteger(Number(values[0].value)))
    return Number(values[0].value);
  return undefined;
}

/** Throws unless `sql` parses back (in `grammar`) to a statement whose `keys` equal those of `expected`. */
function assertSameTree(sql: string, grammar: Dialect, expected: AstNode, keys: string[]): void {
  let again: AstNode;
  try {
    const res = parser.parse(sql, { database: PARSER_DATABASE[grammar] });
    again = Array.isArray(res.ast) ? res.ast[0] : res.ast;
  } catch (error) {
    throw new Error(`the count query did not parse back: ${message(error)}`);
  }
  for (const key of keys) {
    if (canonical(again?.[key]) !== canonical(expected[key]))
      throw new Error(`the count query's ${key.toUpperCase()} differs from the write's`);
  }
}

/**
 * JSON of an AST part for comparison, without what printing changes but the database reads alike: source
 * locations, parser bookkeeping and null fields, an ORDER BY's implicit ASC, and identifier quoting
 * (node-sql-parser prints every identifier quoted; a quoted name comes back as `{ type: '..._quote_string', value }`,
 * and SQLite's grammar reads `"name"` as a double-quoted string, which SQLite itself resolves to the column when one
 * exists, as checked before approval).
 */
function canonical(node: AstNode): string {
  return JSON.stringify(normalize(node ?? null));
}

function normalize(node: AstNode): AstNode {
  if (Array.isArray(node)) return node.map(normalize);
  if (node === null || typeof node !== 'object') return node;
  if (node.type === 'double_quote_string' && typeof node.value === 'string')
    return { type: 'column_ref', column: node.value };
  // A subquery: `{ tableList, columnList, ast }`, sometimes with the ast's fields spread beside it.
  if (node.ast && typeof node.ast === 'object' && 'tableList' in node) return normalize(node.ast);
  const out: Array<[string, AstNode]> = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'addition' || key === 'collate' || key === 'tableList' || key === 'columnList')
      continue;
    if (value === null || value === undefined) continue; // `{ operator: null }` and no `operator` read alike
    if (key === 'orderby' && Array.isArray(value)) {
      // ORDER BY x prints as ORDER BY x ASC: the same order.
      out.push([
        key,
        value.map((item) => normalize(item && typeof item === 'object' ? { ...item, type: item.type ?? 'ASC' } : item)),
      ]);
      continue;
    }
    out.push([
      key,
      node.type === 'column_ref' && (key === 'table' || key === 'column') ? identText(value) : normalize(value),
    ]);
  }
  return Object.fromEntries(out);
}

/** `'a'`, `{ type, value: 'a' }` and `{ expr: { type, value: 'a' } }` -> `'a'`; other shapes normalized. */
function identText(value: AstNode): AstNode {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    if (typeof value.value === 'string' && Object.keys(value).every((k) => k === 'type' || k === 'value'))
      return value.value;
    if (value.expr && Object.keys(value).length === 1) return identText(value.expr);
  }
  return normalize(value);
}

function assertRead(sql: string, dialect: Dialect): void {
  const classification = classifySql(sql, dialect);
  if (classification.kind !== 'read')
    throw new Error(`the count query is not a plain read (${classification.reason ?? classification.kind})`);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
