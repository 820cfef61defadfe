import { DatabaseError, type DatabaseErrorKind } from '../errors';
import { NETWORK_ERROR_CODES } from '../network-errors';

/**
 * DatabaseErrorKind for a PostgreSQL SQLSTATE (https://www.postgresql.org/docs/current/errcodes-appendix.html):
 * 25006 read_only_sql_transaction -> read_only; 57014 query_canceled, 55P03 lock_not_available, 25P03
 * idle_in_transaction_session_timeout -> timeout; class 08 (connection exception), class 28 (invalid
 * authorization), 3D000 invalid_catalog_name, 57P01..57P05 (shutdown, cannot connect now) -> connection; class 23
 * (integrity constraint violation) -> constraint; class 42 (syntax error or access rule violation: 42601
 * syntax_error, 42P01 undefined_table, 42703 undefined_column, 42883 undefined_function ...) -> syntax except
 * 42501 insufficient_privilege -> other; 0A000 feature_not_supported -> unsupported; anything else -> other.
 */
export function postgresErrorKind(sqlstate: string): DatabaseErrorKind {
  if (sqlstate === '25006') return 'read_only';
  if (sqlstate === '57014' || sqlstate === '55P03' || sqlstate === '25P03') return 'timeout';
  if (sqlstate.startsWith('08') || sqlstate.startsWith('28') || sqlstate === '3D000' || /^57P0[1-5]$/.test(sqlstate))
    return 'connection';
  if (sqlstate.startsWith('23')) return 'constraint';
  if (sqlstate === '42501') return 'other';
  if (sqlstate.startsWith('42')) return 'syntax';
  if (sqlstate === '0A000') return 'unsupported';
  return 'other';
}

/**
 * Maps an error thrown by node-postgres to a DatabaseError: server errors by SQLSTATE ({@link postgresErrorKind}),
 * socket errors (ECONNREFUSED, ENOTFOUND, ...) and pg's own connection failures ("Connection terminated",
 * "timeout exceeded when trying to connect") -> connection.
 */
export function mapPostgresError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const e = (error ?? {}) as { code?: unknown; message?: string; errors?: unknown[] };
  const message =
    e.message || (Array.isArray(e.errors) && e.errors.length ? String((e.errors[0] as Error).message) : String(error));
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && /^[0-9A-Z]{5}$/.test(code)) return new DatabaseError(postgresErrorKind(code), message, code);
  if (code && NETWORK_ERROR_CODES.has(code)) return new DatabaseError('connection', message || code, code);
  if (Array.isArray(e.errors) && e.errors.length) return mapPostgresError(e.errors[0]); // AggregateError of a dual-stack connect
  if (
    /connection terminated|connect(ion)? timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  ) {
    return new DatabaseError('connection', message, code);
  }
  if (/query read timeout/i.test(message)) return new DatabaseError('timeout', message, code);
  return new DatabaseError('other', message, code);
}
