import type { DatabaseError } from '@nlq/db-drivers';

/** What to do after a database error. */
export type CorrectionDecision =
  | { action: 'retry'; previousAttempt: { sql: string; error: string } }
  | { action: 'fail'; error: string; status: 'error' | 'refused' };

/**
 * Pipeline step 10 (docs/architecture.md): a database error on a read goes back to generation with the failing SQL and the
 * engine's error text, while `retriesUsed < maxRetries`. Not corrected: connection and timeout errors (a new SQL
 * would not help: the user reads that the database was unreachable or too slow), unsupported features, and a
 * read-only violation (a write slipped past the checker and the database refused it: refused, never retried).
 */
export function decideCorrection(
  error: DatabaseError,
  sql: string,
  retriesUsed: number,
  maxRetries: number,
): CorrectionDecision {
  if (isCorrectable(error) && retriesUsed < maxRetries)
    return { action: 'retry', previousAttempt: { sql, error: error.message } };
  return { action: 'fail', ...correctionFailure(error, retriesUsed) };
}

/**
 * How a database error ends the request when it is not retried: a connection, timeout, read-only or
 * unsupported-feature error says what happened (a read-only violation is `refused`); any other error says that no
 * working SQL was found after `retriesUsed + 1` attempts ({@link exhaustedMessage}).
 */
export function correctionFailure(
  error: DatabaseError,
  retriesUsed: number,
): { status: 'error' | 'refused'; error: string } {
  switch (error.kind) {
    case 'connection':
      return { status: 'error', error: `The database could not be reached: ${error.message}` };
    case 'timeout':
      return { status: 'error', error: `The query took too long and was cancelled: ${error.message}` };
    case 'read_only':
      return { status: 'refused', error: `The database refused to change data in a read-only query: ${error.message}` };
    case 'unsupported':
      return { status: 'error', error: `The database does not support this: ${error.message}` };
    default:
      return { status: 'error', error: exhaustedMessage(retriesUsed, error.message) };
  }
}

/**
 * True when a database error is one a new SQL statement may fix (the kinds {@link decideCorrection} retries):
 * not a connection, timeout, read-only or unsupported-feature error.
 */
export function isCorrectable(error: DatabaseError): boolean {
  return !['connection', 'timeout', 'read_only', 'unsupported'].includes(error.kind);
}

/** The final error after every retry was used: says how many attempts and the last error. */
export function exhaustedMessage(retriesUsed: number, lastError: string): string {
  const attempts = retriesUsed + 1;
  return `No working SQL after ${attempts} attempt${attempts === 1 ? '' : 's'}; last error: ${lastError}`;
}
