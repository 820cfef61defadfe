import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAdapterPath, normalizePrefix, stripPrefix } from './adapter-routes';
import { createQueryAdapter, sendNotFound, type QueryAdapter, type QueryAdapterOptions } from './query-adapter';

/** Options of {@link createQueryAdapterHandler}: the {@link QueryAdapterOptions} and a mount `prefix`. */
export type QueryAdapterHandlerOptions = QueryAdapterOptions & {
  /** Path the adapter is mounted at, e.g. `/nlq` (default: the root). */
  prefix?: string;
  /** Serve this existing adapter instead of building one (its owner closes it). */
  adapter?: QueryAdapter;
};

/**
 * A plain Node request handler, `(req, res, next?)`, for http.createServer, Connect or Express. A request under the
 * prefix on a path of the query adapter surface is answered by the embedded api; any other request goes to
 * `next()` when given (middleware style) and is 404 in the error shape otherwise. `close()` closes the adapter.
 */
export interface QueryAdapterHandler {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  readonly adapter: QueryAdapter;
  close(): Promise<void>;
}

/**
 * Builds the embedded api (see {@link createQueryAdapter}) and returns its request handler:
 *
 *   const nlq = await createQueryAdapterHandler({ prefix: '/nlq', api_key: process.env.NLQ_API_KEY });
 *   http.createServer((req, res) => (req.url?.startsWith('/nlq/') ? nlq(req, res) : myRoutes(req, res))).listen(3000);
 *
 * The request body must be unread (mount before any body parser). Under Express's `app.use('/nlq', nlq)` Express
 * already strips the mount path: leave `prefix` unset there. Throws like createQueryAdapter on bad options.
 */
export async function createQueryAdapterHandler(
  options: QueryAdapterHandlerOptions = {},
): Promise<QueryAdapterHandler> {
  const prefix = normalizePrefix(options.prefix);
  const own = !options.adapter;
  const adapter = options.adapter ?? (await createQueryAdapter(options));
  const handler = ((req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => {
    const target = stripPrefix(req.url ?? '/', prefix);
    if (!target) return next ? next() : sendNotFound(req, res);
    if (next && !isAdapterPath(target.pathname)) return next();
    req.url = target.url;
    adapter.route(req, res);
  }) as QueryAdapterHandler;
  Object.defineProperty(handler, 'adapter', { value: adapter, enumerable: true });
  handler.close = () => (own ? adapter.close() : Promise.resolve());
  return handler;
}
