import { DatabaseError, type DatabaseErrorKind } from '../errors';

/**
 * Maps a better-sqlite3 error (`code` is SQLite's extended result code name, https://sqlite.org/rescode.html) to
 * a DatabaseError:
 * SQLITE_READONLY* -> read_only; SQLITE_CONSTRAINT* -> constraint; SQLITE_BUSY*, SQLITE_LOCKED*, SQLITE_INTERRUPT
 * -> timeout; SQLITE_CANTOPEN*, SQLITE_NOTADB, SQLITE_CORRUPT*, SQLITE_PERM, SQLITE_IOERR* -> connection;
 * SQLITE_ERROR (the generic "SQL error": syntax, no such table/column/function) -> syntax, except "not authorized"
 * (e.g. load_extension) -> other; errors without a code from better-sqlite3 itself (e.g. "The supplied SQL string
 * contains more than one statement") -> syntax.
 */
export function mapSqliteError(error: { code?: string | null; message?: string } | unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const e = (error ?? {}) as { code?: string | null; message?: string };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = e.message ?? String(error);
  return new DatabaseError(sqliteErrorKind(code, message), message, code);
}

/** The DatabaseErrorKind for a SQLite result code name (see {@link mapSqliteError}). */
export function sqliteErrorKind(code: string | undefined, message = ''): DatabaseErrorKind {
  if (!code) return /statement|syntax/i.test(message) ? 'syntax' : 'other';
  if (code.startsWith('SQLITE_READONLY')) return 'read_only';
  if (code.startsWith('SQLITE_CONSTRAINT')) return 'constraint';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code === 'SQLITE_INTERRUPT')
    return 'timeout';
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code === 'SQLITE_NOTADB' ||
    code.startsWith('SQLITE_CORRUPT') ||
    code === 'SQLITE_PERM' ||
    code.startsWith('SQLITE_IOERR')
  ) {
    return 'connection';
  }
  if (code === 'SQLITE_ERROR') return /not authorized/i.test(message) ? 'other' : 'syntax';
  return 'other';
}
