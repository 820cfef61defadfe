import type { TableSchema } from '@nlq/contracts';
import { type CatalogQuery, type CatalogRow, comment, num, str } from '../catalog-query';

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
  if (/^(NUMBER|DECIMAL|NUMERIC)$/i.test(base) && num(r.numeric_precision) !== null) return `NUMBER(${num(r.numeric_precision)},${num(r.numeric_scale) ?? 0})`;
  return base;
}

const key = (schema: unknown, name: unknown) => `${str(schema)}\u0000${str(name)}`;

/**
 * Builds TableSchema[] from INFORMATION_SCHEMA rows and SHOW PRIMARY KEYS / SHOW IMPORTED KEYS rows (pure; no
 * database). Tables of `currentSchema` get `schema: null`. Untested against a live account.
 */
export function buildSnowflakeTables(currentSchema: string | null, tableRows: CatalogRow[], columnRows: CatalogRow[], pkRows: CatalogRow[], fkRows: CatalogRow[]): TableSchema[] {
  const tables = new Map<string, TableSchema>();
  const visible = (s: unknown) => (currentSchema !== null && str(s) === currentSchema ? null : str(s));
  for (const r of tableRows) {
    const isView = /VIEW/i.test(str(r.table_type) ?? '');
    tables.set(key(r.table_schema, r.table_name), {
      name: str(r.table_name)!,
      schema: visible(r.table_schema),
      kind: isView ? 'view' : 'table',
      columns: [],
      primaryKey: [],
      foreignKeys: [],
      comment: comment(r.table_comment),
      rowCount: isView ? null : num(r.row_count),
    });
  }
  for (const r of columnRows) {
    tables.get(key(r.table_schema, r.table_name))?.columns.push({
      name: str(r.column_name)!,
      type: snowflakeTypeName(r),
      nullable: /^YES$/i.test(str(r.is_nullable) ?? ''),
      primaryKey: false,
      comment: comment(r.column_comment),
    });
  }
  const sortedPks = [...pkRows].sort((a, b) => (num(a.key_sequence) ?? 0) - (num(b.key_sequence) ?? 0));
  for (const r of sortedPks) tables.get(key(r.schema_name, r.table_name))?.primaryKey.push(str(r.column_name)!);
  const fks = new Map<string, { t: TableSchema; columns: string[]; refTable: string; refColumns: string[] }>();
  const sortedFks = [...fkRows].sort((a, b) => (num(a.key_sequence) ?? 0) - (num(b.key_sequence) ?? 0));
  for (const r of sortedFks) {
    const t = tables.get(key(r.fk_schema_name, r.fk_table_name));
    if (!t) continue;
    const k = `${key(r.fk_schema_name, r.fk_table_name)}\u0000${str(r.fk_name)}`;
    let fk = fks.get(k);
    if (!fk) {
      const refSchema = visible(r.pk_schema_name);
      fk = { t, columns: [], refTable: refSchema ? `${refSchema}.${str(r.pk_table_name)}` : str(r.pk_table_name)!, refColumns: [] };
      fks.set(k, fk);
    }
    fk.columns.push(str(r.fk_column_name)!);
    fk.refColumns.push(str(r.pk_column_name)!);
  }
  for (const t of tables.values()) for (const c of t.columns) c.primaryKey = t.primaryKey.includes(c.name);
  for (const fk of fks.values()) fk.t.foreignKeys.push({ columns: fk.columns, referencedTable: fk.refTable, referencedColumns: fk.refColumns });
  return [...tables.values()];
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
