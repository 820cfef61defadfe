import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fs from 'node:fs';
import type { RequestArguments } from './cli-arguments';
import { EmbeddedStartError } from './transport';

/** The api started inside this process for `nlq mcp` without --url. */
export interface EmbeddedService {
  /** e.g. http://127.0.0.1:43121 (loopback, an ephemeral port). */
  url: string;
  /** The service key (SERVICE_API_KEY, or the one kept in DATA_DIR/service-api-key). */
  key: string;
  close(): Promise<void>;
}

/**
 * Starts the whole api (createApp of @nlq/server: the same routes, /mcp included, checks, limits and state as `npm
 * start`) in this process on 127.0.0.1 and an ephemeral port, with the environment's settings, `--database` as
 * QUERY_DATABASE_URL and `--data-dir` as DATA_DIR, so `nlq ask`'s embedded defaults apply: the sample shop database
 * and the offline engine. Log lines (LOG_LEVEL, default error) go to stderr, never to stdout (the MCP channel). The
 * key is the service key. Throws EmbeddedStartError (a bad setting is a usage error, exit 2).
 */
export async function startEmbeddedService(
  args: Pick<RequestArguments, 'database' | 'dataDir'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EmbeddedService> {
  // loaded only here: the api is not needed for usage errors or --url
  const { createApp, ApiKeyService, AppConfig } = await import('@nlq/server');
  let app: NestFastifyApplication;
  try {
    app = await createApp(
      {
        LOG_LEVEL: env.LOG_LEVEL ?? 'error',
        ...(args.database !== null ? { QUERY_DATABASE_URL: args.database } : {}),
        ...(args.dataDir !== null ? { DATA_DIR: args.dataDir } : {}),
      },
      { logDestination: process.stderr },
    );
  } catch (error) {
    const usage = (error as Error).name === 'ConfigValidationError';
    throw new EmbeddedStartError(`cannot start the embedded pipeline: ${(error as Error).message}`, usage);
  }
  try {
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const keyFile = app.get(ApiKeyService).serviceKeyFile;
    const key = app.get(AppConfig).serviceApiKey ?? fs.readFileSync(keyFile as string, 'utf8').trim();
    return { url, key, close: () => app.close() };
  } catch (error) {
    await app.close();
    throw new EmbeddedStartError(`cannot start the embedded pipeline: ${(error as Error).message}`, false);
  }
}
