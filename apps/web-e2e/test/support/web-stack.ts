// apps/api's package.json "main" is its start script (src/main.ts); the library surface is src/index.ts.
import { createApp, type AppEnv } from '@nlq/server';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The real api serving the built web app, on 127.0.0.1 and an ephemeral port, over a temporary DATA_DIR. */
export interface WebStack {
  app: NestFastifyApplication;
  /** e.g. http://127.0.0.1:43121 (the web app at /, the API under /api). */
  url: string;
  dataDir: string;
  /** SERVICE_API_KEY of this instance: what a person types into the key dialog. */
  apiKey: string;
  /** fetch + JSON against this instance's /api with its key. */
  api(route: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: any; text: string }>;
  /** Stop the server and remove its DATA_DIR. */
  close(): Promise<void>;
}

/**
 * Boot the real api with createApp on `port` (default 0: an ephemeral one): a new DATA_DIR (the sample shop database is generated at first
 * start), SERVICE_API_KEY = `apiKey`, the web app from `webDistDir`, the offline engine, LOG_LEVEL warn.
 * `env` adds or overrides variables (e.g. SERVICE_MODE=admin).
 */
export async function startWebStack(webDistDir: string, apiKey: string, env: AppEnv = {}, port = 0): Promise<WebStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-e2e-'));
  const app = await createApp({
    LOG_LEVEL: 'warn',
    LLM_PROVIDER: 'offline',
    ...env,
    DATA_DIR: dataDir,
    SERVICE_API_KEY: apiKey,
    WEB_DIST_DIR: webDistDir,
  });
  await app.listen(port, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
  return {
    app,
    url,
    dataDir,
    apiKey,
    async api(route, init = {}) {
      const headers: Record<string, string> = { 'x-api-key': apiKey };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}${route}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body, text };
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
