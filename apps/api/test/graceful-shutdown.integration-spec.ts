import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { killApi, startApiProcess } from './support/api-process';
import { sqliteUrl, openStateDataSource, TypeOrmStateStore, DEFAULT_CONNECTION_ID } from '@nlq/server';
import { call, makeDataDir, removeDataDir } from '@nlq/server/testing';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown and probes of a real api process', () => {
  const dataDir = makeDataDir();
  const target = path.join(dataDir, 'target.db');
  afterAll(() => removeDataDir(dataDir));

  it('/livez and /readyz answer without a key; SIGTERM: /readyz 503 first, the approved write finishes, exit 0', async () => {
    const db = new Database(target);
    db.exec(
      'CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL); INSERT INTO accounts VALUES (1, 0);',
    );
    db.close();
    const slowSql =
      'UPDATE accounts SET balance = balance + 1 WHERE id = 1 AND (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 6000000) SELECT count(*) FROM c) > 0';
    const ds = await openStateDataSource(sqliteUrl(path.join(dataDir, 'state.db')));
    const store = new TypeOrmStateStore(ds);
    const at = new Date().toISOString();
    await store.savePending({
      id: randomUUID(),
      sessionId: 'drain',
      userId: 'drain',
      connectionId: DEFAULT_CONNECTION_ID,
      question: 'add one',
      sql: slowSql,
      kind: 'write',
      state: 'pending',
      queryEntryId: randomUUID(),
      createdAt: at,
    });
    const api = await startApiProcess({
      DATA_DIR: dataDir,
      SERVICE_MODE: 'admin',
      QUERY_DATABASE_URL: sqliteUrl(target),
      SHUTDOWN_GRACE_MS: '20000',
      STATEMENT_TIMEOUT_MS: '60000',
    });
    try {
      expect(await call(`${api.url}/livez`)).toMatchObject({ status: 200, body: { status: 'live' } });
      expect(await call(`${api.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready' } });
      const unknown = await call(`${api.url}/api/no-such-thing`);
      expect(unknown).toMatchObject({
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', requestId: expect.any(String) },
      });
      expect((await call(`${api.url}/api/health`)).status).toBe(401); // the probes reveal nothing the key guards

      const approving = call(`${api.url}/approve/drain`, { method: 'POST' });
      for (let i = 0; i < 200 && (await store.latestOperation('drain'))?.state !== 'executing'; i++) await sleep(50);
      api.proc.kill('SIGTERM');
      await sleep(200);
      const ready = await call(`${api.url}/readyz`).catch((e: Error) => e);
      expect(ready).toMatchObject({ status: 503, body: { statusCode: 503, message: 'not ready: shutting down' } });
      const approved = await approving;
      expect(approved).toMatchObject({ status: 200, body: { status: 'approved', rows_affected: 1 } });
      expect(await api.exited).toEqual({ code: 0, signal: null });
      expect(api.output()).toMatch(/nlq api stopped/);
      expect((await store.latestOperation('drain'))?.state).toBe('approved');
      const check = new Database(target, { readonly: true });
      expect(check.prepare('SELECT balance FROM accounts').get()).toEqual({ balance: 1 });
      check.close();
    } finally {
      await killApi(api);
      await ds.destroy();
    }
  });
});
