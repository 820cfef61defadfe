import type { TableSchema } from '@nlq/contracts';
import { assembleInformationSchema } from '../catalog-assembly';
import { type CatalogQuery, type CatalogRow, num, str } from '../catalog-query';

/** The caller's default schema (usually dbo): its tables get `schema: null`. */
export const MSSQL_CURRENT_SCHEMA_SQL = 'SELECT SCHEMA_NAME() AS current_schema';

/**
 * Tables and views of the current database from INFORMATION_SCHEMA.TABLES, with the MS_Description extended
 * property as comment (sys.extended_properties, class 1, minor_id 0) and the row count from sys.partitions
 * (heap or clustered index, index_id 0/1).
 */
export const MSSQL_TABLES_SQL =
  'SELECT t.TABLE_SCHEMA AS table_schema, t.TABLE_NAME AS table_name, t.TABLE_TYPE AS table_type, ' +
  'CAST(ep.value AS NVARCHAR(4000)) AS table_comment, p.row_count AS row_count ' +
  'FROM INFORMATION_SCHEMA.TABLES AS t ' +
  "LEFT JOIN sys.extended_properties AS ep ON ep.class = 1 AND ep.minor_id = 0 AND ep.name = 'MS_Description' " +
  "AND ep.major_id = OBJECT_ID(QUOTENAME(t.TABLE_SCHEMA) + '.' + QUOTENAME(t.TABLE_NAME)) " +
  'LEFT JOIN (SELECT object_id, SUM(rows) AS row_count FROM sys.partitions WHERE index_id IN (0, 1) GROUP BY object_id) AS p ' +
  "ON p.object_id = OBJECT_ID(QUOTENAME(t.TABLE_SCHEMA) + '.' + QUOTENAME(t.TABLE_NAME)) " +
  "WHERE t.TABLE_SCHEMA NOT IN ('sys', 'INFORMATION_SCHEMA') ORDER BY t.TABLE_SCHEMA, t.TABLE_NAME";

/** Columns from INFORMATION_SCHEMA.COLUMNS with the column's MS_Description (minor_id = column id). */
export const MSSQL_COLUMNS_SQL =
  'SELECT c.TABLE_SCHEMA AS table_schema, c.TABLE_NAME AS table_name, c.COLUMN_NAME AS column_name, c.DATA_TYPE AS data_type, ' +
  'c.CHARACTER_MAXIMUM_LENGTH AS char_length, c.NUMERIC_PRECISION AS numeric_precision, c.NUMERIC_SCALE AS numeric_scale, ' +
  'c.IS_NULLABLE AS is_nullable, c.ORDINAL_POSITION AS ordinal_position, CAST(ep.value AS NVARCHAR(4000)) AS column_comment ' +
  'FROM INFORMATION_SCHEMA.COLUMNS AS c ' +
  "LEFT JOIN sys.extended_properties AS ep ON ep.class = 1 AND ep.name = 'MS_Description' " +
  "AND ep.major_id = OBJECT_ID(QUOTENAME(c.TABLE_SCHEMA) + '.' + QUOTENAME(c.TABLE_NAME)) " +
  "AND ep.minor_id = COLUMNPROPERTY(OBJECT_ID(QUOTENAME(c.TABLE_SCHEMA) + '.' + QUOTENAME(c.TABLE_NAME)), c.COLUMN_NAME, 'ColumnId') " +
  "WHERE c.TABLE_SCHEMA NOT IN ('sys', 'INFORMATION_SCHEMA') ORDER BY c.TABLE_SCHEMA, c.TABLE_NAME, c.ORDINAL_POSITION";

/** Primary-key columns in key order (INFORMATION_SCHEMA.TABLE_CONSTRAINTS + KEY_COLUMN_USAGE). */
export const MSSQL_PRIMARY_KEYS_SQL =
  'SELECT k.TABLE_SCHEMA AS table_schema, k.TABLE_NAME AS table_name, k.COLUMN_NAME AS column_name, k.ORDINAL_POSITION AS ordinal_position ' +
  'FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS AS tc JOIN INFORMATION_SCHEMA.KEY_COLUMN_USAGE AS k ' +
  'ON k.CONSTRAINT_SCHEMA = tc.CONSTRAINT_SCHEMA AND k.CONSTRAINT_NAME = tc.CONSTRAINT_NAME ' +
  "WHERE tc.CONSTRAINT_TYPE = 'PRIMARY KEY' ORDER BY k.TABLE_SCHEMA, k.TABLE_NAME, k.ORDINAL_POSITION";

/** Foreign keys with columns paired by position (sys.foreign_keys + sys.foreign_key_columns). */
export const MSSQL_FOREIGN_KEYS_SQL =
  'SELECT OBJECT_SCHEMA_NAME(fk.parent_object_id) AS table_schema, OBJECT_NAME(fk.parent_object_id) AS table_name, ' +
  'fk.name AS constraint_name, COL_NAME(fkc.parent_object_id, fkc.parent_column_id) AS column_name, ' +
  'OBJECT_SCHEMA_NAME(fk.referenced_object_id) AS ref_schema, OBJECT_NAME(fk.referenced_object_id) AS ref_table, ' +
  'COL_NAME(fkc.referenced_object_id, fkc.referenced_column_id) AS ref_column, fkc.constraint_column_id AS ordinal_position ' +
  'FROM sys.foreign_keys AS fk JOIN sys.foreign_key_columns AS fkc ON fkc.constraint_object_id = fk.object_id ' +
  'ORDER BY table_schema, table_name, constraint_name, ordinal_position';

/** SQL Server declared type text from INFORMATION_SCHEMA.COLUMNS parts: `nvarchar(80)`, `varchar(max)`, `decimal(10,2)`. */
export function mssqlTypeName(r: CatalogRow): string {
  const base = str(r.data_type) ?? '';
  const len = num(r.char_length);
  if (/char|binary/i.test(base) && len !== null) return `${base}(${len === -1 ? 'max' : len})`;
  if (/^(decimal|numeric)$/i.test(base) && num(r.numeric_precision) !== null)
    return `${base}(${num(r.numeric_precision)},${num(r.numeric_scale) ?? 0})`;
  return base;
}

/**
 * Builds TableSchema[] from the rows of the catalog queries above (pure; no database; see
 * assembleInformationSchema). Tables of `currentSchema` get `schema: null` and bare names in foreign keys.
 * Untested against a live server.
 */
export function buildMssqlTables(
  currentSchema: string,
  tableRows: CatalogRow[],
  columnRows: CatalogRow[],
  pkRows: CatalogRow[],
  fkRows: CatalogRow[],
): TableSchema[] {
  return assembleInformationSchema(
    currentSchema,
    { tables: tableRows, columns: columnRows, primaryKeys: pkRows, foreignKeys: fkRows },
    { typeName: mssqlTypeName },
  );
}

/** Runs the SQL Server catalog queries through `query` and builds the tables. Untested against a live server. */
export async function introspectMssql(query: CatalogQuery): Promise<TableSchema[]> {
  const current = str((await query(MSSQL_CURRENT_SCHEMA_SQL))[0]?.current_schema) ?? 'dbo';
  return buildMssqlTables(
    current,
    await query(MSSQL_TABLES_SQL),
    await query(MSSQL_COLUMNS_SQL),
    await query(MSSQL_PRIMARY_KEYS_SQL),
    await query(MSSQL_FOREIGN_KEYS_SQL),
  );
}
