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
  /**
   * Rows the statement returns without its row limit, when the limit cut the result and the pipeline counted them
   * within the statement timeout (docs/http-api.md "Readings, clarifications and honest counts"); absent or null otherwise.
   */
  totalRows?: number | null;
  /** Wall time of the statement in milliseconds. */
  durationMs: number;
}

/** Outcome of an approved write or DDL statement, run in its own transaction. */
export interface WriteResult {
  /** Rows inserted, updated or deleted; 0 for DDL. */
  rowsAffected: number;
  durationMs: number;
}

/**
 * One earlier turn of a session, for follow-up questions ("and in the US?"): the question, the SQL that answered it
 * and a one-line summary of its result (e.g. `1 row: count = 42` or `0 rows`). Sent oldest first, newest last.
 */
export interface ConversationTurn {
  question: string;
  sql: string;
  /** One line, at most about 200 characters. */
  resultSummary: string;
}

/** The rows of an executed statement to be worded as an answer (a model or the offline engine); rows are bounded. */
export interface AnswerRequest {
  question: string;
  sql: string;
  columns: string[];
  rows: unknown[][];
  /** Total rows returned by the query (may exceed rows.length). */
  rowCount: number;
  truncated: boolean;
  /** When `truncated`: the rows the statement returns without its row limit, if they were counted; else absent or null. */
  totalRows?: number | null;
}

/** How the web app may chart a result; null when a table is the best view. */
export interface ChartSuggestion {
  type: 'bar' | 'line' | 'pie' | 'number';
  /** Category or time column (absent for `number`). */
  x?: string;
  /** Numeric columns to plot. */
  y: string[];
}
