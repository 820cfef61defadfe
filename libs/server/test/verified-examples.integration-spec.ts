/**
 * Verified examples over real HTTP, with an OpenAI-protocol model server whose prompts the test
 * reads: a thumbs-up makes a candidate that no later prompt carries; an admin's promotion (a read-only re-run with an
 * unchanged result) puts it in the next prompt; a thumbs-down on an answer that used it sends it back to candidate;
 * a schema change that breaks its SQL retires it; reject; non-admins get 403. On the SQLite state store and on
 * PostgreSQL state (skipped with a printed reason when PostgreSQL is unreachable).
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { describeWith } from '@nlq/test-services';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ALICE = 'alice-key-0123456789abcdef';

const FRANCE = 'How many customers are in France?';
const FRANCE_SQL = "SELECT COUNT(*) AS customers FROM customers WHERE country = 'France'";
const SQL_BY_QUESTION = new Map<string, string>([
  [FRANCE, FRANCE_SQL],
  ['How many customers are there?', 'SELECT COUNT(*) AS customers FROM customers'],
  ['How many products are there?', 'SELECT COUNT(*) AS products FROM products'],
  ['How many orders are there?', 'SELECT COUNT(*) AS orders FROM orders'],
  ['How many payments are there?', 'SELECT COUNT(*) AS payments FROM payments'],
  ['How many categories are there?', 'SELECT COUNT(*) AS categories FROM categories'],
]);

/** The SQL prompts the model server received since `from`, as JSON text. */
function promptsSince(model: ScriptedModelServer, from: number): string {
  return model.requests
    .slice(from)
    .filter((r) => r.method === 'POST')
    .map((r) => JSON.stringify(r.body))
    .join('\n');
}

