/** What the SQL checker decides about one statement (docs/architecture.md step 7). */

/**
 * - `read`: SELECT (including WITH ... SELECT, UNION, EXPLAIN-free queries) that changes nothing.
 * - `write`: INSERT, UPDATE, DELETE, MERGE/REPLACE/UPSERT.
 * - `ddl`: CREATE, ALTER, DROP, TRUNCATE, GRANT and other administrative statements.
 * - `refused`: unparseable, more than one statement, or something never allowed (ATTACH, PRAGMA, load_extension,
 *   COPY ... PROGRAM, INTO OUTFILE, ...).
 */
export type SqlKind = 'read' | 'write' | 'ddl' | 'refused';

export interface SqlClassification {
  kind: SqlKind;
  /** Human-readable reason, always set for `refused`, e.g. "2 statements found; exactly one is allowed". */
  reason?: string;
  /** Statement type as parsed, lower case: select, insert, update, delete, create, drop, ... */
  statementType?: string;
  /** Tables referenced (lower-cased, without schema prefix). */
  tables: string[];
}
