/**
 * The shape of one parsed read, for the answer check (docs/architecture.md "Answer check"): every SELECT of the tree
 * (subqueries, CTEs, set operations) with its FROM tables, the columns each clause uses resolved to schema tables,
 * its aggregates, join equalities and LIMIT. Pure: SQL and schema only.
 */
import type { ColumnSchema, DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import type { AstNode } from './parse-result';
import { functionName, identName, parseSql, walkAst } from './sql-ast';

/** A column the statement names, resolved to its table when the FROM says which one (null when it cannot). */
export interface ShapeColumn {
  table: TableSchema | null;
  /** The column's name as the schema spells it when resolved, else as written. */
  name: string;
  column: ColumnSchema | null;
}

/** One aggregate call: `SUM(o.total)` is `{ fn: 'sum', distinct: false, column: o.total }`. */
export interface ShapeAggregate {
  fn: string;
  distinct: boolean;
  /** The argument when it is one plain column, else null (`COUNT(*)`, `SUM(a * b)`). */
  column: ShapeColumn | null;
}

/** One SELECT of the statement. */
export interface SelectShape {
  /** FROM items that are schema tables, by alias or name (lower case). */
  sources: Map<string, TableSchema>;
  /** Equalities of two columns in the ON conditions and the WHERE conjuncts (implicit joins). */
  joins: Array<[ShapeColumn, ShapeColumn]>;
  groupBy: ShapeColumn[];
  aggregates: ShapeAggregate[];
  /** Columns of the select list (`*` expanded). */
  listed: ShapeColumn[];
}

/** What {@link statementShape} reads from one read statement. */
export interface StatementShape {
  selects: SelectShape[];
  /** Every column named anywhere; `*` and `t.*` stand for every column of the tables they cover. */
  columns: ShapeColumn[];
  /** Columns of every GROUP BY and window PARTITION BY. */
  grouped: ShapeColumn[];
  /** Columns of every ORDER BY (an ordinal or alias resolved to its select item's columns). */
  ordered: ShapeColumn[];
  /** Every base table of every FROM. */
  tables: TableSchema[];
  /** The outermost LIMIT (or TOP / FETCH FIRST) when it is a number literal. */
  limit: number | null;
  /** The number-literal LIMITs of every SELECT. */
  limits: number[];
  /** Some SELECT or window orders its rows. */
  orderBy: boolean;
  /** Every string and number literal, as written. */
  literals: Array<string | number>;
  /** Lower-case names of every function and aggregate called. */
  functions: Set<string>;
  /** Upper-case operators of every binary and unary expression (`=`, `NOT IN`, `IS NOT`, `NOT`, ...). */
  operators: Set<string>;
  /** The statement combines selects with EXCEPT / MINUS. */
  except: boolean;
}

const lower = (s: string) => s.toLowerCase();

/**
 * The shape of `sql`, one SELECT (possibly WITH, UNION, subqueries) parsed in `dialect`'s grammar (parseSql), its
 * names resolved against `schema`. Null when the SQL does not parse, holds more than one statement or is not a
 * SELECT. Never throws.
 */
export function statementShape(sql: string, dialect: Dialect, schema: DatabaseSchema): StatementShape | null {
  try {
    const parsed = parseSql(sql, dialect);
    if (!parsed.ok || parsed.statements.length !== 1 || parsed.statements[0]?.type !== 'select') return null;
    const root = parsed.statements[0];
    const shape: StatementShape = {
      selects: [],
      columns: [],
      grouped: [],
      ordered: [],
      tables: [],
      limit: outerLimit(root),
      limits: [],
      orderBy: false,
      literals: [],
      functions: new Set(),
      operators: new Set(),
      except: false,
    };
    const byName = tableIndex(schema);
    walkAst(root, (node) => {
      if (node.type === 'select' && Array.isArray(node.columns ?? null)) readSelect(node, byName, shape);
      else collectLeaf(node, shape);
    });
    return shape;
  } catch {
    return null;
  }
}

/** Schema tables by lower-case name and by `schema.name`. */
function tableIndex(schema: DatabaseSchema): Map<string, TableSchema> {
  const map = new Map<string, TableSchema>();
  for (const t of schema.tables) {
    if (t.schema) map.set(lower(`${t.schema}.${t.name}`), t);
    if (!map.has(lower(t.name)) || !t.schema || t.schema === 'public' || t.schema === 'main') map.set(lower(t.name), t);
  }
  return map;
}

/** Literals, functions, operators and set operations of one node that is not a SELECT. */
function collectLeaf(node: AstNode, shape: StatementShape): void {
  if (node.type === 'number' && typeof node.value === 'number') shape.literals.push(node.value);
  else if (/string$/.test(String(node.type ?? '')) && typeof node.value === 'string') shape.literals.push(node.value);
  if (node.type === 'interval') shape.functions.add('interval');
  if (node.type === 'function' || node.type === 'aggr_func') {
    const fn = functionName(node);
    if (fn) shape.functions.add(fn);
  }
  if ((node.type === 'binary_expr' || node.type === 'unary_expr') && typeof node.operator === 'string')
    shape.operators.add(node.operator.toUpperCase());
}

/** Reads one SELECT into the shape: its sources, then every column of every clause in its scope. */
function readSelect(node: AstNode, byName: Map<string, TableSchema>, shape: StatementShape): void {
  if (typeof node.set_op === 'string' && /except|minus/i.test(node.set_op)) shape.except = true;
  if (typeof node._next === 'object' && node._next && /except|minus/i.test(String(node.set_op ?? ''))) {
    shape.except = true;
  }
  const sources = new Map<string, TableSchema>();
  for (const item of Array.isArray(node.from) ? node.from : []) {
    if (typeof item?.table !== 'string') continue;
    const table = byName.get(lower(item.db ? `${item.db}.${item.table}` : item.table)) ?? byName.get(lower(item.table));
    if (!table) continue;
    sources.set(lower(typeof item.as === 'string' && item.as ? item.as : item.table), table);
    shape.tables.push(table);
  }
  const resolve = (ref: AstNode) => resolveColumn(ref, sources);
  const limit = outerLimit(node);
  if (limit !== null) shape.limits.push(limit);
  if (Array.isArray(node.orderby) && node.orderby.length > 0) shape.orderBy = true;
  const select: SelectShape = { sources, joins: [], groupBy: [], aggregates: [], listed: [] };
  shape.selects.push(select);
  for (const item of node.columns) {
    if (item?.expr?.type === 'column_ref' && identName(item.expr.column) === '*') {
      const star = starColumns(item.expr, sources);
      shape.columns.push(...star);
      select.listed.push(...star);
    }
  }
  ownNodes(node, (n, clause) => {
    if (n.type === 'column_ref') {
      const column = resolve(n);
      if (column.name === '*') return;
      shape.columns.push(column);
      if (clause === 'columns') select.listed.push(column);
      if (clause === 'groupby' || clause === 'partition') shape.grouped.push(column);
      if (clause === 'orderby') shape.ordered.push(column);
      if (clause === 'orderby') shape.orderBy = true;
    } else if (n.type === 'aggr_func') {
      const arg = n.args?.expr;
      select.aggregates.push({
        fn: functionName(n) ?? '',
        distinct: /distinct/i.test(String(n.args?.distinct ?? '')),
        column: arg?.type === 'column_ref' && identName(arg.column) !== '*' ? resolve(arg) : null,
      });
    } else if (n.type === 'binary_expr' && n.operator === '=' && n.left?.type === 'column_ref') {
      if (n.right?.type === 'column_ref' && (clause === 'from' || clause === 'where')) {
        select.joins.push([resolve(n.left), resolve(n.right)]);
      }
    }
  });
  for (const g of groupColumns(node)) select.groupBy.push(resolve(g));
  const byItem = groupedBySelectItem(node, resolve);
  select.groupBy.push(...byItem);
  shape.grouped.push(...byItem);
  shape.ordered.push(...orderedBySelectItem(node, resolve));
}

/** Columns the ORDER BY names through an ordinal (`ORDER BY 2`) or an alias of the select list. */
function orderedBySelectItem(node: AstNode, resolve: (n: AstNode) => ShapeColumn): ShapeColumn[] {
  const out: ShapeColumn[] = [];
  const items: AstNode[] = node.columns;
  for (const o of Array.isArray(node.orderby) ? node.orderby : []) {
    let item: AstNode | undefined;
    if (o?.expr?.type === 'number') item = items[o.expr.value - 1];
    else if (o?.expr?.type === 'column_ref' && !o.expr.table) {
      const name = lower(identName(o.expr.column) ?? '');
      item = items.find((i) => typeof i?.as === 'string' && lower(i.as) === name);
    }
    if (item) walkAst(item.expr, (n) => (n.type === 'column_ref' ? out.push(resolve(n)) : undefined));
  }
  return out;
}

/** Columns a GROUP BY names through an ordinal (`GROUP BY 1`, which MySQL, PostgreSQL and SQLite accept). */
function groupedBySelectItem(node: AstNode, resolve: (n: AstNode) => ShapeColumn): ShapeColumn[] {
  const list = Array.isArray(node.groupby)
    ? node.groupby
    : Array.isArray(node.groupby?.columns)
      ? node.groupby.columns
      : [];
  const out: ShapeColumn[] = [];
  for (const g of list) {
    const item = g?.type === 'number' ? node.columns[g.value - 1] : undefined;
    if (item) walkAst(item.expr, (n) => (n.type === 'column_ref' ? out.push(resolve(n)) : undefined));
  }
  return out;
}

/** GROUP BY expressions of one SELECT that are plain columns (node-sql-parser 5: `{ columns }`, older: an array). */
function groupColumns(node: AstNode): AstNode[] {
  const list = Array.isArray(node.groupby)
    ? node.groupby
    : Array.isArray(node.groupby?.columns)
      ? node.groupby.columns
      : [];
  return list.filter((g: AstNode) => g?.type === 'column_ref');
}

/**
 * Visits the nodes of one SELECT's own scope (not those of nested SELECTs, which are read on their own), with the
 * clause each sits in: `columns`, `from`, `where`, `groupby`, `having`, `orderby`, `partition` (a window's PARTITION BY).
 */
function ownNodes(select: AstNode, visit: (n: AstNode, clause: string) => void): void {
  const go = (n: AstNode, clause: string): void => {
    if (n === null || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach((c) => go(c, clause));
    if (n.type === 'select' || (n.ast && typeof n.ast === 'object')) return;
    visit(n, clause);
    for (const key of Object.keys(n)) {
      if (key === 'loc') continue;
      go(
        n[key],
        key === 'partitionby' ? 'partition' : key === 'orderby' && clause !== 'partition' ? 'orderby' : clause,
      );
    }
  };
  for (const clause of ['columns', 'from', 'where', 'groupby', 'having', 'orderby']) go(select[clause], clause);
}

/** A column_ref resolved through the SELECT's aliases, or the one FROM table holding an unqualified name. */
function resolveColumn(ref: AstNode, sources: Map<string, TableSchema>): ShapeColumn {
  const name = identName(ref.column) ?? '';
  const qualifier = identName(ref.table);
  let table: TableSchema | null = null;
  if (qualifier) table = sources.get(lower(qualifier)) ?? null;
  else {
    const owners = [...sources.values()].filter((t) => findColumn(t, name));
    if (owners.length === 1) table = owners[0];
  }
  const column = table ? (findColumn(table, name) ?? null) : null;
  return { table: column ? table : null, name: column?.name ?? name, column };
}

function findColumn(table: TableSchema, name: string): ColumnSchema | undefined {
  return table.columns.find((c) => c.name === name) ?? table.columns.find((c) => lower(c.name) === lower(name));
}

/** The columns `*` or `t.*` stands for. */
function starColumns(ref: AstNode, sources: Map<string, TableSchema>): ShapeColumn[] {
  const qualifier = identName(ref.table);
  const tables = qualifier ? [sources.get(lower(qualifier))].filter((t) => !!t) : [...sources.values()];
  return tables.flatMap((table) => table!.columns.map((column) => ({ table: table!, name: column.name, column })));
}

/** A SELECT's LIMIT, SQL Server's TOP or FETCH FIRST when it is a number literal. */
function outerLimit(root: AstNode): number | null {
  const values = Array.isArray(root.limit?.value) ? root.limit.value : [];
  const last = values.length === 2 && root.limit?.seperator === 'offset' ? values[0] : values[values.length - 1];
  if (typeof last?.value === 'number') return last.value;
  if (typeof root.top?.value === 'number') return root.top.value;
  if (typeof root.fetch?.value?.value === 'number') return root.fetch.value.value;
  return null;
}
