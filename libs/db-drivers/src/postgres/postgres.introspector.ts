import type { TableSchema } from '@nlq/contracts';
import { schemaVisibility, tableKey } from '../catalog-assembly';
import { type CatalogQuery, type CatalogRow, comment, num, str, truthy } from '../catalog-query';
import { SAMPLE_VALUE_LIMIT, MAX_SAMPLE_VALUE_LENGTH } from '../sample-values';

/** Namespaces that hold the system catalogs, excluded from introspection. */
const USER_RELATION_FILTER =
  "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%' " +
  "AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition AND has_table_privilege(c.oid, 'SELECT')";

/** The schema unqualified names resolve to (first of search_path): its tables get `schema: null`. */
export const PG_CURRENT_SCHEMA_SQL = 'SELECT current_schema() AS current_schema';

/**
 * Tables, partitioned tables, foreign tables, views and materialized views the user may SELECT, with
 * obj_description comments and reltuples row estimates (-1 = never analyzed -> null). From pg_catalog rather
 * than information_schema.tables, which omits materialized views and lists every partition.
 */
export const PG_TABLES_SQL =
  'SELECT n.nspname AS table_schema, c.relname AS table_name, ' +
  "CASE WHEN c.relkind IN ('v', 'm') THEN 'view' ELSE 'table' END AS kind, " +
  "obj_description(c.oid, 'pg_class') AS table_comment, " +
  'CASE WHEN c.reltuples < 0 THEN NULL ELSE c.reltuples::bigint END AS row_estimate ' +
  'FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace ' +
  `WHERE ${USER_RELATION_FILTER} ORDER BY n.nspname, c.relname`;

/** Columns in declared order with format_type (e.g. `character varying(80)`), NOT NULL, col_description, enum flag. */
export const PG_COLUMNS_SQL =
  'SELECT n.nspname AS table_schema, c.relname AS table_name, a.attname AS column_name, ' +
  'format_type(a.atttypid, a.atttypmod) AS data_type, a.attnotnull AS not_null, ' +
  "col_description(c.oid, a.attnum) AS column_comment, t.typtype = 'e' AS is_enum, a.atttypid::bigint AS type_oid " +
  'FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid ' +
  'JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace JOIN pg_catalog.pg_type t ON t.oid = a.atttypid ' +
  `WHERE a.attnum > 0 AND NOT a.attisdropped AND ${USER_RELATION_FILTER} ORDER BY n.nspname, c.relname, a.attnum`;

/**
 * Primary keys (contype p) and foreign keys (contype f) from pg_constraint, with the key columns paired by
 * position (ordered by array_position in conkey/confkey), which information_schema cannot do reliably.
 */
export const PG_KEYS_SQL =
  'SELECT n.nspname AS table_schema, c.relname AS table_name, con.conname AS constraint_name, con.contype AS constraint_type, ' +
  'ARRAY(SELECT CAST(a.attname AS text) FROM pg_catalog.pg_attribute a WHERE a.attrelid = con.conrelid ' +
  'AND a.attnum = ANY (con.conkey) ORDER BY array_position(con.conkey, a.attnum)) AS column_names, ' +
  'rn.nspname AS ref_schema, rc.relname AS ref_table, ' +
  'ARRAY(SELECT CAST(a.attname AS text) FROM pg_catalog.pg_attribute a WHERE a.attrelid = con.confrelid ' +
  'AND a.attnum = ANY (con.confkey) ORDER BY array_position(con.confkey, a.attnum)) AS ref_column_names ' +
  'FROM pg_catalog.pg_constraint con JOIN pg_catalog.pg_class c ON c.oid = con.conrelid ' +
  'JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace ' +
  'LEFT JOIN pg_catalog.pg_class rc ON rc.oid = con.confrelid LEFT JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace ' +
  `WHERE con.contype IN ('p', 'f') AND ${USER_RELATION_FILTER} ORDER BY n.nspname, c.relname, con.conname`;

