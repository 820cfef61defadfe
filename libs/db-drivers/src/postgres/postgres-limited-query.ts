import { Query, type CustomTypesConfig } from 'pg';

/** What one limited read returns: field names, at most `maxRows` row arrays, and whether more rows existed. */
export interface LimitedQueryResult {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  command: string | null;
}

interface ProtocolConnection {
  sync(): void;
}

interface QueryInternals {
  rows?: number;
  _result: { fields: Array<{ name: string }>; rows: unknown[][]; command: string | null };
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
): Query {
  let suspended = false;
  const query = new Query({ text, rowMode: 'array', rows: maxRows + 1, types } as never);
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
