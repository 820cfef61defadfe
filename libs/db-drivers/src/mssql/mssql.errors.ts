import { DatabaseError, type DatabaseErrorKind } from '../errors';

/**
 * SQL Server error numbers (https://learn.microsoft.com/sql/relational-databases/errors-events/database-engine-events-and-errors)
 * -> DatabaseErrorKind.
 */
const BY_NUMBER: Record<number, DatabaseErrorKind> = {
  102: 'syntax', // Incorrect syntax near '%.*ls'
  156: 'syntax', // Incorrect syntax near the keyword '%.*ls'
  170: 'syntax', // Line %d: Incorrect syntax near '%.*ls'
  207: 'syntax', // Invalid column name '%.*ls'
  208: 'syntax', // Invalid object name '%.*ls'
  209: 'syntax', // Ambiguous column name '%.*ls'
  195: 'syntax', // '%.*ls' is not a recognized built-in function name
  4104: 'syntax', // The multi-part identifier "%.*ls" could not be bound
  8120: 'syntax', // Column is invalid in the select list because it is not in an aggregate or GROUP BY
  1033: 'syntax', // ORDER BY is invalid in views, derived tables ... unless TOP is also specified
  3906: 'read_only', // Failed to update database "%.*ls" because the database is read-only
  262: 'read_only', // %ls permission denied in database '%.*ls' (e.g. CREATE TABLE)
  2627: 'constraint', // Violation of %ls constraint '%.*ls' (unique / primary key)
  2601: 'constraint', // Cannot insert duplicate key row (unique index)
  547: 'constraint', // The %ls statement conflicted with the %ls constraint (foreign key / check)
  515: 'constraint', // Cannot insert the value NULL into column
  1222: 'timeout', // Lock request time out period exceeded
  1205: 'other', // Deadlock victim
  18456: 'connection', // Login failed for user
  4060: 'connection', // Cannot open database requested by the login
  40613: 'connection', // (Azure) Database is not currently available
};

/** Write verbs of error 229 ("The %ls permission was denied on the object"): a read-only login refusing a write. */
const WRITE_PERMISSION = /\b(INSERT|UPDATE|DELETE|ALTER|CREATE|DROP|EXECUTE|TRUNCATE|REFERENCES)\b permission/i;

/**
 * DatabaseErrorKind for a SQL Server error number (table above). Error 229 (permission denied) is `read_only`
 * when the denied permission is a write verb: on SQL Server the read-only defense is a login with only
 * db_datareader, so that refusal is the database refusing a write.
 */
export function mssqlErrorKind(number: number, message = ''): DatabaseErrorKind {
  if (number === 229 || number === 230) return WRITE_PERMISSION.test(message) ? 'read_only' : 'other';
  return BY_NUMBER[number] ?? 'other';
}

/**
 * Maps an error of the mssql package (https://github.com/tediousjs/node-mssql#errors) to a DatabaseError:
 * a server error by its `number` ({@link mssqlErrorKind}); else by the package's `code`: ELOGIN, ESOCKET,
 * EINSTLOOKUP, ECONNCLOSED, ENOTOPEN, and ETIMEOUT of a ConnectionError -> connection; ETIMEOUT of a
 * RequestError (requestTimeout elapsed) and ECANCEL -> timeout. Untested against a live server: error numbers
 * and codes are those the documentation names.
 */
export function mapMssqlError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const e = (error ?? {}) as {
    number?: unknown;
    code?: unknown;
    message?: string;
    name?: string;
    originalError?: { info?: { number?: number } };
  };
  const message = e.message ?? String(error);
  const number = typeof e.number === 'number' ? e.number : e.originalError?.info?.number;
  if (typeof number === 'number' && number > 0)
    return new DatabaseError(mssqlErrorKind(number, message), message, String(number));
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code === 'ETIMEOUT')
    return new DatabaseError(e.name === 'ConnectionError' ? 'connection' : 'timeout', message, code);
  if (code === 'ECANCEL') return new DatabaseError('timeout', message, code);
  if (
    code &&
    ['ELOGIN', 'ESOCKET', 'EINSTLOOKUP', 'ECONNCLOSED', 'ENOTOPEN', 'ECONNREFUSED', 'ENOTFOUND', 'EDRIVER'].includes(
      code,
    )
  ) {
    return new DatabaseError('connection', message, code);
  }
  return new DatabaseError('other', message, code);
}
