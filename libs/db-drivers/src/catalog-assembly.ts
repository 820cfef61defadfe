import type { TableSchema } from '@nlq/contracts';
import { type CatalogRow, comment, num, str } from './catalog-query';

/** Map key of one table: schema and name joined by NUL (neither can hold NUL). */
export function tableKey(schema: unknown, name: unknown): string {
  return `${str(schema)}\u0000${str(name)}`;
}

/**
 * Schema as TableSchema.schema shows it: null for `currentSchema` (the one unqualified names resolve to, so its
 * tables are referenced by bare name), else the schema name. A null `currentSchema` hides none.
 */
export function schemaVisibility(currentSchema: string | null): (schema: unknown) => string | null {
  return (schema) => (currentSchema !== null && str(schema) === currentSchema ? null : str(schema));
}

/**
 * Catalog rows in the information_schema layout, by the column names the catalog queries select:
 * - `tables`: table_schema, table_name, table_type (a view when it contains VIEW), table_comment, row_count;
 * - `columns`: table_schema, table_name, column_name, is_nullable (YES/NO), column_comment (type via `typeName`);
 * - `primaryKeys`: table_schema, table_name, column_name, one row a key column, in key order;
 * - `foreignKeys`: table_schema, table_name, constraint_name, column_name, ref_schema, ref_table, ref_column,
 *   one row a column pair, in pairing order.
 */
export interface InformationSchemaRows {
  tables: CatalogRow[];
  columns: CatalogRow[];
  primaryKeys: CatalogRow[];
  foreignKeys: CatalogRow[];
}

/** What differs between engines that share the information_schema layout. */
export interface InformationSchemaAssembly {
  /** Declared type text of one column row, e.g. `varchar(80)`. */
  typeName(row: CatalogRow): string;
  /** Drop the comment of views (MySQL fills TABLE_COMMENT of every view with 'VIEW'); default false. */
  dropViewComments?: boolean;
}

/**
 * Builds TableSchema[] from information_schema-style catalog rows (pure; no database), shared by the SQL Server,
 * MySQL/MariaDB and Snowflake introspectors. Tables of `currentSchema` get `schema: null` and are referenced by
 * bare name in foreign keys, others as `schema.table`; views get `rowCount: null`; empty comments become null;
 * a column's primaryKey flag is set from the table's primary key. Rows of tables not in `rows.tables` are
 * ignored. Tables keep catalog order, foreign keys the order of their first column row.
 */
export function assembleInformationSchema(
  currentSchema: string | null,
  rows: InformationSchemaRows,
  assembly: InformationSchemaAssembly,
): TableSchema[] {
  const tables = new Map<string, TableSchema>();
  const visible = schemaVisibility(currentSchema);
  for (const r of rows.tables) {
    const isView = /VIEW/i.test(str(r.table_type) ?? '');
    tables.set(tableKey(r.table_schema, r.table_name), {
      name: str(r.table_name)!,
      schema: visible(r.table_schema),
      kind: isView ? 'view' : 'table',
      columns: [],
      primaryKey: [],
      foreignKeys: [],
      comment: isView && assembly.dropViewComments ? null : comment(r.table_comment),
      rowCount: isView ? null : num(r.row_count),
    });
  }
  for (const r of rows.columns) {
    tables.get(tableKey(r.table_schema, r.table_name))?.columns.push({
      name: str(r.column_name)!,
      type: assembly.typeName(r),
      nullable: /^YES$/i.test(str(r.is_nullable) ?? ''),
      primaryKey: false,
      comment: comment(r.column_comment),
    });
  }
  for (const r of rows.primaryKeys)
    tables.get(tableKey(r.table_schema, r.table_name))?.primaryKey.push(str(r.column_name)!);
  const fks = new Map<string, { t: TableSchema; columns: string[]; refTable: string; refColumns: string[] }>();
  for (const r of rows.foreignKeys) {
    const t = tables.get(tableKey(r.table_schema, r.table_name));
    if (!t) continue;
    const k = `${tableKey(r.table_schema, r.table_name)}\u0000${str(r.constraint_name)}`;
    let fk = fks.get(k);
    if (!fk) {
      const refSchema = visible(r.ref_schema);
      fk = {
        t,
        columns: [],
        refTable: refSchema ? `${refSchema}.${str(r.ref_table)}` : str(r.ref_table)!,
        refColumns: [],
      };
      fks.set(k, fk);
    }
    fk.columns.push(str(r.column_name)!);
    fk.refColumns.push(str(r.ref_column)!);
  }
  for (const t of tables.values()) for (const c of t.columns) c.primaryKey = t.primaryKey.includes(c.name);
  for (const fk of fks.values())
    fk.t.foreignKeys.push({ columns: fk.columns, referencedTable: fk.refTable, referencedColumns: fk.refColumns });
  return [...tables.values()];
}
