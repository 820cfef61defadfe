/** Typed database errors, mapped from each engine's native error codes by its driver. */
export type DatabaseErrorKind =
  | 'connection' // cannot reach or authenticate
  | 'timeout' // statement timeout or cancel
  | 'read_only' // the database refused a write inside a read-only transaction/connection
  | 'syntax' // the engine could not parse or resolve the statement (unknown table/column, bad syntax)
  | 'constraint' // constraint violation on a write
  | 'unsupported' // URL scheme or feature this driver does not support
  | 'other';

/** Error thrown by every DatabaseDriver method. `message` is the engine's text, safe to feed back to a model. */
export class DatabaseError extends Error {
  constructor(
    readonly kind: DatabaseErrorKind,
    message: string,
    /** Engine error code (SQLSTATE, errno, SQLite code) when known. */
    readonly engineCode?: string,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}
