import type { TableSchema } from '@nlq/contracts';
import { assembleInformationSchema } from '../catalog-assembly';
import { type CatalogQuery, type CatalogRow, num, str } from '../catalog-query';

/** The session's current schema: its tables get `schema: null`. */
export const SNOWFLAKE_CURRENT_SCHEMA_SQL = 'SELECT CURRENT_SCHEMA() AS current_schema';

/** Tables and views of the current database with COMMENT and ROW_COUNT (https://docs.snowflake.com/en/sql-reference/info-schema/tables). */
export const SNOWFLAKE_TABLES_SQL =
  'SELECT TABLE_SCHEMA AS table_schema, TABLE_NAME AS table_name, TABLE_TYPE AS table_type, COMMENT AS table_comment, ' +
  "ROW_COUNT AS row_count FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA' ORDER BY TABLE_SCHEMA, TABLE_NAME";

/** Columns in declared order with type parts, nullability and COMMENT (https://docs.snowflake.com/en/sql-reference/info-schema/columns). */
export const SNOWFLAKE_COLUMNS_SQL =
  'SELECT TABLE_SCHEMA AS table_schema, TABLE_NAME AS table_name, COLUMN_NAME AS column_name, DATA_TYPE AS data_type, ' +
  'CHARACTER_MAXIMUM_LENGTH AS char_length, NUMERIC_PRECISION AS numeric_precision, NUMERIC_SCALE AS numeric_scale, ' +
  'IS_NULLABLE AS is_nullable, COMMENT AS column_comment, ORDINAL_POSITION AS ordinal_position FROM INFORMATION_SCHEMA.COLUMNS ' +
  "WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA' ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION";

/**
 * Snowflake's INFORMATION_SCHEMA has no KEY_COLUMN_USAGE; keys come from SHOW commands
 * (https://docs.snowflake.com/en/sql-reference/sql/show-primary-keys, .../show-imported-keys). These are
 * commands, not queries, and node-sql-parser does not parse them.
 */
export const SNOWFLAKE_PRIMARY_KEYS_SQL = 'SHOW PRIMARY KEYS IN DATABASE';
/** Foreign keys of the current database (see {@link SNOWFLAKE_PRIMARY_KEYS_SQL}). */
export const SNOWFLAKE_IMPORTED_KEYS_SQL = 'SHOW IMPORTED KEYS IN DATABASE';

/** Snowflake type text from INFORMATION_SCHEMA parts: `TEXT` -> `VARCHAR(n)`, `NUMBER(p,s)`, others as given. */
export function snowflakeTypeName(r: CatalogRow): string {
  const base = str(r.data_type) ?? '';
  const len = num(r.char_length);
  if (/^TEXT$/i.test(base) && len !== null) return `VARCHAR(${len})`;
  if (/^(NUMBER|DECIMAL|NUMERIC)$/i.test(base) && num(r.numeric_precision) !== null)
    return `NUMBER(${num(r.numeric_precision)},${num(r.numeric_scale) ?? 0})`;
  return base;
}

/** SHOW ... KEYS rows in key_sequence order (a missing sequence counts as 0; the sort is stable). */
const byKeySequence = (rows: CatalogRow[]) =>
  [...rows].sort((a, b) => (num(a.key_sequence) ?? 0) - (num(b.key_sequence) ?? 0));

/**
 * Builds TableSchema[] from INFORMATION_SCHEMA rows and SHOW PRIMARY KEYS / SHOW IMPORTED KEYS rows (pure; no
 * database; see assembleInformationSchema), renaming the SHOW columns (schema_name, fk_schema_name, fk_name,
 * pk_table_name, ...) to the information_schema layout. Tables of `currentSchema` get `schema: null`. Untested
 * against a live account.
 */
export function buildSnowflakeTables(
  currentSchema: string | null,
  tableRows: CatalogRow[],
  columnRows: CatalogRow[],
  pkRows: CatalogRow[],
  fkRows: CatalogRow[],
): TableSchema[] {
  return assembleInformationSchema(
    currentSchema,
    {
      tables: tableRows,
      columns: columnRows,
      primaryKeys: byKeySequence(pkRows).map((r) => ({
        table_schema: r.schema_name,
        table_name: r.table_name,
        column_name: r.column_name,
      })),
      foreignKeys: byKeySequence(fkRows).map((r) => ({
        table_schema: r.fk_schema_name,
        table_name: r.fk_table_name,
        constraint_name: r.fk_name,
        column_name: r.fk_column_name,
        ref_schema: r.pk_schema_name,
        ref_table: r.pk_table_name,
        ref_column: r.pk_column_name,
      })),
    },
    { typeName: snowflakeTypeName },
  );
}

/** Runs the Snowflake catalog queries through `query`; a failing SHOW (no current database) only drops the keys. */
export async function introspectSnowflake(query: CatalogQuery): Promise<TableSchema[]> {
  const current = str((await query(SNOWFLAKE_CURRENT_SCHEMA_SQL))[0]?.current_schema);
  const tableRows = await query(SNOWFLAKE_TABLES_SQL);
  const columnRows = await query(SNOWFLAKE_COLUMNS_SQL);
  const pkRows = await query(SNOWFLAKE_PRIMARY_KEYS_SQL).catch(() => []);
  const fkRows = await query(SNOWFLAKE_IMPORTED_KEYS_SQL).catch(() => []);
  return buildSnowflakeTables(current, tableRows, columnRows, pkRows, fkRows);
}
