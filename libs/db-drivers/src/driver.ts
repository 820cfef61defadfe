import type { DatabaseSchema, Dialect, ReadResult, WriteResult } from '@nlq/contracts';

/** Limits applied to one read. */
export interface ReadOptions {
  /** Maximum rows returned; one more is fetched to set `truncated`. */
  maxRows: number;
  /** Statement timeout in milliseconds; the engine cancels the statement past it where it can. */
  timeoutMs: number;
  /**
   * Positional parameters of the statement, bound by the engine, never written into the text: `$1, $2, ...` on
   * PostgreSQL, `?` on SQLite and MySQL/MariaDB (a prepared statement). Absent: none.
   */
  params?: readonly string[];
  /**
   * Who the read runs for, in the database (PostgreSQL only; other engines ignore it): inside the read-only
   * transaction, `SET LOCAL ROLE <role>` and `set_config(name, value, true)` per setting (values bound as
   * parameters) before the statement, so the database's own row-level security policies apply (PostgreSQL manual,
   * "Row Security Policies" and "set_config"). Both end with the transaction.
   */
  identity?: DatabaseIdentity;
}

/** A database role and transaction-local settings a read runs under (ReadOptions.identity). */
export interface DatabaseIdentity {
  /** A database role the connection's user is a member of. */
  role: string;
  /** Setting name (e.g. `nlq.user_country`) to value. */
  settings: Readonly<Record<string, string>>;
}

/** Limits applied to one approved write. */
export interface WriteOptions {
  timeoutMs: number;
}

/**
 * One database engine behind one connection URL (kysely-style: one folder an engine with driver, dialect and
 * introspector). Implementations never classify SQL themselves: the pipeline checks SQL before calling them.
 *
 * Errors: every method rejects with a {@link DatabaseError} (see errors.ts) whose `kind` tells connection,
 * timeout, syntax/semantic, read-only violation or other.
 */
export interface DatabaseDriver {
  readonly dialect: Dialect;
  /** Open the pool/handle. Idempotent. */
  connect(): Promise<void>;
  /** Tables, views, columns, types, nullability, keys, comments and low-cardinality sample values. */
  introspect(): Promise<DatabaseSchema>;
  /**
   * Run one read inside a read-only transaction (PostgreSQL, MySQL/MariaDB: START TRANSACTION READ ONLY) or a
   * read-only connection (SQLite: a handle opened readonly), with a row limit and a statement timeout.
   */
  runRead(sql: string, options: ReadOptions): Promise<ReadResult>;
  /** Run one approved write or DDL statement in its own transaction, committed on success; reports rows affected. */
  runWrite(sql: string, options: WriteOptions): Promise<WriteResult>;
  /** Cheap reachability check (SELECT 1). Resolves with round-trip milliseconds. */
  ping(): Promise<number>;
  /** Release every handle. Idempotent. */
  close(): Promise<void>;
}
