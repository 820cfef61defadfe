import { createApp, ENV_VARIABLE_NAMES, REQUEST_ID_HEADER, requestIdFor, type AppEnv } from '@nlq/server';
import { ErrorCode, type ErrorResponse } from '@nlq/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAdapterPath } from './adapter-routes';

/** Where log lines go: any object with `write(line)` (process.stderr, a pino destination). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Options of {@link createQueryAdapter}: `api_key` plus any of the api's environment variables under their own
 * names (QUERY_DATABASE_URL, SERVICE_MODE, LLM_PROVIDER, LLM_MODEL, LLM_BASE_URL, LLM_API_KEY, DATA_DIR,
 * STATE_DATABASE_URL, REDIS_URL, MAX_QUESTION_CHARS, MAX_RESULT_ROWS, ... as in /.env.example). Anything else in the
 * object (a Fastify `prefix`, for instance) is ignored here. Values given here win over `process.env`.
 */
export type QueryAdapterOptions = AppEnv & {
  /**
   * The key every request to the adapter routes must carry in X-API-Key (docs/http-api.md "Contract: authentication" rule 1; docs/http-api.md "Contract: authentication" rule 2): a missing or wrong one is
   * 401 in the error shape. Same as SERVICE_API_KEY (8+ characters, 24+ with NODE_ENV=production), which applies
   * when this is absent; with neither, the adapter surface is open.
   */
  api_key?: string;
  /** Where the embedded api's log lines go (default stdout); LOG_LEVEL sets how many. */
  logDestination?: LogDestination;
};

/** A request for {@link QueryAdapter.inject}: a path of the adapter surface relative to the adapter. */
export interface AdapterInjectRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** e.g. `/query`, `/session/alice` */
  url: string;
  headers?: Record<string, string>;
  /** A JSON value (sent as application/json) or a raw string. */
  payload?: unknown;
}

/** The answer of {@link QueryAdapter.inject}: status, headers and the JSON body (the raw text when not JSON). */
export interface AdapterInjectResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
}

/**
 * One embedded query adapter: the api built by apps/api's createApp, reached only through the paths of the query
 * adapter surface (docs/http-api.md "Contract: query adapter"), so each route keeps its one implementation (validation, error shape, key check, rate
 * limit, request ids). Mount it with {@link queryAdapterPlugin} or {@link createQueryAdapterHandler}, or call it
 * in-process with `inject`.
 */
export interface QueryAdapter {
  /**
   * Serves one raw Node request whose `url` is already relative to the adapter (`/query`, `/session/x?...`) and
   * whose body has not been read. Paths outside the adapter surface get 404 in the error shape.
   */
  route(req: IncomingMessage, res: ServerResponse): void;
  /** In-process request without a socket (light-my-request), same rules as over HTTP. */
  inject(request: AdapterInjectRequest): Promise<AdapterInjectResponse>;
  /** Closes the embedded api: state store, database pools, Redis. Idempotent. */
  close(): Promise<void>;
}

/** The minimal surface of the embedded Fastify instance used here (Nest's `app.getHttpAdapter().getInstance()`). */
interface EmbeddedFastify {
  routing(req: IncomingMessage, res: ServerResponse): void;
  inject(options: { method: string; url: string; headers?: Record<string, string>; payload?: string }): Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    body: string;
  }>;
}

/** The api's environment variables found in `options` (api_key as SERVICE_API_KEY). Throws TypeError on a bad api_key. */
export function adapterEnvironment(options: QueryAdapterOptions): AppEnv {
  const env: AppEnv = {};
  for (const name of ENV_VARIABLE_NAMES) {
    const value = options[name];
    if (value !== undefined && value !== null) env[name] = String(value);
  }
  if (options.api_key !== undefined) {
    if (typeof options.api_key !== 'string' || options.api_key.length === 0)
      throw new TypeError('api_key must be a non-empty string (docs/http-api.md "Contract: authentication" rule 1)');
    env.SERVICE_API_KEY = options.api_key;
  }
  return env;
}

/**
 * Builds the embedded api with `options` (see {@link QueryAdapterOptions}) and returns the adapter. Throws the api's
 * ConfigValidationError naming the variable on a bad setting (e.g. "SERVICE_API_KEY must be longer than or equal
 * to 8 characters"), TypeError on an empty api_key. Call `close()` when the host server stops.
 *
 * @example
 *   const adapter = await createQueryAdapter({ api_key: process.env.NLQ_KEY, QUERY_DATABASE_URL: 'sqlite:///data/shop.db' });
 *   const res = await adapter.inject({ method: 'POST', url: '/query', headers: { 'x-api-key': key }, payload: { question: 'How many customers are there?' } });
 */
export async function createQueryAdapter(options: QueryAdapterOptions = {}): Promise<QueryAdapter> {
  const env = adapterEnvironment(options);
  const app = await createApp(env, options.logDestination ? { logDestination: options.logDestination } : {});
  const instance = app.getHttpAdapter().getInstance();
  // app.init() registers the routes; Fastify builds each route's hook chain on ready() (listen or inject would)
  await instance.ready();
  const fastify = instance as unknown as EmbeddedFastify;
  let closing: Promise<void> | null = null;
  return {
    route(req, res) {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      if (!isAdapterPath(q === -1 ? url : url.slice(0, q))) return sendNotFound(req, res);
      fastify.routing(req, res);
    },
    async inject(request) {
      const q = request.url.indexOf('?');
      const pathname = q === -1 ? request.url : request.url.slice(0, q);
      const headers: Record<string, string> = Object.fromEntries(Object.entries(request.headers ?? {}));
      let payload: string | undefined;
      if (typeof request.payload === 'string') payload = request.payload;
      else if (request.payload !== undefined) {
        payload = JSON.stringify(request.payload);
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
          headers['content-type'] = 'application/json';
      }
      if (!isAdapterPath(pathname)) {
        const body = notFoundBody(
          requestIdFor({ headers: lowerCaseKeys(headers) } as IncomingMessage),
          request.method,
          pathname,
        );
        return { statusCode: 404, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
      }
      const response = await fastify.inject({ method: request.method, url: request.url, headers, payload });
      let body: unknown = response.body;
      try {
        body = response.body ? JSON.parse(response.body) : null;
      } catch {
        // not JSON: keep the text
      }
      return { statusCode: response.statusCode, headers: response.headers, body };
    },
    close() {
      closing ??= app.close();
      return closing;
    },
  };
}

/** 404 in the one error shape (docs/architecture.md "Errors") for a path outside the adapter surface. */
export function sendNotFound(req: IncomingMessage, res: ServerResponse): void {
  const body = notFoundBody(requestIdFor(req), req.method ?? 'GET', (req.url ?? '/').split('?')[0]);
  res.statusCode = 404;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader(REQUEST_ID_HEADER, body.requestId);
  res.end(JSON.stringify(body));
}

function notFoundBody(requestId: string, method: string, pathname: string): ErrorResponse {
  return { statusCode: 404, code: ErrorCode.NOT_FOUND, message: `Route ${method}:${pathname} not found`, requestId };
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
