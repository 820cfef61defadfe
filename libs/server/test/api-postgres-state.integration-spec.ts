/**
 * The application surface with its state in PostgreSQL (STATE_DATABASE_URL with ?schema=): scoped session and
 * trace lists, issued keys, connections with an encrypted password, all kept across a restart. Skips with a
 * printed reason when PostgreSQL is unreachable.
 */
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';
import { describeWith } from '@nlq/test-services';

const SERVICE = 'service-key-0123456789abcdef';
const ALICE = 'alice-key-0123456789abcdef';
const BOB = 'bob-key-0123456789abcdef';
const PASSWORD = 'Pg-state-S3cret';

describeWith('postgresql')('application surface with state in PostgreSQL', () => {
  const dataDir = makeDataDir();
  const pg = usePostgresSchema('nlq_api_surface', 'Skipping the PostgreSQL state test of /api');
  const { schema } = pg;
  afterAll(() => removeDataDir(dataDir));

  it('scopes sessions and traces, keeps keys and encrypted connections across a restart', async () => {
    const admin = pg.admin;
    if (!admin) return;
    const env = {
      DATA_DIR: dataDir,
      STATE_DATABASE_URL: `${PG}?schema=${schema}`,
      SERVICE_API_KEY: SERVICE,
      USER_API_KEYS: `alice:${ALICE},bob:${BOB}`,
    };
    const api = (t: TestApp, route: string, key: string, body?: unknown) =>
      call(`${t.url}${route}`, { body, headers: { 'x-api-key': key } });
    let t = await startTestApp(env);
    let carolKey: string;
    let connectionId: string;
    let aliceSession: string;
    try {
      const a = await api(t, '/api/chat', ALICE, { question: 'How many customers are there?' });
      expect(a.body.success).toBe(true);
      aliceSession = a.body.session_id;
      await api(t, '/api/chat', ALICE, { question: 'How many products are there?', session_id: aliceSession });
      await api(t, '/api/chat', BOB, { question: 'How many customers are there?' });
      carolKey = (await api(t, '/api/keys', SERVICE, { user_id: 'carol' })).body.key;
      const created = await api(t, '/api/connections', SERVICE, {
        name: 'pg',
        url: `postgres://postgres:${PASSWORD}@127.0.0.1:5432/test`,
      });
      expect(created.body).toMatchObject({ has_password: true, url: 'postgres://postgres:***@127.0.0.1:5432/test' });
      connectionId = created.body.id;
    } finally {
      await t.close();
    }

    const stored = await admin.query(`SELECT url, secret FROM "${schema}".api_connection WHERE id = $1`, [
      connectionId,
    ]);
    expect(stored.rows[0].url).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(stored.rows[0].secret).toMatch(/^v1\./);
    expect(JSON.stringify(stored.rows)).not.toContain(PASSWORD);
    const keys = await admin.query(`SELECT key_hash FROM "${schema}".api_key`);
    expect(keys.rows).toEqual([{ key_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

    t = await startTestApp(env);
    try {
      const aliceSessions = await api(t, '/api/sessions', ALICE);
      expect(aliceSessions.body).toMatchObject({
        total: 1,
        items: [{ id: aliceSession, user_id: 'alice', query_count: 2, last_question: 'How many products are there?' }],
      });
      expect((await api(t, '/api/sessions', BOB)).body.total).toBe(1);
      expect((await api(t, '/api/sessions', SERVICE)).body.total).toBe(2);
      expect((await api(t, `/api/sessions/${aliceSession}`, BOB)).status).toBe(404);
      expect((await api(t, '/api/traces', ALICE)).body.total).toBe(2);
      expect((await api(t, '/api/me', carolKey)).body).toEqual({
        user_id: 'carol',
        service: false,
        role: 'viewer',
        attributes: {},
      });
      const test = await api(t, `/api/connections/${connectionId}/test`, SERVICE, {});
      expect(test.body).toMatchObject({ ok: true });
    } finally {
      await t.close();
    }
  });

  it('answers a NUL character (which PostgreSQL cannot store) in ids, query parameters and bodies as 400, never 500', async () => {
    const admin = pg.admin;
    if (!admin) return;
    const t = await startTestApp({
      DATA_DIR: dataDir,
      STATE_DATABASE_URL: `${PG}?schema=${schema}`,
      SERVICE_API_KEY: SERVICE,
    });
    try {
      const cases: Array<[string, string, unknown, string]> = [
        ['GET', '/api/traces/a%00b', undefined, 'id'],
        ['GET', '/api/connections/a%00b', undefined, 'id'],
        ['GET', '/api/llms/a%00b', undefined, 'id'],
        ['DELETE', '/api/keys/a%00b', undefined, 'id'],
        ['GET', '/api/export?entry_id=a%00b', undefined, 'entry_id'],
        ['GET', '/api/traces?session_id=a%00b', undefined, 'session_id'],
        ['POST', '/api/chat', { question: 'How many\u0000customers?' }, 'question'],
        ['POST', '/api/connections', { name: 'n\u0000', url: 'sqlite::memory:' }, 'name'],
        ['POST', '/query', { question: 'How many\u0000customers?' }, 'question'],
        ['POST', '/query', { question: 'How many customers?', rlhf_signal: 'good\u0000' }, 'rlhf_signal'],
      ];
      for (const [method, route, body, field] of cases) {
        const res = await call(`${t.url}${route}`, { method, body, headers: { 'x-api-key': SERVICE } });
        expect({ route, status: res.status }).toEqual({ route, status: 400 });
        expect(res.body).toMatchObject({
          statusCode: 400,
          code: 'VALIDATION',
          requestId: expect.any(String),
          details: [{ field, problems: [expect.stringMatching(/NUL/)] }],
        });
      }
    } finally {
      await t.close();
    }
  });
});
