/**
 * Saved answers over real HTTP on the sample shop database with a scripted OpenAI-compatible model server: an answer
 * saved from a session and SQL saved as written (a write, DDL or refused statement is 400 with the field), run again
 * read-only with the row limit and no request to the model, each user seeing only their own (the service key all),
 * renamed and deleted; and the CSV export lifting the row limit the answer ran under. On SQLite and PostgreSQL state.
 */
import { describeWith } from '@nlq/test-services';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ALICE = 'alice-key-0123456789abcdef';
const BOB = 'bob-key-0123456789abcdefghi';
const ROW_LIMIT = 5;

const SQL = new Map([
  ['How many customers are there?', 'SELECT COUNT(*) AS customers FROM customers'],
  ['List the customers', `SELECT customer_id FROM customers ORDER BY customer_id LIMIT ${ROW_LIMIT}`],
]);

function scenario(stateEnv: () => Record<string, string> | null) {
  let t: TestApp | null = null;
  let model: ScriptedModelServer | null = null;
  const dataDir = makeDataDir();
  afterAll(async () => {
    await t?.close();
    await model?.close();
    removeDataDir(dataDir);
  });

  it('saves answers, runs them again with no model call, per user', async () => {
    const state = stateEnv();
    if (!state) return;
    model = await startScriptedShopModel('openai', (q) => SQL.get(q) ?? 'SELECT 1');
    t = await startTestApp({
      DATA_DIR: dataDir,
      SERVICE_API_KEY: SERVICE,
      USER_API_KEYS: `alice:${ALICE},bob:${BOB}`,
      MAX_RESULT_ROWS: String(ROW_LIMIT),
      ...providerEnv('openai', model),
      ...state,
    });
    const app = t;
    const api = (route: string, key: string, body?: unknown, method?: string) =>
      call(`${app.url}${route}`, { body, method, headers: { 'x-api-key': key } });

    const count = await api('/api/chat', ALICE, { question: 'How many customers are there?' });
    expect(count.body).toMatchObject({ success: true, sql: SQL.get('How many customers are there?') });
    const total = Number(count.body.rows[0][0]);
    expect(total).toBeGreaterThan(ROW_LIMIT);

    const saved = await api('/api/saved', ALICE, {
      name: ' Customers ',
      session_id: count.body.session_id,
      entry_id: count.body.history_entry_id,
    });
    expect(saved).toMatchObject({
      status: 201,
      body: {
        name: 'Customers',
        user_id: 'alice',
        connection_id: 'default',
        question: 'How many customers are there?',
        sql: count.body.sql,
        chart: { type: 'number', y: ['customers'] },
        reading: count.body.reading,
        source: { session_id: count.body.session_id, entry_id: count.body.history_entry_id },
      },
    });
    const id = saved.body.id as string;

    // re-run: rows read now, a template's words, no request to the model
    const before = model.requests.length;
    const run = await api(`/api/saved/${id}/result`, ALICE);
    expect(run).toMatchObject({
      status: 200,
      body: { saved_id: id, columns: ['customers'], row_count: 1, truncated: false, chart: { type: 'number' } },
    });
    expect(Number(run.body.rows[0][0])).toBe(total);
    expect(run.body.answer).toBe(`Customers: ${total.toLocaleString('en-US')}.`);
    expect(Date.parse(run.body.read_at)).toBeGreaterThan(Date.now() - 60_000);

    // SQL written out: a read is kept; a write, DDL or refused statement is 400 with the field
    const list = await api('/api/saved', ALICE, { name: 'ids', sql: SQL.get('List the customers') });
    expect(list).toMatchObject({ status: 201, body: { question: null, source: null, chart: null } });
    const listed = await api(`/api/saved/${list.body.id}/result`, ALICE);
    expect(listed.body).toMatchObject({ row_count: ROW_LIMIT, truncated: true, total_rows: total });
    expect(listed.body.answer).toMatch(new RegExp(`returned ${total.toLocaleString('en-US')} rows`));
    expect(model.requests.length).toBe(before);

    for (const sql of ['DELETE FROM customers', 'DROP TABLE customers', 'SELECT 1; SELECT 2', '']) {
      const refused = await api('/api/saved', ALICE, { name: 'bad', sql });
      expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION', details: [{ field: 'sql' }] } });
    }
    expect((await api('/api/saved', ALICE, { name: 'none' })).status).toBe(400);
    expect(
      (await api('/api/saved', ALICE, { name: 'both', sql: 'SELECT 1', session_id: 's', entry_id: 'e' })).status,
    ).toBe(400);
    expect((await api('/api/saved', ALICE, { name: 'x', sql: 'SELECT 1', connection_id: 'nope' })).status).toBe(404);

    // each user sees their own; another user's answer and session are 404; the service key sees all
    expect((await api(`/api/saved/${id}`, BOB)).status).toBe(404);
    expect((await api(`/api/saved/${id}/result`, BOB)).status).toBe(404);
    expect((await api(`/api/saved/${id}`, BOB, undefined, 'DELETE')).status).toBe(404);
    const stolen = await api('/api/saved', BOB, {
      name: 'mine',
      session_id: count.body.session_id,
      entry_id: count.body.history_entry_id,
    });
    expect(stolen.status).toBe(404);
    expect((await api('/api/saved', BOB)).body.items).toEqual([]);
    expect((await api('/api/saved', ALICE)).body.items.map((s: any) => s.id)).toEqual([list.body.id, id]);
    expect((await api('/api/saved', SERVICE)).body.items).toHaveLength(2);
    expect((await api(`/api/saved/${id}/result`, SERVICE)).status).toBe(200);

    // rename, delete
    expect((await api(`/api/saved/${id}`, ALICE, { name: 'All customers' }, 'PATCH')).body.name).toBe('All customers');
    expect((await api(`/api/saved/${id}`, ALICE, { name: '  ' }, 'PATCH')).status).toBe(400);
    expect((await api(`/api/saved/${id}`, ALICE)).body.name).toBe('All customers');
    expect((await api(`/api/saved/${id}`, ALICE, undefined, 'DELETE')).status).toBe(204);
    expect((await api(`/api/saved/${id}`, ALICE)).status).toBe(404);
  });

  it('exports every row up to the export limit, not the row limit the answer ran under', async () => {
    if (!t) return;
    const app = t;
    const chat = await call(`${app.url}/api/chat`, {
      body: { question: 'List the customers' },
      headers: { 'x-api-key': ALICE },
    });
    expect(chat.body).toMatchObject({ success: true, row_count: ROW_LIMIT, truncated: true });
    const file = await fetch(`${app.url}/api/export?entry_id=${chat.body.history_entry_id}`, {
      headers: { 'x-api-key': ALICE },
    });
    const lines = (await file.text()).trim().split(/\r?\n/);
    expect(Number(file.headers.get('x-export-rows'))).toBe(chat.body.total_rows);
    expect(lines).toHaveLength(chat.body.total_rows + 1);
  });
}

describe('saved answers with SQLite state', () => {
  scenario(() => ({}));
});

describeWith('postgresql')('saved answers with PostgreSQL state', () => {
  const pg = usePostgresSchema('nlq_saved', 'Skipping the PostgreSQL state test of saved answers');
  scenario(() => (pg.admin ? { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` } : null));
});
