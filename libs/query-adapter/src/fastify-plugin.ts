import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADAPTER_FIXED_PATHS, ADAPTER_SESSION_PATHS, FORWARDED_METHODS, normalizePrefix } from './adapter-routes';
import { createQueryAdapter, type QueryAdapter, type QueryAdapterOptions } from './query-adapter';

/**
 * Options of {@link queryAdapterPlugin}: the {@link QueryAdapterOptions} (`api_key`, QUERY_DATABASE_URL, ...) and
 * Fastify's own `prefix`. With `adapter`, that existing adapter is served (several mounts may share one) and the
 * host does not close it; otherwise the plugin builds one and closes it when the host closes.
 */
export type QueryAdapterPluginOptions = QueryAdapterOptions & {
  prefix?: string;
  adapter?: QueryAdapter;
};

/**
 * Fastify plugin (Fastify 5) serving the query adapter surface (docs/http-api.md "Contract: query adapter") at the registration prefix of an
 * existing Fastify server, beside the host's own routes:
 *
 *   await host.register(queryAdapterPlugin, { prefix: '/nlq', api_key: process.env.NLQ_API_KEY, QUERY_DATABASE_URL: 'sqlite:///srv/shop.db' });
 *   // POST /nlq/query, /nlq/approve/:session_id, /nlq/reject/:session_id, /nlq/feedback/:session_id,
 *   // GET /nlq/session/:session_id, POST /nlq/refresh, GET /nlq/health
 *
 * Each of those paths (every method, so wrong methods and CORS preflights answer as the api does) is handed, body
 * unread, to the embedded api in the route's onRequest hook (`reply.hijack()`), after the host's own onRequest
 * hooks. Session paths are wildcard routes so the host router's maxParamLength (100 by default) does not cut a
 * session id short of the api's 128 characters. Everything else under the prefix stays the host's. Registration
 * fails with the api's ConfigValidationError on a bad option. Building the api takes seconds (more on the first
 * start, which generates the sample database): raise the host's `pluginTimeout` (10 s by default) or pass an
 * `adapter` made beforehand with createQueryAdapter.
 */
export async function queryAdapterPlugin(fastify: FastifyInstance, options: QueryAdapterPluginOptions): Promise<void> {
  const own = !options.adapter;
  const adapter = options.adapter ?? (await createQueryAdapter(options));
  if (own) fastify.addHook('onClose', async () => adapter.close());
  const prefix = normalizePrefix(fastify.prefix);

  const forward = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const raw = request.raw;
    const url = raw.url ?? '/';
    // The host matched the route under `prefix`; the api sees the path below it. A host that rewrites or
    // normalizes URLs (case, duplicate slashes) is answered from the matched route instead.
    raw.url = url.startsWith(`${prefix}/`) ? url.slice(prefix.length) : fromRoute(request, prefix);
    reply.hijack();
    adapter.route(raw, reply.raw);
    done(); // the hook runner sees the hijacked reply and stops the host's lifecycle here
  };

  const paths = [...ADAPTER_FIXED_PATHS, ...ADAPTER_SESSION_PATHS.map((p) => `${p}/*`)];
  for (const url of paths) {
    fastify.route({
      method: [...FORWARDED_METHODS],
      url,
      exposeHeadRoute: false,
      onRequest: forward,
      // never reached: onRequest hands every request to the api
      handler: async () => undefined,
    });
  }
}

/** `/query`, `/session/<id>` from the matched route pattern and its wildcard, plus the query string. */
function fromRoute(request: FastifyRequest, prefix: string): string {
  const pattern = request.routeOptions.url ?? '/';
  const below = pattern.startsWith(prefix) ? pattern.slice(prefix.length) : pattern;
  const wildcard = (request.params as Record<string, string> | undefined)?.['*'] ?? '';
  const path = below.endsWith('/*') ? `${below.slice(0, -1)}${encodeURIComponent(wildcard)}` : below;
  const url = request.raw.url ?? '';
  const q = url.indexOf('?');
  return q === -1 ? path : `${path}${url.slice(q)}`;
}
