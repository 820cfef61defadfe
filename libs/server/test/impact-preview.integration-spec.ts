/**
 * Impact preview and explained empty results over real HTTP: an OpenAI-compatible scripted
 * model writes the SQL, the real pipeline holds the write (SERVICE_MODE=admin) and counts its rows on the sample
 * shop database (SQLite); /query, /api/chat and the session history state the count, and approving changes exactly
 * that many rows. A read that matches nothing says why.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { openLive } from '../src/testing/api-live-client';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

// Servers and engines under load: Jest's multi-project run ignores the per-project testTimeout (default 5 s).
jest.setTimeout(30_000);

const KEY = 'impact-service-key-0123456789';
const SQL_BY_QUESTION: Record<string, string> = {
  'Delete the one-star reviews': 'DELETE FROM reviews WHERE rating = 1',
  'Archive the cancelled orders': "UPDATE orders SET status = 'archived' WHERE status = 'cancelled'",
  'Orders with a made-up status': "SELECT COUNT(*) AS n FROM orders WHERE status = 'canceled' GROUP BY customer_id",
};

function count(dataDir: string, sql: string): number {
  const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('impact preview and explained empty results over HTTP (SERVICE_MODE=admin)', () => {
  let model: ScriptedModelServer;
  let t: TestApp;

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL_BY_QUESTION[q] ?? 'SELECT 1');
    t = await startTestApp({ SERVICE_MODE: 'admin', SERVICE_API_KEY: KEY, ...providerEnv('openai', model) });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
    removeDataDir(t.dataDir);
  });

  it('/query states the rows a pending write would change; approving changes exactly those', async () => {
    const oneStar = count(t.dataDir, 'SELECT COUNT(*) AS n FROM reviews WHERE rating = 1');
    expect(oneStar).toBeGreaterThan(1);
    const asked = await call(`${t.url}/query`, {
      body: { question: 'Delete the one-star reviews', user_id: 'ops' },
      headers: { 'x-api-key': KEY },
    });
    expect(asked.body).toMatchObject({ success: true, pending_approval: true });
    expect(asked.body.response).toMatch(
      new RegExp(
        `^This SQL would delete ${oneStar.toLocaleString('en-US')} rows, so it was not run: it awaits approval`,
      ),
    );
    expect(Object.keys(asked.body).sort()).toEqual([
      'error',
      'pending_approval',
      'response',
      'session_id',
      'sql',
      'success',
    ]); // docs/http-api.md "Contract: query adapter": unchanged
    const history = (await call(`${t.url}/session/ops`, { headers: { 'x-api-key': KEY } })).body.history;
    expect(history[0]).toMatchObject({ status: 'pending_approval', estimated_rows: oneStar });
    const approved = await call(`${t.url}/approve/ops`, { method: 'POST', headers: { 'x-api-key': KEY } });
    expect(approved.body).toMatchObject({ status: 'approved', rows_affected: oneStar });
    expect(count(t.dataDir, 'SELECT COUNT(*) AS n FROM reviews WHERE rating = 1')).toBe(0);
  });

  it('/api/chat answers estimated_rows for a pending write, and approval.pending on /ws/live carries it', async () => {
    const archived = count(t.dataDir, "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'");
    const live = await openLive(t.url, KEY);
    try {
      await live.waitFor((m) => m.type === 'ready');
      const chat = await call(`${t.url}/api/chat`, {
        body: { question: 'Archive the cancelled orders' },
        headers: { 'x-api-key': KEY },
      });
      expect(chat.body).toMatchObject({ pending_approval: true, kind: 'write', estimated_rows: archived });
      expect(chat.body.response).toContain(`would update ${archived.toLocaleString('en-US')} row`);
      const pending = await live.waitFor((m) => m.type === 'approval.pending' && m.sessionId === chat.body.session_id);
      expect(pending.data).toMatchObject({ estimatedRows: archived, impact: expect.stringMatching(/^would update /) });
    } finally {
      live.close();
    }
  });

  it('a read that matches nothing says why, with the nearest existing values', async () => {
    const chat = await call(`${t.url}/api/chat`, {
      body: { question: 'Orders with a made-up status' },
      headers: { 'x-api-key': KEY },
    });
    expect(chat.body).toMatchObject({ success: true, row_count: 0, error: null });
    expect(chat.body.response).toMatch(
      /No row of orders has status = 'canceled'; the nearest existing values are 'cancelled'/,
    );
    expect(chat.body).not.toHaveProperty('estimated_rows');
  });
});
