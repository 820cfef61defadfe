import { Query, type CustomTypesConfig } from 'pg';

/** What one limited read returns: field names, at most `maxRows` row arrays, and whether more rows existed. */
export interface LimitedQueryResult {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  command: string | null;
}

/**
 * Statements sent in the same pipeline as the read, before and after it (e.g. `BEGIN READ ONLY`, `SET LOCAL
 * statement_timeout = 5000` and `ROLLBACK`), each alone through the extended protocol, with one Sync at the end.
 */
export interface ReadEnvelope {
  before: readonly string[];
  after: readonly string[];
}

interface ProtocolConnection {
  sync(): void;
  parse(message: { text: string; types?: unknown }): void;
  bind(message: { portal?: string; statement?: string; values?: unknown[] }): void;
  describe(message: { type: 'P' | 'S'; name: string }): void;
  execute(message: { portal?: string; rows?: number }): void;
  stream: { cork?(): void; uncork?(): void };
}

interface QueryResultInternals {
  fields: Array<{ name: string }>;
  rows: unknown[][];
  command: string | null;
}

interface QueryInternals {
  rows?: number;
  types?: unknown;
  _result: QueryResultInternals;
  submit(connection: ProtocolConnection): Error | null;
  handleRowDescription(message: unknown): void;
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void;
  handleEmptyQuery(connection: ProtocolConnection): void;
  handlePortalSuspended(connection: ProtocolConnection): void;
  handleError(err: Error, connection: ProtocolConnection): void;
}

/**
 * Runs one statement through the extended query protocol (Parse/Bind/Describe/Execute) with Execute's row limit
 * set to maxRows + 1, the way pg-cursor does (https://github.com/brianc/node-postgres/tree/master/packages/pg-cursor):
 * - the server parses the text as ONE prepared statement, so a stacked `SELECT 1; DELETE ...` is refused with
 *   42601 "cannot insert multiple commands into a prepared statement";
 * - when the portal has more rows the server answers PortalSuspended, and instead of fetching more (what pg's
 *   Query does) we send Sync: the statement is not rewritten and the rest of the rows are never computed;
 * - rows arrive as arrays (rowMode 'array'), so duplicate column names stay distinct.
 * Relies on node-postgres 8 Query internals (handlePortalSuspended, _result), as pg-cursor does.
 */
export function createLimitedQuery(
  text: string,
  maxRows: number,
  types: CustomTypesConfig,
  done: (err: Error | null, result?: LimitedQueryResult) => void,
  envelope?: ReadEnvelope,
  values: readonly string[] = [],
): Query {
  if (envelope) return createPipelinedRead(text, maxRows, types, envelope, done, values);
  let suspended = false;
  const query = new Query({ text, values, rowMode: 'array', rows: maxRows + 1, types } as never);
  const internals = query as unknown as QueryInternals;
  const baseHandleError = internals.handleError.bind(query);
  internals.handlePortalSuspended = (connection) => {
    suspended = true;
    connection.sync();
  };
  internals.handleError = (err, connection) => {
    // Execute with a row count is not followed by a pipelined Sync; after a server error (ErrorResponse, which
    // carries a severity) the server discards messages until one arrives.
    if ((err as { severity?: unknown }).severity !== undefined) connection.sync();
    baseHandleError(err, connection);
  };
  query.on('error', (err: Error) => done(err));
  query.on('end', () => {
    const r = internals._result;
    const rows = r.rows;
    const truncated = suspended || rows.length > maxRows;
    if (rows.length > maxRows) rows.length = maxRows;
    done(null, { columns: r.fields.map((f) => f.name), rows, truncated, command: r.command });
  });
  return query;
}

/**
 * {@link createLimitedQuery} with `envelope` in one pipeline (PostgreSQL manual, "Pipelining", 55.2.4): Parse/Bind/
 * Execute of each `before` statement, Parse/Bind/Describe/Execute (row limit maxRows + 1) of the read, Parse/Bind/
 * Execute of each `after` statement, then one Sync, all in one write: one round trip where three queries took three.
 * The server still runs the read as ONE prepared statement (a stacked statement is refused with 42601) and stops at
 * the row limit (PortalSuspended; nothing more is fetched, the pipeline goes on to the `after` statements). When any
 * statement fails the server skips the rest up to the Sync, so an `after` ROLLBACK did not run: the caller must end
 * the transaction itself on error. Relies on node-postgres 8 Query internals, as createLimitedQuery does.
 */
function createPipelinedRead(
  text: string,
  maxRows: number,
  types: CustomTypesConfig,
  envelope: ReadEnvelope,
  done: (err: Error | null, result?: LimitedQueryResult) => void,
  values: readonly string[],
): Query {
  const query = new Query({ text, rowMode: 'array', types, queryMode: 'extended' } as never);
  const internals = query as unknown as QueryInternals;
  // Which statement of the pipeline the next completion belongs to: before[0..], then the read, then after[0..].
  let position = 0;
  const readPosition = envelope.before.length;
  let read: QueryResultInternals | null = null;
  let readCommand: string | null = null;
  let suspended = false;
  const baseRowDescription = internals.handleRowDescription.bind(query);
  const baseCommandComplete = internals.handleCommandComplete.bind(query);
  internals.submit = (connection) => {
    const simple = (sql: string) => {
      connection.parse({ text: sql });
      connection.bind({});
      connection.execute({});
    };
    connection.stream.cork?.();
    try {
      for (const sql of envelope.before) simple(sql);
      connection.parse({ text, types: internals.types });
      connection.bind({ portal: '', statement: '', values: [...values] });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '', rows: maxRows + 1 });
      for (const sql of envelope.after) simple(sql);
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  };
  internals.handleRowDescription = (message) => {
    baseRowDescription(message);
    if (position === readPosition) read = internals._result;
  };
  internals.handleCommandComplete = (message, connection) => {
    baseCommandComplete(message, connection);
    if (position === readPosition) readCommand = internals._result.command;
    position++;
  };
  internals.handleEmptyQuery = () => {
    position++;
  };
  internals.handlePortalSuspended = () => {
    // the row limit was reached: the Sync is already in the pipeline, nothing more is fetched
    if (position === readPosition) suspended = true;
    position++;
  };
  query.on('error', (err: Error) => done(err));
  query.on('end', () => {
    const result: QueryResultInternals | null = read;
    const rows = result ? result.rows : [];
    const truncated = suspended || rows.length > maxRows;
    if (rows.length > maxRows) rows.length = maxRows;
    // the read's own command tag: none when it stopped at the row limit (a later CommandComplete is the ROLLBACK's)
    done(null, { columns: result ? result.fields.map((f) => f.name) : [], rows, truncated, command: readCommand });
  });
  return query;
}
