import type { TableSchema } from '@nlq/contracts';
import { assembleInformationSchema } from '../catalog-assembly';
import { type CatalogQuery, type CatalogRow, str } from '../catalog-query';

/** Schemas that belong to the server, never introspected. */
const SYSTEM_SCHEMAS = "('mysql', 'information_schema', 'performance_schema', 'sys')";
/** The connection's database, or every user schema when the URL names none. */
const SCHEMA_FILTER = (col: string) => `${col} = COALESCE(DATABASE(), ${col}) AND ${col} NOT IN ${SYSTEM_SCHEMAS}`;

/** The current database (tables there get `schema: null`). */
export const MYSQL_CURRENT_DATABASE_SQL = 'SELECT DATABASE() AS current_database';

/** Tables and views with TABLE_COMMENT and TABLE_ROWS (an estimate for InnoDB), https://dev.mysql.com/doc/refman/8.0/en/information-schema-tables-table.html. */
export const MYSQL_TABLES_SQL =
  'SELECT TABLE_SCHEMA AS table_schema, TABLE_NAME AS table_name, TABLE_TYPE AS table_type, ' +
  'TABLE_COMMENT AS table_comment, TABLE_ROWS AS table_rows FROM information_schema.TABLES ' +
  `WHERE ${SCHEMA_FILTER('TABLE_SCHEMA')} ORDER BY TABLE_SCHEMA, TABLE_NAME`;

/** Columns in declared order with COLUMN_TYPE (e.g. `varchar(80)`, `enum('a','b')`), IS_NULLABLE, COLUMN_KEY, COLUMN_COMMENT. */
export const MYSQL_COLUMNS_SQL =
  'SELECT TABLE_SCHEMA AS table_schema, TABLE_NAME AS table_name, COLUMN_NAME AS column_name, COLUMN_TYPE AS column_type, ' +
  'IS_NULLABLE AS is_nullable, COLUMN_KEY AS column_key, COLUMN_COMMENT AS column_comment, ORDINAL_POSITION AS ordinal_position ' +
  `FROM information_schema.COLUMNS WHERE ${SCHEMA_FILTER('TABLE_SCHEMA')} ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`;

/** Primary-key columns (CONSTRAINT_NAME 'PRIMARY') and foreign-key columns (REFERENCED_TABLE_NAME set) from KEY_COLUMN_USAGE. */
export const MYSQL_KEYS_SQL =
  'SELECT TABLE_SCHEMA AS table_schema, TABLE_NAME AS table_name, CONSTRAINT_NAME AS constraint_name, COLUMN_NAME AS column_name, ' +
  'ORDINAL_POSITION AS ordinal_position, REFERENCED_TABLE_SCHEMA AS ref_schema, REFERENCED_TABLE_NAME AS ref_table, ' +
  'REFERENCED_COLUMN_NAME AS ref_column FROM information_schema.KEY_COLUMN_USAGE ' +
  `WHERE ${SCHEMA_FILTER('TABLE_SCHEMA')} AND (CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL) ` +
  'ORDER BY TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION';

/** Whether a KEY_COLUMN_USAGE row is a primary-key column (constraint PRIMARY, no referenced table). */
const isPrimaryKeyRow = (r: CatalogRow) => str(r.constraint_name) === 'PRIMARY' && !r.ref_table;

/**
 * Builds TableSchema[] from the rows of the information_schema queries above (pure; no database; see
 * assembleInformationSchema). Tables of `currentDatabase` get `schema: null`; a view's TABLE_COMMENT (always
 * 'VIEW') is dropped; TABLE_ROWS becomes rowCount (null for views); KEY_COLUMN_USAGE rows split into primary-key
 * columns and foreign-key column pairs. Column flags come from the primary key (COLUMN_KEY is not read).
 */
export function buildMysqlTables(
  currentDatabase: string | null,
  tableRows: CatalogRow[],
  columnRows: CatalogRow[],
  keyRows: CatalogRow[],
): TableSchema[] {
  return assembleInformationSchema(
    currentDatabase,
    {
      tables: tableRows.map((r) => ({ ...r, row_count: r.table_rows })),
      columns: columnRows,
      primaryKeys: keyRows.filter(isPrimaryKeyRow),
      foreignKeys: keyRows.filter((r) => !isPrimaryKeyRow(r)),
    },
    { typeName: (r) => str(r.column_type) ?? '', dropViewComments: true },
  );
}

/** Runs the information_schema queries through `query` and builds the tables (sample values come later). */
export async function introspectMysql(query: CatalogQuery): Promise<TableSchema[]> {
  const current = str((await query(MYSQL_CURRENT_DATABASE_SQL))[0]?.current_database);
  const tableRows = await query(MYSQL_TABLES_SQL);
  const columnRows = await query(MYSQL_COLUMNS_SQL);
  const keyRows = await query(MYSQL_KEYS_SQL);
  return buildMysqlTables(current, tableRows, columnRows, keyRows);
}
