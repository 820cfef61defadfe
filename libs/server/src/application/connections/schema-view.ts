import type { ConnectionSchemaResponse, DatabaseSchema, SchemaTableView, TableSchema } from '@nlq/contracts';

/**
 * The introspected schema of a connection as GET /api/connections/{id}/schema answers it (contracts
 * connection-schema.ts): tables in name order, each column with its type, nullability, primary-key flag and the
 * column it references, and the `description` of tables and columns (their comment, with the connection's description
 * definitions laid over it by the caller). Sample and known values stay out (they are data, not schema). Pure.
 */
export function schemaView(connectionId: string, schema: DatabaseSchema): ConnectionSchemaResponse {
  return {
    connection_id: connectionId,
    version: schema.version,
    introspected_at: schema.introspectedAt,
    tables: [...schema.tables]
      .sort((a, b) => (a.schema ?? '').localeCompare(b.schema ?? '') || a.name.localeCompare(b.name))
      .map(tableView),
  };
}

function tableView(table: TableSchema): SchemaTableView {
  const references = new Map<string, { table: string; column: string }>();
  for (const fk of table.foreignKeys)
    fk.columns.forEach((column, i) =>
      references.set(column, { table: fk.referencedTable, column: fk.referencedColumns[i] ?? '' }),
    );
  return {
    schema: table.schema ?? null,
    name: table.name,
    kind: table.kind,
    description: table.comment ?? null,
    columns: table.columns.map((c) => ({
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      primary_key: c.primaryKey,
      references: references.get(c.name) ?? null,
      description: c.comment ?? null,
    })),
    primary_key: table.primaryKey,
    foreign_keys: table.foreignKeys.map((fk) => ({
      columns: fk.columns,
      referenced_table: fk.referencedTable,
      referenced_columns: fk.referencedColumns,
    })),
  };
}
