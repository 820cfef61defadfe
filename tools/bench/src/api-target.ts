import type { AddressInfo } from 'node:net';
// apps/api's package.json "main" is its start script (src/main.ts); the library surface is src/index.ts.
import { createApp, type AppEnv } from '@nlq/server';

/** A running in-process api. */
export interface ApiTarget {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/**
 * Boots the real api in this process with createApp (libs/server/src/app.factory.ts) on 127.0.0.1, port 0, with
 * LOG_LEVEL=silent, no service key and no rate limit (the load comes from one address), querying `databaseFile`
 * and keeping its state in `dataDir`.
 * `env` adds or overrides variables (e.g. LLM_PROVIDER, LLM_BASE_URL).
 * @throws ConfigValidationError for an invalid variable; whatever listen() throws.
 */
export async function startApi(databaseFile: string, dataDir: string, env: AppEnv = {}): Promise<ApiTarget> {
  const app = await createApp({
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    SERVICE_MODE: 'user',
    SERVICE_API_KEY: '',
    DATA_DIR: dataDir,
    QUERY_DATABASE_URL: `sqlite://${databaseFile}`,
    STATE_DATABASE_URL: '',
    LLM_PROVIDER: 'offline',
    LLM_MODEL: '',
    LLM_BASE_URL: '',
    LLM_API_KEY: '',
    RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
