import type { ColumnSchema, TableSchema } from '@nlq/contracts';
import { quoteIdentifier } from '../identifier-quoting';
import { SAMPLE_SCAN_ROWS } from '../sample-values';
import { positiveInteger } from '../sql-dialect';
import { sqliteDialect } from './sqlite.dialect';

/** Runs one catalog query and returns its rows as objects keyed by column name, or throws. */
export type TypelessSampleRunner = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** An ISO date (`2025-03-01`) as a GLOB pattern. */
const ISO_DATE_GLOB = '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]';
/** An ISO date and time (`2025-03-01 10:15`, `2025-03-01T10:15:00Z`) as a GLOB pattern. */
const ISO_DATETIME_GLOB = `${ISO_DATE_GLOB}[ T][0-2][0-9]:[0-5][0-9]*`;

/**
 * The query counting the storage classes of the first SAMPLE_SCAN_ROWS non-null values of one column: one row per
 * `typeof()` ('integer', 'real', 'text', 'blob'), with how many of its values are ISO dates and ISO date-times.
 */
export function storageClassSql(table: TableSchema, column: string): string {
  const c = quoteIdentifier(column, 'sqlite');
  return (
    `SELECT typeof(${c}) AS storage, COUNT(*) AS n, SUM(${c} GLOB '${ISO_DATE_GLOB}') AS dates, ` +
    `SUM(${c} GLOB '${ISO_DATETIME_GLOB}') AS datetimes FROM (SELECT ${c} FROM ${sqliteDialect.qualifiedName(table)} ` +
    `WHERE ${c} IS NOT NULL LIMIT ${positiveInteger(SAMPLE_SCAN_ROWS, 'scan rows')}) GROUP BY typeof(${c})`
  );
}

/**
 * The type a column declared without one holds, from the storage classes of its values (`storageClassSql` rows).
 * A column without a declared type has BLOB affinity and keeps every value in the class it was written with
 * (https://www.sqlite.org/datatype3.html section 3.1, rule 3), so its values compare as what they are: integers only
 * are INTEGER; integers and reals REAL; text only TEXT, or DATE / DATETIME when every value is an ISO date (date-time)
 * (SQLite compares those as text: https://www.sqlite.org/lang_datefunc.html); blobs BLOB. Text that looks like a number
 * stays TEXT: `'12' > 5` is true in SQLite (section 4.1: text is greater than any number), so it is compared as text.
 * No values, or text mixed with numbers: null (left untyped).
 */
export function typeFromStorageClasses(rows: ReadonlyArray<Record<string, unknown>>): string | null {
  const count = new Map(rows.map((r) => [String(r.storage), Number(r.n ?? 0)]));
  const total = [...count.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const only = (...classes: string[]) => [...count.keys()].every((k) => classes.includes(k));
  if (only('integer')) return 'INTEGER';
  if (only('integer', 'real')) return 'REAL';
  if (only('blob')) return 'BLOB';
  if (!only('text')) return null;
  const text = rows.find((r) => r.storage === 'text')!;
  if (Number(text.datetimes ?? 0) === total) return 'DATETIME';
  if (Number(text.dates ?? 0) === total) return 'DATE';
  return 'TEXT';
}

/** True for a column of a base table declared without a type (`CREATE TABLE t (a, b)`, CSV imports). */
function isTypeless(table: TableSchema, column: ColumnSchema): boolean {
  return table.kind === 'table' && column.type.trim() === '';
}

/**
 * Types the columns of base tables that were declared without a type, in place, from their values
 * ({@link typeFromStorageClasses}): `type` becomes INTEGER, REAL, TEXT, DATE, DATETIME or BLOB and `typeFromValues`
 * is set, so sampling, value lookup and comparisons treat them like declared columns. At most `maxColumns` columns
 * are read; a column whose query fails (timeout) or whose values give no one type stays untyped. Returns the number
 * of columns typed.
 */
export async function typeTypelessColumns(
  tables: TableSchema[],
  run: TypelessSampleRunner,
  maxColumns: number,
): Promise<number> {
  let read = 0;
  let typed = 0;
  for (const table of tables) {
    for (const column of table.columns) {
      if (!isTypeless(table, column) || read >= maxColumns) continue;
      read++;
      let type: string | null;
      try {
        type = typeFromStorageClasses(await run(storageClassSql(table, column.name)));
      } catch {
        continue;
      }
      if (!type) continue;
      column.type = type;
      column.typeFromValues = true;
      typed++;
    }
  }
  return typed;
}
