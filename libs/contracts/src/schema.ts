/**
 * Introspected database schema, shared by drivers (which produce it), providers (which prompt with it) and the
 * pipeline (which links, validates and caches it). Plain data: it must survive JSON round trips.
 */

/** SQL dialects nlq speaks. Names follow node-sql-parser's `database` option where one exists. */
export type Dialect = 'sqlite' | 'postgresql' | 'mysql' | 'mariadb' | 'transactsql' | 'snowflake';

/** One column of a table, as the database's catalog reports it. */
export interface ColumnSchema {
  name: string;
  /** Declared type as the engine spells it, e.g. `INTEGER`, `character varying(80)`, `NUMBER(38,0)`. */
  type: string;
  nullable: boolean;
  /** True when the column is part of the table's primary key. */
  primaryKey: boolean;
  comment?: string | null;
  /**
   * A few distinct values of a low-cardinality text column (at most 50, only when the column has at most 50
   * distinct values), so schema linking and the offline engine can match words of a question to data values.
   */
  sampleValues?: string[];
  /**
   * Distinct values of a high-cardinality text column (more than 50), as read from a bounded scan at introspection
   * (libs/db-drivers sample-values.ts: at most 10,000 a column, 60 characters each, 100,000 in one schema), for
   * value retrieval: matching the names a question gives ("san francisco", "buttercup kitchen") to the column
   * that holds them. A sample, not a census; prompts do not list them. Absent when not collected.
   */
  knownValues?: string[];
  /**
   * True when the column was declared without a type (SQLite `CREATE TABLE t (a, b)`, common in CSV imports) and
   * `type` was read from its values at introspection (libs/db-drivers sqlite-typeless-columns.ts, by SQLite's
   * storage classes: INTEGER, REAL, TEXT, DATE, DATETIME or BLOB). Absent for declared types.
   */
  typeFromValues?: boolean;
}

/** A foreign key: `columns` of the owning table reference `referencedColumns` of `referencedTable`. */
export interface ForeignKeySchema {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

/** One table or view. `schema` is the namespace (PostgreSQL schema, MySQL database) when not the default. */
export interface TableSchema {
  name: string;
  schema?: string | null;
  kind: 'table' | 'view';
  columns: ColumnSchema[];
  primaryKey: string[];
  foreignKeys: ForeignKeySchema[];
  comment?: string | null;
  /** Approximate row count when the engine reports one cheaply (statistics), else null. */
  rowCount?: number | null;
}

/** The result of introspecting one connection. */
export interface DatabaseSchema {
  dialect: Dialect;
  tables: TableSchema[];
  /** ISO-8601 time of introspection. */
  introspectedAt: string;
  /** Content hash of tables/columns/keys: changes exactly when the schema changes (cache key component). */
  version: string;
}
