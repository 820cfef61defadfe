import type { LogDestination, QueryAdapter } from '@nlq/query-adapter';
import type { RequestArguments } from './cli-arguments';

/** An answer of the query adapter surface: HTTP status and JSON body (the raw text when not JSON). */
export interface AdapterAnswer {
  status: number;
  body: any;
}

/** Where `nlq` sends a request of the query adapter surface (docs/http-api.md "Contract: query adapter"): a running service or the embedded api. */
export interface Transport {
  /** e.g. `http://localhost:8000` or `embedded (DATA_DIR ./data)`, for messages. */
  readonly description: string;
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<AdapterAnswer>;
  close(): Promise<void>;
}

/** The service could not be reached (connection refused, DNS, TLS): exit code 1 with this message. */
export class ServiceUnreachableError extends Error {
  override readonly name = 'ServiceUnreachableError';
}

/** The embedded api could not start (a bad setting such as QUERY_DATABASE_URL is a usage error, exit 2). */
export class EmbeddedStartError extends Error {
  override readonly name = 'EmbeddedStartError';
  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
  }
}

/** HTTP transport: fetch against `url` with X-API-Key `key` when given; throws ServiceUnreachableError. */
export function httpTransport(url: string, key: string | null): Transport {
  return {
    description: url,
    async request(method, path, body) {
      const headers = {
        ...(key ? { 'x-api-key': key } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      };
      let response: Response;
      try {
        response = await fetch(`${url}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new ServiceUnreachableError(
          `cannot reach ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
        );
      }
      return { status: response.status, body: parseBody(await response.text()) };
    },
    async close() {
      // nothing to release: fetch keeps no connection nlq owns
    },
  };
}

/**
 * Embedded transport: the api built in this process by @nlq/query-adapter (the same routes, validation and
 * pipeline as the service) with the environment's settings, `--database` as QUERY_DATABASE_URL and `--data-dir` as
 * DATA_DIR; log lines (LOG_LEVEL, default error) go to stderr. SERVICE_API_KEY from the environment, when set, is
 * sent with each request. Throws EmbeddedStartError.
 */
export async function embeddedTransport(
  args: Pick<RequestArguments, 'database' | 'dataDir'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Transport> {
  // loaded only here: the api is not needed for usage errors, eval, sample-db or --url
  const { createQueryAdapter } = await import('@nlq/query-adapter');
  const logDestination: LogDestination = process.stderr;
  let adapter: QueryAdapter;
  try {
    adapter = await createQueryAdapter({
      LOG_LEVEL: env.LOG_LEVEL ?? 'error',
      ...(args.database !== null ? { QUERY_DATABASE_URL: args.database } : {}),
      ...(args.dataDir !== null ? { DATA_DIR: args.dataDir } : {}),
      logDestination,
    });
  } catch (error) {
    const usage = (error as Error).name === 'ConfigValidationError';
    throw new EmbeddedStartError(`cannot start the embedded pipeline: ${(error as Error).message}`, usage);
  }
  const headers: Record<string, string> = env.SERVICE_API_KEY ? { 'x-api-key': env.SERVICE_API_KEY } : {};
  return {
    description: `embedded (DATA_DIR ${args.dataDir ?? env.DATA_DIR ?? './data'})`,
    async request(method, path, body) {
      const answer = await adapter.inject({ method, url: path, headers, payload: body });
      return { status: answer.statusCode, body: answer.body };
    },
    close: () => adapter.close(),
  };
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