/** Labels of every enum type, in declared order (they are the sample values of enum columns). */
export const PG_ENUMS_SQL =
  'SELECT e.enumtypid::bigint AS type_oid, e.enumlabel AS label FROM pg_catalog.pg_enum e ORDER BY e.enumtypid, e.enumsortorder';

function asStringArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map((x) => String(x));
  const s = str(v);
  if (!s) return [];
  return s
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((x) => x.replace(/^"|"$/g, ''));
}

/**
 * Builds TableSchema[] from the rows of the catalog queries above (pure; no database). Tables in
 * `currentSchema` get `schema: null` and are referenced by bare name in foreign keys; others keep their schema
 * and are referenced as `schema.table`. Enum columns get their labels as sample values (when at most 50, each at
 * most 60 characters).
 */
export function buildPostgresTables(
  currentSchema: string,
  tableRows: CatalogRow[],
  columnRows: CatalogRow[],
  keyRows: CatalogRow[],
  enumRows: CatalogRow[] = [],
): TableSchema[] {
  const tables = new Map<string, TableSchema>();
  const visibleSchema = schemaVisibility(currentSchema);
  for (const r of tableRows) {
    tables.set(tableKey(r.table_schema, r.table_name), {
      name: str(r.table_name)!,
      schema: visibleSchema(r.table_schema),
      kind: r.kind === 'view' ? 'view' : 'table',
      columns: [],
      primaryKey: [],
      foreignKeys: [],
      comment: comment(r.table_comment),
      rowCount: num(r.row_estimate),
    });
  }
  const enums = new Map<string, string[]>();
  for (const r of enumRows) enums.set(str(r.type_oid)!, [...(enums.get(str(r.type_oid)!) ?? []), str(r.label)!]);
  for (const r of columnRows) {
    const t = tables.get(tableKey(r.table_schema, r.table_name));
    if (!t) continue;
    const column: TableSchema['columns'][number] = {
      name: str(r.column_name)!,
      type: str(r.data_type) ?? '',
      nullable: !truthy(r.not_null),
      primaryKey: false,
      comment: comment(r.column_comment),
    };
    const labels = truthy(r.is_enum) ? enums.get(str(r.type_oid) ?? '') : undefined;
    if (labels && labels.length <= SAMPLE_VALUE_LIMIT) {
      const kept = labels.filter((l) => l.length <= MAX_SAMPLE_VALUE_LENGTH);
      if (kept.length) column.sampleValues = kept;
    }
    t.columns.push(column);
  }
  for (const r of keyRows) {
    const t = tables.get(tableKey(r.table_schema, r.table_name));
    if (!t) continue;
    const columns = asStringArray(r.column_names);
    if (r.constraint_type === 'p') {
      t.primaryKey = columns;
      for (const c of t.columns) if (columns.includes(c.name)) c.primaryKey = true;
    } else {
      const refSchema = visibleSchema(r.ref_schema);
      t.foreignKeys.push({
        columns,
        referencedTable: refSchema ? `${refSchema}.${str(r.ref_table)}` : str(r.ref_table)!,
        referencedColumns: asStringArray(r.ref_column_names),
      });
    }
  }
  return [...tables.values()];
}

/** Runs the PostgreSQL catalog queries through `query` and builds the tables (text sample values come later). */
export async function introspectPostgres(query: CatalogQuery): Promise<TableSchema[]> {
  const current = str((await query(PG_CURRENT_SCHEMA_SQL))[0]?.current_schema) ?? 'public';
  const tableRows = await query(PG_TABLES_SQL);
  const columnRows = await query(PG_COLUMNS_SQL);
  const keyRows = await query(PG_KEYS_SQL);
  const enumRows = await query(PG_ENUMS_SQL);
  return buildPostgresTables(current, tableRows, columnRows, keyRows, enumRows);
}
