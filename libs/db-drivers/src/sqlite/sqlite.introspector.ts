import type { ForeignKeySchema, TableSchema } from '@nlq/contracts';
import { type CatalogQuery, type CatalogRow, num, str, truthy } from '../catalog-query';

/** Tables and views, skipping SQLite's internal `sqlite_%` tables. */
export const SQLITE_TABLES_SQL =
  "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND substr(name, 1, 7) <> 'sqlite_' ORDER BY name";

/** Every column of every table and view through the pragma_table_info table-valued function (https://sqlite.org/pragma.html#pragfunc). */
export const SQLITE_COLUMNS_SQL =
  'SELECT m.name AS table_name, p.cid AS cid, p.name AS column_name, p.type AS column_type, p."notnull" AS not_null, p.pk AS pk ' +
  "FROM sqlite_schema AS m JOIN pragma_table_info(m.name) AS p WHERE m.type IN ('table', 'view') " +
  "AND substr(m.name, 1, 7) <> 'sqlite_' ORDER BY m.name, p.cid";

/** Every foreign key (pragma_foreign_key_list): id groups the columns of one key, seq orders them. */
export const SQLITE_FOREIGN_KEYS_SQL =
  'SELECT m.name AS table_name, f.id AS id, f.seq AS seq, f."table" AS ref_table, f."from" AS from_column, f."to" AS to_column ' +
  "FROM sqlite_schema AS m JOIN pragma_foreign_key_list(m.name) AS f WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq";

/** Whether ANALYZE has left statistics behind. */
export const SQLITE_HAS_STAT1_SQL = "SELECT count(*) AS n FROM sqlite_schema WHERE name = 'sqlite_stat1'";

/** Row estimates from ANALYZE: the first integer of `stat` is the table's row count (https://sqlite.org/fileformat2.html#stat1tab). */
export const SQLITE_STAT1_SQL = 'SELECT tbl, stat FROM sqlite_stat1';

/**
 * Builds TableSchema[] from the rows of the queries above (pure; no database). SQLite has no comments, so
 * `comment` is null. A foreign key whose `to` column is NULL references the parent's primary key, as SQLite
 * defines (https://sqlite.org/foreignkeys.html §3).
 */
export function buildSqliteTables(
  tableRows: CatalogRow[],
  columnRows: CatalogRow[],
  fkRows: CatalogRow[],
  statRows: CatalogRow[] = [],
): TableSchema[] {
  const tables = new Map<string, TableSchema>();
  for (const r of tableRows) {
    const name = str(r.name)!;
    tables.set(name, {
      name,
      schema: null,
      kind: r.type === 'view' ? 'view' : 'table',
      columns: [],
      primaryKey: [],
      foreignKeys: [],
      comment: null,
      rowCount: null,
    });
  }
  const pkOrder = new Map<string, Array<[number, string]>>();
  for (const r of columnRows) {
    const t = tables.get(str(r.table_name)!);
    if (!t) continue;
    const pk = num(r.pk) ?? 0;
    const name = str(r.column_name)!;
    t.columns.push({
      name,
      type: str(r.column_type) ?? '',
      nullable: !truthy(r.not_null) && pk === 0,
      primaryKey: pk > 0,
      comment: null,
    });
    if (pk > 0) pkOrder.set(t.name, [...(pkOrder.get(t.name) ?? []), [pk, name]]);
  }
  for (const [name, cols] of pkOrder) tables.get(name)!.primaryKey = cols.sort((a, b) => a[0] - b[0]).map((c) => c[1]);
  const fks = new Map<string, ForeignKeySchema & { table: string; to: Array<string | null> }>();
  for (const r of fkRows) {
    const key = `${str(r.table_name)}\u0000${str(r.id)}`;
    let fk = fks.get(key);
    if (!fk) {
      fk = {
        table: str(r.table_name)!,
        columns: [],
        referencedTable: str(r.ref_table)!,
        referencedColumns: [],
        to: [],
      };
      fks.set(key, fk);
    }
    fk.columns.push(str(r.from_column)!);
    fk.to.push(str(r.to_column));
  }
  for (const fk of fks.values()) {
    const owner = tables.get(fk.table);
    if (!owner) continue;
    const parentPk = tables.get(fk.referencedTable)?.primaryKey ?? [];
    const referencedColumns = fk.to.map((c, i) => c ?? parentPk[i] ?? '');
    owner.foreignKeys.push({ columns: fk.columns, referencedTable: fk.referencedTable, referencedColumns });
  }
  for (const r of statRows) {
    const t = tables.get(str(r.tbl) ?? '');
    const n = num(str(r.stat)?.split(' ')[0]);
    if (t && n !== null && t.rowCount === null) t.rowCount = n;
  }
  return [...tables.values()];
}

/** Runs the SQLite catalog queries through `query` and builds the tables (sample values are added by the driver). */
export async function introspectSqlite(query: CatalogQuery): Promise<TableSchema[]> {
  const [tableRows, columnRows, fkRows, hasStat] = await Promise.all([
    query(SQLITE_TABLES_SQL),
    query(SQLITE_COLUMNS_SQL),
    query(SQLITE_FOREIGN_KEYS_SQL),
    query(SQLITE_HAS_STAT1_SQL),
  ]);
  const statRows = num(hasStat[0]?.n) ? await query(SQLITE_STAT1_SQL) : [];
  return buildSqliteTables(tableRows, columnRows, fkRows, statRows);
}
