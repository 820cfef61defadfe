/**
 * Saved answers over real HTTP on the sample shop database with a scripted OpenAI-compatible model server: an answer
 * saved from a session and SQL saved as written (a write, DDL or refused statement is 400 with the field), run again
 * read-only with the row limit and no request to the model, each user seeing only their own (the service key all),
 * renamed and deleted; and the CSV export lifting the row limit the answer ran under. On SQLite and PostgreSQL state.
 * Then a saved read on a PostgreSQL and a MariaDB connection, run through that engine's driver, worded as the table
 * shows it; a write, or a SELECT that changes the database (PostgreSQL's nextval), is refused when saved.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith, describeWith } from '@nlq/test-services';
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

const SERVER_ENGINES = SCRATCH_ENGINES.filter((e) => e.name !== 'sqlite');

describeEachWith(SERVER_ENGINES, (e) => e.services)('a saved answer on a $name connection', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE sales (id INTEGER PRIMARY KEY, region VARCHAR(20) NOT NULL, amount DECIMAL(10,2) NOT NULL)',
    "INSERT INTO sales (id, region, amount) VALUES (1, 'north', 1200.5), (2, 'south', 300), (3, 'north', 40000)",
    ...(engine.name === 'postgresql' ? ['CREATE SEQUENCE ticket'] : []),
  ]);
  let t: TestApp | null = null;
  afterAll(async () => {
    await t?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it('runs its SQL read-only through the engine driver and words it as the table shows it', async () => {
    t = await startTestApp({ SERVICE_API_KEY: SERVICE, LLM_PROVIDER: 'offline' });
    const app = t;
    const api = (route: string, body?: unknown) =>
      call(`${app.url}${route}`, { body, headers: { 'x-api-key': SERVICE } });
    const connection = await api('/api/connections', { name: `scratch-${engine.name}`, url: scratch.url });
    expect(connection.status).toBe(201);
    const connectionId = connection.body.id as string;

    const sql = 'SELECT region, SUM(amount) AS amount FROM sales GROUP BY region ORDER BY region';
    const saved = await api('/api/saved', { name: 'per region', connection_id: connectionId, sql });
    expect(saved).toMatchObject({ status: 201, body: { connection_id: connectionId, sql } });
    const run = await api(`/api/saved/${saved.body.id}/result`);
    expect(run.body).toMatchObject({ columns: ['region', 'amount'], row_count: 2, truncated: false });
    expect(run.body.answer).toBe('2 rows (region, amount): north ($41,200.50) and south ($300.00).');

    const write = await api('/api/saved', {
      name: 'w',
      connection_id: connectionId,
      sql: 'UPDATE sales SET amount = 0',
    });
    expect(write).toMatchObject({ status: 400, body: { details: [{ field: 'sql' }] } });
    // a statement that changes the database inside a SELECT is refused by the classifier too
    if (engine.name === 'postgresql') {
      const bump = await api('/api/saved', { name: 'n', connection_id: connectionId, sql: "SELECT nextval('ticket')" });
      expect(bump).toMatchObject({ status: 400, body: { details: [{ field: 'sql' }] } });
    }
  });
});
