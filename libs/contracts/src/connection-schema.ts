/**
 * What the web app shows to help a person find their way in a connection's data: its schema as
 * tables and columns (GET /api/connections/{id}/schema) and example questions checked against it (GET
 * /api/connections/{id}/example-questions).
 */

/** One column of {@link SchemaTableView}. */
export interface SchemaColumnView {
  name: string;
  /** Declared type as the engine spells it (`INTEGER`, `character varying(80)`). */
  type: string;
  nullable: boolean;
  primary_key: boolean;
  /** The table and column this column references, when it is part of a foreign key. */
  references: { table: string; column: string } | null;
  /** What the column means: its description definition and its database comment (docs/knowledge.md "Descriptions"), else null. */
  description: string | null;
}

/** One table or view of GET /api/connections/{id}/schema. */
export interface SchemaTableView {
  /** Namespace (PostgreSQL schema, MySQL database) when not the default, else null. */
  schema: string | null;
  name: string;
  kind: 'table' | 'view';
  /** What the table means: its description definition and its database comment, else null. */
  description: string | null;
  columns: SchemaColumnView[];
  primary_key: string[];
  foreign_keys: Array<{ columns: string[]; referenced_table: string; referenced_columns: string[] }>;
}

/** Answer of GET /api/connections/{id}/schema: the cached introspection, tables in name order. */
export interface ConnectionSchemaResponse {
  connection_id: string;
  /** Content hash of the schema (changes exactly when the schema does). */
  version: string;
  /** ISO-8601 time of the introspection. */
  introspected_at: string;
  tables: SchemaTableView[];
}

/** Answer of GET /api/connections/{id}/example-questions. */
export interface ExampleQuestionsResponse {
  connection_id: string;
  /** Version of the schema the questions were built from and checked against. */
  schema_version: string;
  /** Questions the offline engine answered with at least one row, checked read-only before they are listed. */
  questions: string[];
}
