/**
 * The application surface /api and /ws/live over real HTTP and a real WebSocket (docs/http-api.md "Contract: application surface"; docs/http-api.md "Contract: authentication" rule 2; docs/http-api.md "Contract: authentication" rule 4; docs/http-api.md "Contract: events"): keys and
 * their users, 401/403, chat with rows and chart, per-user scoping of sessions, traces, approvals, export and live
 * events. The SQL comes from an OpenAI-compatible scripted model server (real client, real HTTP); the rows from the
 * real sample shop database.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { openLive } from '../src/testing/api-live-client';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const ALICE = 'alice-key-0123456789abcdef';
const BOB = 'bob-key-0123456789abcdef';

const SQL: Record<string, string> = {
  'How many customers are there?': 'SELECT COUNT(*) AS n FROM customers',
  'Orders per status': 'SELECT status, COUNT(*) AS orders FROM orders GROUP BY status ORDER BY status',
  'How many customers are in France?': 'SELECT COUNT(*) AS n FROM customers WHERE country = "France"',
  'Describe the categories': 'SELECT category_id, name, description FROM categories ORDER BY category_id',
  'Archive the cancelled orders': "UPDATE orders SET status = 'archived' WHERE status = 'cancelled'",
  'Delete all reviews': 'DELETE FROM reviews',
};

/** Every /api route with a body where it takes one (ids need not exist: the key is checked first). */
const ROUTES: Array<[string, string, unknown]> = [
  ['GET', '/api/me', undefined],
  ['GET', '/api/health', undefined],
  ['POST', '/api/chat', { question: 'How many customers are there?' }],
  ['GET', '/api/sessions', undefined],
  ['GET', '/api/sessions/s1', undefined],
  ['POST', '/api/sessions/s1/approve', undefined],
  ['POST', '/api/sessions/s1/reject', undefined],
  ['POST', '/api/sessions/s1/feedback', { signal: 'positive' }],
  ['GET', '/api/traces', undefined],
  ['GET', '/api/traces/t1', undefined],
  ['GET', '/api/connections', undefined],
  ['POST', '/api/connections', { name: 'x', url: 'sqlite::memory:' }],
  ['GET', '/api/connections/default', undefined],
  ['PATCH', '/api/connections/default', { name: 'y' }],
  ['DELETE', '/api/connections/default', undefined],
  ['POST', '/api/connections/default/test', undefined],
  ['POST', '/api/connections/default/activate', undefined],
  ['POST', '/api/connections/default/refresh', undefined],
  ['GET', '/api/connections/default/policy', undefined],
  ['PUT', '/api/connections/default/policy', { roles: {} }],
  ['GET', '/api/llms', undefined],
  ['POST', '/api/llms', { name: 'x', provider: 'offline' }],
  ['GET', '/api/llms/default', undefined],
  ['PATCH', '/api/llms/default', { name: 'y' }],
  ['DELETE', '/api/llms/default', undefined],
  ['POST', '/api/llms/default/test', undefined],
  ['POST', '/api/llms/default/activate', undefined],
  ['GET', '/api/export?entry_id=e1&format=csv', undefined],
  ['GET', '/api/saved', undefined],
  ['POST', '/api/saved', { name: 'n', sql: 'SELECT 1' }],
  ['GET', '/api/saved/s1/result', undefined],
  ['GET', '/api/boards', undefined],
  ['POST', '/api/boards', { name: 'b', tiles: [] }],
  ['GET', '/api/boards/b1', undefined],
  ['PUT', '/api/boards/b1', { name: 'b', tiles: [] }],
  ['DELETE', '/api/boards/b1', undefined],
  ['GET', '/api/boards/b1/results', undefined],
  ['POST', '/api/keys', { user_id: 'carol' }],
  ['GET', '/api/keys', undefined],
  ['DELETE', '/api/keys/k1', undefined],
];

/** GET /api/me of the service key. */
const SERVICE_ME = { user_id: 'service', service: true, role: 'admin', attributes: {} };

function shop(dataDir: string): Database.Database {
  return new Database(path.join(dataDir, 'shop.db'), { readonly: true });
}

