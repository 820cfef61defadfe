/**
 * Aggregates that cannot mean what they seem, found on a statement's shape (statement-shape.ts), from SQL and schema
 * alone (docs/architecture.md "Answer check"):
 * - `count_distinct_group`: `COUNT(DISTINCT x) ... GROUP BY x` is 1 in every group;
 * - `key_aggregate`: `SUM` or `AVG` of a primary-key or foreign-key column adds up identifiers, not amounts;
 * - `fan_out`: `SUM` or `AVG` of a column of table T while T is joined to a table whose foreign key references T, so
 *   each row of T is counted once per matching row there (the "chasm trap", R. Kimball and M. Ross, "The Data
 *   Warehouse Toolkit", 3rd ed., ch. 3, on summing facts at different grains). Only T first in the FROM is
 *   looked at: `FROM order_items JOIN products` summing a product's price once per line is usually meant.
 */
import type { TableSchema } from '@nlq/contracts';
import type { SelectShape, ShapeColumn, StatementShape } from './statement-shape';

/** One finding of this file: a stable code and a sentence naming the columns. */
export interface ShapeFinding {
  code: 'count_distinct_group' | 'key_aggregate' | 'fan_out';
  message: string;
}

const lower = (s: string) => s.toLowerCase();
const ADDING = new Set(['sum', 'avg']);

/** The aggregate findings of a statement, at most one of each kind per column. */
export function aggregateFindings(shape: StatementShape): ShapeFinding[] {
  const found = new Map<string, ShapeFinding>();
  const add = (f: ShapeFinding) => found.set(`${f.code}:${f.message}`, f);
  for (const select of shape.selects) {
    for (const f of countDistinctGrouped(select)) add(f);
    for (const f of keyAggregates(select)) add(f);
    for (const f of fanOut(select)) add(f);
  }
  return [...found.values()];
}

const label = (c: ShapeColumn) => (c.table ? `${c.table.name}.${c.name}` : c.name);
const sameColumn = (a: ShapeColumn, b: ShapeColumn) =>
  lower(a.name) === lower(b.name) && (a.table === null || b.table === null || a.table === b.table);

function countDistinctGrouped(select: SelectShape): ShapeFinding[] {
  return select.aggregates
    .filter((a) => a.fn === 'count' && a.distinct && a.column && select.groupBy.some((g) => sameColumn(g, a.column!)))
    .map((a) => ({
      code: 'count_distinct_group' as const,
      message: `COUNT(DISTINCT ${label(a.column!)}) is grouped by ${label(a.column!)} itself, so it is 1 in every group.`,
    }));
}

/** True when `column` is its table's single-column primary key or part of one of its foreign keys. */
export function isKeyColumn(table: TableSchema, column: string): boolean {
  const name = lower(column);
  if (table.primaryKey.length === 1 && lower(table.primaryKey[0]) === name) return true;
  return table.foreignKeys.some((fk) => fk.columns.some((c) => lower(c) === name));
}

function keyAggregates(select: SelectShape): ShapeFinding[] {
  return select.aggregates
    .filter((a) => ADDING.has(a.fn) && a.column?.table && isKeyColumn(a.column.table, a.column.name))
    .map((a) => ({
      code: 'key_aggregate' as const,
      message: `${a.fn.toUpperCase()}(${label(a.column!)}) adds up identifiers of a key column, not amounts.`,
    }));
}

/** True when `many`'s foreign key `manyColumn` references `one`'s column `oneColumn`. */
function references(many: ShapeColumn, one: ShapeColumn): boolean {
  if (!many.table || !one.table || many.table === one.table) return false;
  return many.table.foreignKeys.some(
    (fk) =>
      fk.columns.length === 1 &&
      lower(fk.columns[0]) === lower(many.name) &&
      lower(fk.referencedTable) === lower(one.table!.name) &&
      lower(fk.referencedColumns[0] ?? '') === lower(one.name),
  );
}

function fanOut(select: SelectShape): ShapeFinding[] {
  const out: ShapeFinding[] = [];
  for (const a of select.aggregates) {
    const table = a.column?.table;
    // only the table the read starts from: a looked-up table (FROM lines JOIN products) is meant once per line
    if (!ADDING.has(a.fn) || a.distinct || !table || [...select.sources.values()][0] !== table) continue;
    const multiplier = select.joins
      .map(([x, y]) => (x.table === table && references(y, x) ? y : y.table === table && references(x, y) ? x : null))
      .find((m) => m !== null);
    if (!multiplier?.table) continue;
    out.push({
      code: 'fan_out',
      message: `${a.fn.toUpperCase()}(${label(a.column!)}) is taken after joining ${multiplier.table.name}, which holds several rows for one row of ${table.name}: each ${table.name} row is counted once per ${multiplier.table.name} row.`,
    });
  }
  return out;
}
