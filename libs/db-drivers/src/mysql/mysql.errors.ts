import { DatabaseError, type DatabaseErrorKind } from '../errors';
import { NETWORK_ERROR_CODES } from '../network-errors';

/**
 * DatabaseErrorKind by server error number (MySQL https://dev.mysql.com/doc/mysql-errors/8.0/en/server-error-reference.html,
 * MariaDB https://mariadb.com/kb/en/mariadb-error-code-reference/) or client error number (2000-2999).
 */
const BY_ERRNO: Record<number, DatabaseErrorKind> = {
  1792: 'read_only', // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
  1290: 'read_only', // ER_OPTION_PREVENTS_STATEMENT (--read-only server)
  1836: 'read_only', // ER_READ_ONLY_MODE
  1969: 'timeout', // MariaDB ER_STATEMENT_TIMEOUT (max_statement_time exceeded)
  3024: 'timeout', // MySQL ER_QUERY_TIMEOUT (max_execution_time exceeded)
  1317: 'timeout', // ER_QUERY_INTERRUPTED (KILL QUERY)
  1205: 'timeout', // ER_LOCK_WAIT_TIMEOUT
  1064: 'syntax', // ER_PARSE_ERROR (also a stacked second statement with multipleStatements off)
  1146: 'syntax', // ER_NO_SUCH_TABLE
  1054: 'syntax', // ER_BAD_FIELD_ERROR
  1052: 'syntax', // ER_NON_UNIQ_ERROR (ambiguous column)
  1305: 'syntax', // ER_SP_DOES_NOT_EXIST (unknown function)
  1630: 'syntax', // ER_FUNC_INEXISTENT_NAME_COLLISION
  1109: 'syntax', // ER_UNKNOWN_TABLE
  1060: 'syntax', // ER_DUP_FIELDNAME
  1111: 'syntax', // ER_INVALID_GROUP_FUNC_USE
  1055: 'syntax', // ER_WRONG_FIELD_WITH_GROUP (ONLY_FULL_GROUP_BY)
  1140: 'syntax', // ER_MIX_OF_GROUP_FUNC_AND_FIELDS
  1248: 'syntax', // ER_DERIVED_MUST_HAVE_ALIAS
  1062: 'constraint', // ER_DUP_ENTRY
  1451: 'constraint', // ER_ROW_IS_REFERENCED_2
  1452: 'constraint', // ER_NO_REFERENCED_ROW_2
  1048: 'constraint', // ER_BAD_NULL_ERROR
  1364: 'constraint', // ER_NO_DEFAULT_FOR_FIELD
  3819: 'constraint', // MySQL ER_CHECK_CONSTRAINT_VIOLATED
  4025: 'constraint', // MariaDB ER_CONSTRAINT_FAILED
  1045: 'connection', // ER_ACCESS_DENIED_ERROR
  1044: 'connection', // ER_DBACCESS_DENIED_ERROR
  1049: 'connection', // ER_BAD_DB_ERROR
  1040: 'connection', // ER_CON_COUNT_ERROR
  1129: 'connection', // ER_HOST_IS_BLOCKED
  1130: 'connection', // ER_HOST_NOT_PRIVILEGED
  2002: 'connection', // CR_CONNECTION_ERROR
  2003: 'connection', // CR_CONN_HOST_ERROR
  2005: 'connection', // CR_UNKNOWN_HOST
  2006: 'connection', // CR_SERVER_GONE_ERROR
  2013: 'connection', // CR_SERVER_LOST
  1235: 'unsupported', // ER_NOT_SUPPORTED_YET
};

/** The DatabaseErrorKind for a MySQL/MariaDB error number (table above), else `other`. */
export function mysqlErrorKind(errno: number): DatabaseErrorKind {
  return BY_ERRNO[errno] ?? 'other';
}

/**
 * Maps a mysql2 error to a DatabaseError: by `errno` (table above), then mysql2's client codes
 * (PROTOCOL_CONNECTION_LOST, PROTOCOL_SEQUENCE_TIMEOUT, ETIMEDOUT, ECONNREFUSED ...). `engineCode` is the
 * errno as text, or mysql2's code.
 */
export function mapMysqlError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const e = (error ?? {}) as { errno?: unknown; code?: unknown; message?: string; sqlMessage?: string };
  const message = e.sqlMessage || e.message || String(error);
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (typeof e.errno === 'number' && BY_ERRNO[e.errno])
    return new DatabaseError(BY_ERRNO[e.errno], message, String(e.errno));
  if (code === 'PROTOCOL_SEQUENCE_TIMEOUT') return new DatabaseError('timeout', message, code);
  if (code && (NETWORK_ERROR_CODES.has(code) || code.startsWith('PROTOCOL_') || code === 'ER_ACCESS_DENIED_ERROR')) {
    return new DatabaseError('connection', message, code);
  }
  return new DatabaseError('other', message, typeof e.errno === 'number' ? String(e.errno) : code);
}
