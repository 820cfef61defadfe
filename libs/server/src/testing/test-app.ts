import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.factory';
import type { AppEnv } from '../platform/config/environment-variables';

/** A running api on 127.0.0.1 and an ephemeral port, over a temporary DATA_DIR. */
export interface TestApp {
  app: NestFastifyApplication;
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  dataDir: string;
  /** Stop the server (the DATA_DIR stays; see {@link removeDataDir}). */
  close(): Promise<void>;
}

/** A fresh temporary DATA_DIR. */
export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-api-test-'));
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Boot the real app with createApp on port 0. `env` overrides process.env; DATA_DIR defaults to a new temporary
 * directory and LOG_LEVEL to warn (set LOG_LEVEL=info to see request lines).
 */
export async function startTestApp(env: AppEnv = {}): Promise<TestApp> {
  const dataDir = env.DATA_DIR ?? makeDataDir();
  const app = await createApp({ LOG_LEVEL: 'warn', ...env, DATA_DIR: dataDir });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url, dataDir, close: () => app.close() };
}

/** fetch + JSON: status, parsed body and headers. */
export async function call(
  url: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
