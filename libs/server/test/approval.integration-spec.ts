/**
 * The approval state machine (docs/http-api.md "Contract: query adapter" rule 2) over real HTTP: an OpenAI-compatible scripted model server writes the
 * SQL, the real pipeline checks and classifies it, SERVICE_MODE decides whether it runs, waits or is refused.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const ARCHIVE_CANCELLED = "UPDATE orders SET status = 'archived' WHERE status = 'cancelled'";
const SQL_BY_QUESTION: Record<string, string> = {
  'Archive the cancelled orders': ARCHIVE_CANCELLED,
  'Delete all reviews': 'DELETE FROM reviews',
  'Drop the payments table': 'DROP TABLE payments',
  'How many orders are cancelled?': "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'",
};

function count(dataDir: string, sql: string): number {
  const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('approval state machine (SERVICE_MODE=admin, OpenAI-compatible model)', () => {
  let model: ScriptedModelServer;
  let t: TestApp;

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL_BY_QUESTION[q] ?? 'SELECT 1');
    t = await startTestApp({ SERVICE_MODE: 'admin', ...providerEnv('openai', model) });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
    removeDataDir(t.dataDir);
  });

  it('holds a write: pending -> approve runs it once (rows affected, data changed) -> a second approve is 409', async () => {
    const cancelled = count(t.dataDir, "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'");
    expect(cancelled).toBeGreaterThan(0);

    const asked = await call(`${t.url}/query`, { body: { question: 'Archive the cancelled orders', user_id: 'ops' } });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      success: true,
      pending_approval: true,
      session_id: 'ops',
      sql: ARCHIVE_CANCELLED,
      error: null,
    });
    expect(count(t.dataDir, "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'")).toBe(cancelled);

    const approved = await call(`${t.url}/approve/ops`, { method: 'POST' });
    expect(approved).toMatchObject({
      status: 200,
      body: { status: 'approved', session_id: 'ops', rows_affected: cancelled },
    });
    expect(count(t.dataDir, "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'")).toBe(0);
    expect(count(t.dataDir, "SELECT COUNT(*) AS n FROM orders WHERE status = 'archived'")).toBe(cancelled);

    const again = await call(`${t.url}/approve/ops`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, code: 'CONFLICT', requestId: expect.any(String) });
    expect((await call(`${t.url}/reject/ops`, { method: 'POST' })).status).toBe(409);

    const { body } = await call(`${t.url}/session/ops`);
    expect(body.history.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual([
      'query:pending_approval',
      'approval:approved',
    ]);
    expect(body.history[1]).toMatchObject({ rows_affected: cancelled, sql: ARCHIVE_CANCELLED });
  });

  it('two concurrent approves: exactly one 200, the other 409, and the write runs once', async () => {
    const before = count(t.dataDir, 'SELECT COUNT(*) AS n FROM reviews');
    expect(before).toBeGreaterThan(0);
    expect(
      (await call(`${t.url}/query`, { body: { question: 'Delete all reviews', user_id: 'race' } })).body
        .pending_approval,
    ).toBe(true);
    const results = await Promise.all([
      call(`${t.url}/approve/race`, { method: 'POST' }),
      call(`${t.url}/approve/race`, { method: 'POST' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)?.body.rows_affected).toBe(before);
    expect(count(t.dataDir, 'SELECT COUNT(*) AS n FROM reviews')).toBe(0);
    const { body } = await call(`${t.url}/session/race`);
    expect(body.history.filter((e: { kind: string }) => e.kind === 'approval')).toHaveLength(1);
  });

  it('reject runs nothing; deciding again is 409', async () => {
    expect(
      (await call(`${t.url}/query`, { body: { question: 'Drop the payments table', user_id: 'careful' } })).body,
    ).toMatchObject({
      pending_approval: true,
      sql: 'DROP TABLE payments',
    });
    const rejected = await call(`${t.url}/reject/careful`, { method: 'POST' });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected', session_id: 'careful' } });
    expect(rejected.body.rows_affected).toBeUndefined();
    expect(count(t.dataDir, 'SELECT COUNT(*) AS n FROM payments')).toBeGreaterThan(0);
    expect((await call(`${t.url}/approve/careful`, { method: 'POST' })).status).toBe(409);
  });

  it('reads run directly in admin mode', async () => {
    const { body } = await call(`${t.url}/query`, {
      body: { question: 'How many orders are cancelled?', user_id: 'reader' },
    });
    expect(body).toMatchObject({
      success: true,
      pending_approval: false,
      response: "The answer is 0.\nCounted orders with status 'cancelled'.",
    });
  });

  it('health reports mode admin', async () => {
    expect((await call(`${t.url}/health`)).body.mode).toBe('admin');
  });
});

describe('SERVICE_MODE=user refuses writes', () => {
  let model: ScriptedModelServer;
  let t: TestApp;

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL_BY_QUESTION[q] ?? 'SELECT 1');
    t = await startTestApp({ SERVICE_MODE: 'user', ...providerEnv('openai', model) });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
    removeDataDir(t.dataDir);
  });

  it('answers success false with the reason, runs nothing and leaves nothing to approve', async () => {
    const cancelled = count(t.dataDir, "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'");
    const { status, body } = await call(`${t.url}/query`, {
      body: { question: 'Archive the cancelled orders', user_id: 'u1' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, pending_approval: false, session_id: 'u1' });
    expect(body.error).toMatch(/user mode|read-only|reads only|not allowed|refused/i);
    expect(count(t.dataDir, "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'")).toBe(cancelled);
    expect((await call(`${t.url}/approve/u1`, { method: 'POST' })).status).toBe(404);
  });
});
