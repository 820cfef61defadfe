/** Result shapes of running SQL, shared by drivers, pipeline and the HTTP surfaces. */

/** Rows of a read, column-major names plus row arrays (duplicate column names stay distinct). */
export interface ReadResult {
  columns: string[];
  /** Each row is one array aligned with `columns`; values are JSON-safe (bigint and Date become strings). */
  rows: unknown[][];
  /** Number of rows in `rows`. */
  rowCount: number;
  /** True when the row limit cut the result short (more rows existed). */
  truncated: boolean;
  /** Wall time of the statement in milliseconds. */
  durationMs: number;
}

/** Outcome of an approved write or DDL statement, run in its own transaction. */
export interface WriteResult {
  /** Rows inserted, updated or deleted; 0 for DDL. */
  rowsAffected: number;
  durationMs: number;
}