describe('application surface /api and /ws/live', () => {
  let model: ScriptedModelServer;
  let t: TestApp;
  let service: string;
  const as = (key: string) => ({ 'x-api-key': key });
  const api = (route: string, key: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${t.url}${route}`, { ...init, headers: as(key) });

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL[q] ?? 'SELECT 1');
    // AUTH_FAILURE_LIMIT=0: this suite sends dozens of wrong keys on purpose (the throttle has its own tests)
    t = await startTestApp({
      SERVICE_MODE: 'admin',
      USER_API_KEYS: `alice:${ALICE}:approver,bob:${BOB}`,
      AUTH_FAILURE_LIMIT: '0',
      ...providerEnv('openai', model),
    });
    service = fs.readFileSync(path.join(t.dataDir, 'service-api-key'), 'utf8').trim();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
    removeDataDir(t.dataDir);
  });

  describe('keys', () => {
    it('generates the service key on first start in DATA_DIR with mode 0600 and reuses it', async () => {
      const file = path.join(t.dataDir, 'service-api-key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(service).toMatch(/^nlq_[A-Za-z0-9_-]{43}$/);
      expect((await api('/api/me', service)).body).toEqual(SERVICE_ME);
      const again = await startTestApp({ DATA_DIR: t.dataDir });
      try {
        expect((await call(`${again.url}/api/me`, { headers: as(service) })).body).toEqual(SERVICE_ME);
      } finally {
        await again.close();
      }
    });

    it.each(ROUTES)('%s %s is 401 without a key and with a wrong key', async (method, route, body) => {
      const missing = await call(`${t.url}${route}`, { method, body });
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Missing X-API-Key header.',
        requestId: expect.any(String),
      });
      const wrong = await call(`${t.url}${route}`, { method, body, headers: as(`${service}x`) });
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('UNAUTHORIZED');
    });

    it('identifies configured user keys with the role their entry gives, viewer by default', async () => {
      expect((await api('/api/me', ALICE)).body).toEqual({
        user_id: 'alice',
        service: false,
        role: 'approver',
        attributes: {},
      });
      expect((await api('/api/me', BOB)).body).toEqual({
        user_id: 'bob',
        service: false,
        role: 'viewer',
        attributes: {},
      });
    });

    it('lets only an admin issue, list and revoke keys; stores only a hash', async () => {
      expect((await api('/api/keys', ALICE, { body: { user_id: 'carol' } })).status).toBe(403);
      expect((await api('/api/keys', ALICE)).body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      expect((await api('/api/keys/whatever', BOB, { method: 'DELETE' })).status).toBe(403);
      expect((await api('/api/keys', service, { body: { user_id: 'service' } })).status).toBe(400);
      expect((await api('/api/keys', service, { body: {} })).status).toBe(400);

      const issued = await api('/api/keys', service, { body: { user_id: 'carol' } });
      expect(issued.status).toBe(201);
      expect(issued.body).toEqual({
        id: expect.any(String),
        user_id: 'carol',
        prefix: issued.body.key.slice(0, 12),
        role: 'viewer',
        attributes: {},
        created_at: expect.any(String),
        key: expect.stringMatching(/^nlq_/),
      });
      const carol = issued.body.key as string;
      expect((await api('/api/me', carol)).body).toEqual({
        user_id: 'carol',
        service: false,
        role: 'viewer',
        attributes: {},
      });

      const listed = await api('/api/keys', service);
      expect(listed.body).toEqual([
        {
          id: issued.body.id,
          user_id: 'carol',
          prefix: issued.body.prefix,
          role: 'viewer',
          attributes: {},
          created_at: issued.body.created_at,
        },
      ]);
      const stateFiles = fs.readdirSync(t.dataDir).filter((f) => f.startsWith('state.db'));
      for (const f of stateFiles) expect(fs.readFileSync(path.join(t.dataDir, f)).includes(carol)).toBe(false);

      expect((await api(`/api/keys/${issued.body.id}`, service, { method: 'DELETE' })).status).toBe(204);
      expect((await api('/api/me', carol)).status).toBe(401);
      expect((await api(`/api/keys/${issued.body.id}`, service, { method: 'DELETE' })).status).toBe(404);
    });
  });

  describe('roles', () => {
    /** Routes an admin alone may call, with a body where they take one. */
    const ADMIN_ONLY = ROUTES.filter(([method, route]) =>
      /^\/api\/(keys|llms|connections)/.test(route) ? method !== 'GET' || route.startsWith('/api/keys') : false,
    );

    it.each(ADMIN_ONLY)('%s %s is 403 FORBIDDEN for a viewer and an approver', async (method, route, body) => {
      for (const key of [BOB, ALICE]) {
        const answer = await call(`${t.url}${route}`, { method, body, headers: as(key) });
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: expect.stringMatching(
            /^Role "(viewer|approver)" may not .+; it needs the role "admin" or stronger\.$/,
          ),
          requestId: expect.any(String),
        });
      }
    });

    it('issues keys with a role and attributes; an issued admin manages keys, an issued analyst rates answers', async () => {
      const bad = await api('/api/keys', service, { body: { user_id: 'x', role: 'owner' } });
      expect(bad.body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
      const badAttributes = await api('/api/keys', service, { body: { user_id: 'x', attributes: { 'a b': 'c' } } });
      expect(badAttributes.body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
      expect((await api('/api/keys', service, { body: { user_id: 'x', attributes: { n: 1 } } })).status).toBe(400);

      const ana = await api('/api/keys', service, {
        body: { user_id: 'ana', role: 'analyst', attributes: { country: 'Germany' } },
      });
      expect(ana.body).toMatchObject({ user_id: 'ana', role: 'analyst', attributes: { country: 'Germany' } });
      expect((await api('/api/me', ana.body.key)).body).toEqual({
        user_id: 'ana',
        service: false,
        role: 'analyst',
        attributes: { country: 'Germany' },
      });
      const chat = await api('/api/chat', ana.body.key, { body: { question: 'How many customers are there?' } });
      const rated = await api(`/api/sessions/${chat.body.session_id}/feedback`, ana.body.key, {
        body: { signal: 'positive' },
      });
      expect(rated.body).toEqual({ status: 'ok', signal: 'positive' });
      expect(
        (await api(`/api/sessions/${chat.body.session_id}/approve`, ana.body.key, { method: 'POST' })).status,
      ).toBe(403);

      const boss = await api('/api/keys', service, { body: { user_id: 'boss', role: 'admin' } });
      expect((await api('/api/keys', boss.body.key)).status).toBe(200);
      expect((await api(`/api/keys/${ana.body.id}`, boss.body.key, { method: 'DELETE' })).status).toBe(204);
      expect((await api(`/api/keys/${boss.body.id}`, service, { method: 'DELETE' })).status).toBe(204);
    });
  });

  describe('chat, sessions, traces', () => {
    let aliceSession: string;
    let aliceEntry: string;
    let aliceTrace: string;

    it('answers a question with rows, a chart suggestion and the trace id, in a new session', async () => {
      const { status, body } = await api('/api/chat', ALICE, { body: { question: 'How many customers are there?' } });
      expect(status).toBe(200);
      const db = shop(t.dataDir);
      const n = (db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n;
      db.close();
      expect(body).toEqual({
        response: expect.any(String),
        sql: SQL['How many customers are there?'],
        success: true,
        pending_approval: false,
        session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        error: null,
        columns: ['n'],
        rows: [[n]],
        row_count: 1,
        truncated: false,
        chart: { type: 'number', y: ['n'] },
        trace_id: expect.any(String),
        history_entry_id: expect.any(String),
        kind: 'read',
        cached: false,
        connection_id: 'default',
        repairs: [],
        reading: expect.stringMatching(/customers/i),
        clarification: null,
        total_rows: null,
        knowledge: [],
        warnings: [],
      });
      aliceSession = body.session_id;
      aliceEntry = body.history_entry_id;
      aliceTrace = body.trace_id;
    });

    it('continues the session and suggests a chart for a grouped result', async () => {
      const { body } = await api('/api/chat', ALICE, {
        body: { question: 'Orders per status', session_id: aliceSession },
      });
      expect(body.session_id).toBe(aliceSession);
      expect(body.columns).toEqual(['status', 'orders']);
      expect(body.row_count).toBe(body.rows.length);
      expect(body.chart).toMatchObject({ x: 'status', y: ['orders'] });
      expect(['bar', 'pie']).toContain(body.chart.type);
    });

    it('rejects an invalid body with 400', async () => {
      expect((await api('/api/chat', ALICE, { body: { question: 42 } })).status).toBe(400);
      expect((await api('/api/chat', ALICE, { body: { question: 'x', extra: 1 } })).status).toBe(400);
      expect((await api('/api/chat', ALICE, { body: { question: 'x', connection_id: 'nope' } })).status).toBe(404);
    });

    it("keeps alice's session from bob: read, chat, trace and export answer 404; approve, reject and feedback 403", async () => {
      const notFound = { statusCode: 404, code: 'NOT_FOUND' };
      expect((await api(`/api/sessions/${aliceSession}`, BOB)).body).toMatchObject(notFound);
      expect(
        (await api('/api/chat', BOB, { body: { question: 'How many customers are there?', session_id: aliceSession } }))
          .body,
      ).toMatchObject(notFound);
      const forbidden = { statusCode: 403, code: 'FORBIDDEN' };
      expect((await api(`/api/sessions/${aliceSession}/approve`, BOB, { method: 'POST' })).body).toMatchObject(
        forbidden,
      );
      expect((await api(`/api/sessions/${aliceSession}/reject`, BOB, { method: 'POST' })).body).toMatchObject(
        forbidden,
      );
      expect(
        (await api(`/api/sessions/${aliceSession}/feedback`, BOB, { body: { signal: 'negative' } })).body,
      ).toMatchObject(forbidden);
      expect((await api(`/api/traces/${aliceTrace}`, BOB)).body).toMatchObject(notFound);
      expect((await api(`/api/export?entry_id=${aliceEntry}&format=csv`, BOB)).status).toBe(404);
      // An unknown session looks exactly the same.
      expect((await api('/api/sessions/no-such-session', BOB)).body).toMatchObject(notFound);
      expect((await api(`/api/traces?session_id=${aliceSession}`, BOB)).body).toMatchObject({ items: [], total: 0 });
    });

    it('lists sessions and traces per user; the service key sees all', async () => {
      const bobChat = await api('/api/chat', BOB, { body: { question: 'How many customers are there?' } });
      const aliceList = await api('/api/sessions', ALICE);
      expect(aliceList.body.items.map((s: any) => s.id)).toEqual([aliceSession]);
      expect(aliceList.body).toMatchObject({ page: 1, page_size: 20, total: 1 });
      expect(aliceList.body.items[0]).toEqual({
        id: aliceSession,
        user_id: 'alice',
        last_question: 'Orders per status',
        last_question_at: expect.any(String),
        query_count: 2,
        error_count: 0,
        last_activity: expect.any(String),
      });
      expect((await api('/api/sessions', BOB)).body.items.map((s: any) => s.id)).toEqual([bobChat.body.session_id]);
      const all = await api('/api/sessions?page_size=100', service);
      expect(all.body.items.map((s: any) => s.id)).toEqual(
        expect.arrayContaining([aliceSession, bobChat.body.session_id]),
      );
      expect((await api('/api/sessions?page_size=1000', service)).status).toBe(400);
      // a page number whose offset no database can take is a 400 too, not a 500
      for (const route of [
        '/api/sessions?page=99999999999999999999',
        '/api/sessions?page=1e300',
        '/api/traces?page=1e21',
      ]) {
        expect((await api(route, service)).body).toMatchObject({
          statusCode: 400,
          code: 'VALIDATION',
          details: [{ field: 'page' }],
        });
      }

      const traces = await api('/api/traces', ALICE);
      expect(traces.body.total).toBe(2);
      expect(traces.body.items.every((tr: any) => tr.userId === 'alice' && tr.span_count > 0 && !('spans' in tr))).toBe(
        true,
      );
      expect((await api(`/api/traces?session_id=${aliceSession}&status=error`, ALICE)).body.total).toBe(0);
      expect((await api('/api/traces?status=ok', service)).body.total).toBeGreaterThanOrEqual(3);
      expect((await api('/api/traces?status=weird', ALICE)).status).toBe(400);

      const trace = await api(`/api/traces/${aliceTrace}`, ALICE);
      expect(trace.body).toMatchObject({ id: aliceTrace, sessionId: aliceSession, userId: 'alice', status: 'ok' });
      expect(trace.body.spans.map((s: any) => s.name)).toEqual(
        expect.arrayContaining(['intake', 'schema', 'generate', 'check', 'execute', 'answer']),
      );
      expect((await api(`/api/traces/${aliceTrace}`, service)).status).toBe(200);
    });

    it('shows a session with history and feedback; feedback is scoped and validated', async () => {
      expect(
        (await api(`/api/sessions/${aliceSession}/feedback`, ALICE, { body: { signal: 'positive' } })).body,
      ).toEqual({ status: 'ok', signal: 'positive' });
      expect((await api(`/api/sessions/${aliceSession}/feedback`, ALICE, { body: { signal: 'meh' } })).status).toBe(
        400,
      );
      const detail = await api(`/api/sessions/${aliceSession}`, ALICE);
      expect(detail.body.session).toMatchObject({ id: aliceSession, user_id: 'alice', query_count: 2 });
      expect(detail.body.history.map((e: any) => e.kind)).toEqual(['query', 'query', 'feedback']);
      expect(detail.body.feedback).toEqual([
        expect.objectContaining({ kind: 'feedback', signal: 'positive', user_id: 'alice' }),
      ]);
      expect((await api(`/api/sessions/${aliceSession}`, service)).status).toBe(200);
    });

    it('exports the rows of an own entry as CSV equal to a direct query, and as JSON', async () => {
      const chat = await api('/api/chat', ALICE, {
        body: { question: 'Describe the categories', session_id: aliceSession },
      });
      const res = await fetch(`${t.url}/api/export?entry_id=${chat.body.history_entry_id}&format=csv`, {
        headers: as(ALICE),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="nlq-describe-the-categories-${chat.body.history_entry_id.replace(/-/g, '').slice(0, 8)}.csv"`,
      );
      const text = await res.text();

      const db = shop(t.dataDir);
      const rows = db.prepare(SQL['Describe the categories']).all() as Array<Record<string, unknown>>;
      db.close();
      const quote = (v: unknown) => (/[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
      const expected =
        [
          'category_id,name,description',
          ...rows.map((r) => [r.category_id, r.name, r.description].map(quote).join(',')),
        ].join('\r\n') + '\r\n';
      expect(text).toBe(expected);
      expect(res.headers.get('x-export-rows')).toBe(String(rows.length));

      const json = await fetch(`${t.url}/api/export?entry_id=${chat.body.history_entry_id}&format=json`, {
        headers: as(service),
      });
      expect(json.headers.get('content-disposition')).toMatch(/\.json"$/);
      expect(await json.json()).toEqual(rows);

      expect((await api(`/api/export?entry_id=${chat.body.history_entry_id}&format=xml`, ALICE)).status).toBe(400);
      expect((await api('/api/export?entry_id=nope', ALICE)).status).toBe(404);
    });

    it('lets an approver decide pending writes, a viewer none (403)', async () => {
      const db0 = shop(t.dataDir);
      const cancelled = (
        db0.prepare("SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'").get() as { n: number }
      ).n;
      db0.close();
      const asked = await api('/api/chat', ALICE, { body: { question: 'Archive the cancelled orders' } });
      expect(asked.body).toMatchObject({ success: true, pending_approval: true, kind: 'write', rows: [], chart: null });
      const sid = asked.body.session_id;
      expect((await api(`/api/sessions/${sid}/approve`, BOB, { method: 'POST' })).body).toMatchObject({
        statusCode: 403,
        code: 'FORBIDDEN',
        message: 'Role "viewer" may not approve or reject writes; it needs the role "approver" or stronger.',
      });
      const approved = await api(`/api/sessions/${sid}/approve`, ALICE, { method: 'POST' });
      expect(approved.body).toEqual({ status: 'approved', session_id: sid, rows_affected: cancelled });
      expect((await api(`/api/sessions/${sid}/approve`, ALICE, { method: 'POST' })).status).toBe(409);

      const second = await api('/api/chat', ALICE, { body: { question: 'Delete all reviews', session_id: sid } });
      expect(second.body.pending_approval).toBe(true);
      expect((await api(`/api/sessions/${sid}/reject`, BOB, { method: 'POST' })).status).toBe(403);
      expect((await api(`/api/sessions/${sid}/reject`, ALICE, { method: 'POST' })).body).toEqual({
        status: 'rejected',
        session_id: sid,
      });
      const db = shop(t.dataDir);
      expect((db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n).toBeGreaterThan(0);
      db.close();
      expect((await api('/api/sessions/nothing-here/approve', ALICE, { method: 'POST' })).status).toBe(404);

      // an approver decides any user's held write
      const bobs = await api('/api/chat', BOB, { body: { question: 'Archive the cancelled orders' } });
      expect(bobs.body.pending_approval).toBe(true);
      expect((await api(`/api/sessions/${bobs.body.session_id}/reject`, ALICE, { method: 'POST' })).body).toEqual({
        status: 'rejected',
        session_id: bobs.body.session_id,
      });
    });

    it("shows the repairs made to the model's SQL before it ran (a double-quoted literal on SQLite)", async () => {
      const { body } = await api('/api/chat', ALICE, { body: { question: 'How many customers are in France?' } });
      expect(body).toMatchObject({
        success: true,
        sql: "SELECT COUNT(*) AS n FROM customers WHERE country = 'France'",
      });
      expect(body.repairs).toEqual([{ rule: 'double-quoted-literal', from: '"France"', to: "'France'" }]);
      expect(body.rows[0][0]).toBeGreaterThan(0);
    });

    it("keeps a user's /api session from the query adapter surface, where the session id names the user", async () => {
      const db0 = shop(t.dataDir);
      const reviews = (db0.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
      db0.close();
      const asked = await api('/api/chat', ALICE, {
        body: { question: 'Delete all reviews', session_id: 'alice-cleanup' },
      });
      expect(asked.body).toMatchObject({ pending_approval: true, session_id: 'alice-cleanup' });
      const notFound = { statusCode: 404, code: 'NOT_FOUND', requestId: expect.any(String) };
      // The adapter surface is open here (no SERVICE_API_KEY): anybody may call it, as user "alice-cleanup".
      expect(await call(`${t.url}/session/alice-cleanup`)).toMatchObject({ status: 404, body: notFound });
      expect(await call(`${t.url}/approve/alice-cleanup`, { method: 'POST' })).toMatchObject({
        status: 404,
        body: notFound,
      });
      expect(await call(`${t.url}/reject/alice-cleanup`, { method: 'POST' })).toMatchObject({
        status: 404,
        body: notFound,
      });
      expect(await call(`${t.url}/feedback/alice-cleanup`, { body: { signal: 'negative' } })).toMatchObject({
        status: 404,
        body: notFound,
      });
      // ...nor ask in it, which would put its own write pending in alice's session in place of hers.
      expect(
        await call(`${t.url}/query`, { body: { question: 'Archive the cancelled orders', user_id: 'alice-cleanup' } }),
      ).toMatchObject({ status: 404, body: notFound });

      const db = shop(t.dataDir);
      expect((db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n).toBe(reviews);
      db.close();
      const detail = await api('/api/sessions/alice-cleanup', ALICE);
      expect(detail.body.history.map((e: any) => [e.kind, e.user_id, e.question])).toEqual([
        ['query', 'alice', 'Delete all reviews'],
      ]);
      expect((await api('/api/sessions/alice-cleanup/reject', ALICE, { method: 'POST' })).body).toEqual({
        status: 'rejected',
        session_id: 'alice-cleanup',
      });

      // A session alice opened under her own user id is hers on both surfaces.
      await api('/api/chat', ALICE, { body: { question: 'How many customers are there?', session_id: 'alice' } });
      expect((await call(`${t.url}/session/alice`)).body.history).toHaveLength(1);
    });
  });

  describe('health', () => {
    it('reports the /health fields and the reachability of the database and the model', async () => {
      const { status, body } = await api('/api/health', BOB);
      expect(status).toBe(200);
      expect(body).toEqual({
        status: 'ok',
        integration: 'rest',
        schema_age_seconds: expect.any(Number),
        mode: 'admin',
        database: {
          connection_id: 'default',
          dialect: 'sqlite',
          reachable: true,
          latency_ms: expect.any(Number),
          error: null,
        },
        model: {
          provider: 'openai',
          model: expect.stringContaining('scripted-model'),
          reachable: true,
          latency_ms: expect.any(Number),
          error: null,
        },
        // the sample SQLite file is writable by the service; admin mode: no warning
        privileges: { superuser: false, can_write: true, warning: null },
      });
    });
  });

  describe('/ws/live', () => {
    it('sends each user only the events of its own sessions; the service key hears all', async () => {
      const alice = await openLive(t.url, ALICE);
      const bob = await openLive(t.url, BOB);
      const svc = await openLive(t.url, service);
      try {
        expect(await alice.waitFor((m) => m.type === 'ready')).toEqual({ type: 'ready', user_id: 'alice' });
        expect(await bob.waitFor((m) => m.type === 'ready')).toEqual({ type: 'ready', user_id: 'bob' });
        await svc.waitFor((m) => m.type === 'ready');

        const asked = await api('/api/chat', ALICE, { body: { question: 'How many customers are there?' } });
        const sid = asked.body.session_id;
        const answer = await alice.waitFor((m) => m.type === 'answer.ready' && m.sessionId === sid);
        expect(answer).toMatchObject({
          sessionId: sid,
          userId: 'alice',
          traceId: asked.body.trace_id,
          at: expect.any(String),
          data: expect.objectContaining({ success: true }),
        });
        const started = alice.messages.filter((m) => m.type === 'stage.started' && m.sessionId === sid);
        const finished = alice.messages.filter((m) => m.type === 'stage.finished' && m.sessionId === sid);
        expect(started.length).toBeGreaterThan(3);
        expect(finished[0].data).toEqual(
          expect.objectContaining({ stage: expect.any(String), durationMs: expect.any(Number) }),
        );
        await svc.waitFor((m) => m.type === 'answer.ready' && m.sessionId === sid);

        const bobAsked = await api('/api/chat', BOB, { body: { question: 'Archive the cancelled orders' } });
        await bob.waitFor((m) => m.type === 'approval.pending' && m.sessionId === bobAsked.body.session_id);
        await api(`/api/sessions/${bobAsked.body.session_id}/reject`, service, { method: 'POST' });
        await bob.waitFor((m) => m.type === 'approval.rejected');

        await api('/api/connections/default/refresh', service, { method: 'POST' });
        await alice.waitFor((m) => m.type === 'schema.refreshed');
        await bob.waitFor((m) => m.type === 'schema.refreshed');

        expect(bob.messages.filter((m) => m.sessionId === sid)).toEqual([]);
        // alice approves: of bob's session she hears the approval events only
        const ofBob = alice.messages.filter((m) => m.sessionId === bobAsked.body.session_id);
        expect(ofBob.map((m) => m.type)).toEqual(expect.arrayContaining(['approval.pending']));
        expect(ofBob.every((m) => String(m.type).startsWith('approval.'))).toBe(true);
        expect(
          alice.messages.every(
            (m) =>
              m.type === 'ready' ||
              m.sessionId === null ||
              m.userId === 'alice' ||
              String(m.type).startsWith('approval.'),
          ),
        ).toBe(true);
      } finally {
        alice.close();
        bob.close();
        svc.close();
      }
    });

    it('answers a wrong key with an error message and closes with 4401', async () => {
      const live = await openLive(t.url, 'not-a-key');
      expect(await live.waitFor((m) => m.type === 'error')).toEqual({ type: 'error', message: expect.any(String) });
      expect((await live.closed).code).toBe(4401);
    });

    it('closes a socket that does not authenticate within 5 s', async () => {
      const live = await openLive(t.url);
      const started = Date.now();
      expect((await live.closed).code).toBe(4408);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    }, 10_000);
  });

  it('documents every /api endpoint in OpenAPI with the X-API-Key scheme', async () => {
    const { body } = await call(`${t.url}/docs-json`);
    const expected = [
      ['post', '/api/chat'],
      ['get', '/api/health'],
      ['get', '/api/me'],
      ['get', '/api/traces'],
      ['get', '/api/traces/{id}'],
      ['get', '/api/sessions'],
      ['get', '/api/sessions/{id}'],
      ['post', '/api/sessions/{id}/approve'],
      ['post', '/api/sessions/{id}/reject'],
      ['post', '/api/sessions/{id}/feedback'],
      ['get', '/api/connections'],
      ['post', '/api/connections'],
      ['patch', '/api/connections/{id}'],
      ['delete', '/api/connections/{id}'],
      ['post', '/api/connections/{id}/test'],
      ['post', '/api/connections/{id}/activate'],
      ['post', '/api/connections/{id}/refresh'],
      ['get', '/api/llms'],
      ['post', '/api/llms/{id}/test'],
      ['get', '/api/export'],
      ['post', '/api/keys'],
      ['delete', '/api/keys/{id}'],
    ];
    for (const [method, p] of expected) {
      expect(body.paths[p]?.[method]).toBeDefined();
      expect(body.paths[p][method].security).toEqual([{ api_key: [] }]);
    }
  });
});