function scenario(stateEnv: () => Record<string, string> | null) {
  let model: ScriptedModelServer;
  let t: TestApp | null = null;
  const dataDir = makeDataDir();

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL_BY_QUESTION.get(q) ?? 'SELECT * FROM no_such_table');
  });
  afterAll(async () => {
    await t?.close();
    await model.close();
    removeDataDir(dataDir);
  });

  it('governs thumbs-up answers: candidate, promote, in the prompt, thumbs-down, schema change, reject, admin only', async () => {
    const state = stateEnv();
    if (!state) return;
    t = await startTestApp({
      DATA_DIR: dataDir,
      SERVICE_API_KEY: SERVICE,
      USER_API_KEYS: `alice:${ALICE}:analyst`,
      ...providerEnv('openai', model),
      ...state,
    });
    const app = t;
    const api = (route: string, key: string, body?: unknown) =>
      call(`${app.url}${route}`, { body, headers: { 'x-api-key': key } });
    const ask = async (question: string) => {
      const before = model.requests.length;
      const res = await api('/api/chat', ALICE, { question });
      expect(res.body).toMatchObject({ success: true });
      return { session: res.body.session_id as string, prompt: promptsSince(model, before) };
    };
    const list = async (status?: string) =>
      (await api(`/api/knowledge/examples${status ? `?status=${status}` : ''}`, SERVICE)).body.items as Array<
        Record<string, any>
      >;

    // a thumbs-up makes a candidate, re-run and fingerprinted, and changes no later prompt
    const france = await ask(FRANCE);
    expect((await api(`/api/sessions/${france.session}/feedback`, ALICE, { signal: 'positive' })).body).toEqual({
      status: 'ok',
      signal: 'positive',
    });
    const [candidate] = await list('candidate');
    expect(candidate).toMatchObject({
      question: FRANCE,
      sql: FRANCE_SQL,
      status: 'candidate',
      reason: null,
      schema_version: expect.any(String),
      source_entry_id: expect.any(String),
      result_fingerprint: { columns: ['customers'], row_count: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(await list('verified')).toEqual([]);
    expect((await ask('How many customers are there?')).prompt).not.toContain('are in France');

    // admin only
    for (const [method, route] of [
      ['GET', '/api/knowledge/examples'],
      ['POST', `/api/knowledge/examples/${candidate.id}/promote`],
      ['POST', `/api/knowledge/examples/${candidate.id}/reject`],
    ]) {
      const res = await call(`${app.url}${route}`, {
        method,
        body: method === 'POST' ? {} : undefined,
        headers: { 'x-api-key': ALICE },
      });
      expect({ route, status: res.status, code: res.body.code }).toEqual({ route, status: 403, code: 'FORBIDDEN' });
    }
    expect((await api('/api/knowledge/examples?status=nonsense', SERVICE)).status).toBe(400);
    expect((await api('/api/knowledge/examples/no-such-id/promote', SERVICE, {})).status).toBe(404);

    // promoted after its re-run: it is in the next prompt
    const promoted = await api(`/api/knowledge/examples/${candidate.id}/promote`, SERVICE, {});
    expect(promoted).toMatchObject({ status: 200, body: { id: candidate.id, status: 'verified' } });
    expect((await api(`/api/knowledge/examples/${candidate.id}/promote`, SERVICE, {})).status).toBe(409);
    const used = await ask('How many products are there?');
    expect(used.prompt).toContain('are in France');
    expect(used.prompt).toContain("WHERE country = 'France'");
    const usedEntry = (
      (await api(`/api/sessions/${used.session}`, SERVICE)).body.history as Array<Record<string, unknown>>
    ).find((e) => e.kind === 'query');
    expect(usedEntry).toMatchObject({ examples: [candidate.id] });

    // a thumbs-down on that answer sends the example back to candidate, out of the prompts
    await api(`/api/sessions/${used.session}/feedback`, ALICE, { signal: 'negative' });
    expect(await list('candidate')).toEqual([
      expect.objectContaining({ id: candidate.id, reason: expect.stringMatching(/thumbs-down/) }),
    ]);
    expect((await ask('How many orders are there?')).prompt).not.toContain('are in France');

    // promoted again; a refresh without a schema change keeps it; renaming the column its SQL uses retires it
    expect((await api(`/api/knowledge/examples/${candidate.id}/promote`, SERVICE, {})).body.status).toBe('verified');
    expect((await api('/refresh', SERVICE, {})).status).toBe(200);
    expect((await list('verified')).map((e) => e.id)).toEqual([candidate.id]);
    const db = new Database(path.join(app.dataDir, 'shop.db'));
    db.exec('ALTER TABLE customers RENAME COLUMN country TO nation');
    db.close();
    expect((await api('/refresh', SERVICE, {})).status).toBe(200);
    expect(await list('verified')).toEqual([]);
    expect(await list('retired')).toEqual([
      expect.objectContaining({
        id: candidate.id,
        reason: expect.stringMatching(/schema change.*no longer runs.*country/),
      }),
    ]);
    expect((await ask('How many payments are there?')).prompt).not.toContain('are in France');

    // reject: another thumbs-up, rejected; rejected twice is a conflict, and a rejected example cannot be promoted
    const other = await ask('How many categories are there?');
    await api(`/api/sessions/${other.session}/feedback`, ALICE, { signal: 'positive' });
    const [second] = await list('candidate');
    expect(second).toMatchObject({ question: 'How many categories are there?' });
    expect((await api(`/api/knowledge/examples/${second.id}/reject`, SERVICE, {})).body).toMatchObject({
      id: second.id,
      status: 'rejected',
      reason: 'rejected by service',
    });
    expect((await api(`/api/knowledge/examples/${second.id}/reject`, SERVICE, {})).status).toBe(409);
    const refused = await api(`/api/knowledge/examples/${second.id}/promote`, SERVICE, {});
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: expect.stringMatching(/rejected/) },
    });
    expect((await list('rejected')).map((e) => e.id)).toEqual([second.id]);

    // the adapter surface's thumbs-up (POST /feedback/{session}) makes a candidate too
    const adapter = await call(`${app.url}/query`, {
      body: { question: 'How many orders are there?', user_id: 'adapter-user' },
      headers: { 'x-api-key': SERVICE },
    });
    expect(adapter.body).toMatchObject({ success: true });
    expect(
      (
        await call(`${app.url}/feedback/adapter-user`, {
          body: { signal: 'positive' },
          headers: { 'x-api-key': SERVICE },
        })
      ).status,
    ).toBe(200);
    expect(await list('candidate')).toEqual([
      expect.objectContaining({
        question: 'How many orders are there?',
        result_fingerprint: expect.objectContaining({ columns: ['orders'], row_count: 1 }),
      }),
    ]);
  });
}

describe('verified examples with SQLite state', () => {
  scenario(() => ({}));
});

describeWith('postgresql')('verified examples with PostgreSQL state', () => {
  const pg = usePostgresSchema('nlq_verified_examples', 'Skipping the PostgreSQL state test of verified examples');
  scenario(() => (pg.admin ? { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` } : null));
});
