import { DatabaseError, type DatabaseErrorKind } from '../errors';

/** Snowflake server error codes (six digits, as strings) -> DatabaseErrorKind. */
const BY_CODE = new Map<string, DatabaseErrorKind>(
  Object.entries({
    '000630': 'timeout', // Statement reached its statement or warehouse timeout ... and was canceled
    '000604': 'timeout', // SQL execution canceled
    '001003': 'syntax', // SQL compilation error: syntax error line %d at position %d unexpected '%s'
    '002003': 'syntax', // SQL compilation error: Object '%s' does not exist or not authorized
    '000904': 'syntax', // SQL compilation error: invalid identifier '%s'
    '002140': 'syntax', // SQL compilation error: Unknown function %s
    '001044': 'syntax', // SQL compilation error: Invalid argument types for function
    '002028': 'syntax', // SQL compilation error: ambiguous column name '%s'
    '003001': 'read_only', // Insufficient privileges to operate on %s (a read-only role refusing a write)
    '100072': 'constraint', // NULL result in a non-nullable column
    '390100': 'connection', // Incorrect username or password was specified
    '390101': 'connection', // User temporarily locked
    '390102': 'connection', // User is disabled
    '390144': 'connection', // JWT token is invalid
    '390189': 'connection', // Role specified in the connect string does not exist or not authorized
    '390201': 'connection', // The requested database does not exist or not authorized
    '390114': 'connection', // Authentication token has expired
  }),
);

/**
 * DatabaseErrorKind for a Snowflake error `code`: the server codes above
 * (https://docs.snowflake.com/en/user-guide/client-connectivity-troubleshooting/error-messages and the messages
 * the server sends), and snowflake-sdk's own numeric codes: 401xxx/402xxx network and response failures and
 * 404xxx invalid connection options -> connection. `003001` (insufficient privileges) is `read_only` because a
 * read-only role is Snowflake's read-only defense.
 */
export function snowflakeErrorKind(code: string | number | undefined, sqlState?: string): DatabaseErrorKind {
  const c = code === undefined ? '' : String(code);
  const kind = BY_CODE.get(c.padStart(6, '0'));
  if (kind) return kind;
  const n = Number(c);
  if (n >= 401000 && n < 403000) return 'connection';
  if (n >= 404000 && n < 406000) return 'connection';
  if (sqlState === '57014') return 'timeout';
  if (sqlState?.startsWith('08') || sqlState?.startsWith('28')) return 'connection';
  if (sqlState?.startsWith('42')) return 'syntax';
  if (sqlState?.startsWith('23')) return 'constraint';
  return 'other';
}

/** Maps a snowflake-sdk error (`code`, `sqlState`, `message`) to a DatabaseError. Untested against a live account. */
export function mapSnowflakeError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const e = (error ?? {}) as { code?: string | number; sqlState?: string; message?: string };
  const message = e.message ?? String(error);
  return new DatabaseError(
    snowflakeErrorKind(e.code, e.sqlState),
    message,
    e.code === undefined ? undefined : String(e.code),
  );
}
