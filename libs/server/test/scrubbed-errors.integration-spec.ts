/**
 * Scrubbed error text in live events and stored traces, over real HTTP on SQLite and PostgreSQL:
 * a database error whose message carries a server file path, a Windows path and a connection URL with its password
 * (the engine quotes a stored value back in its message) reaches /ws/live, the chat stream's server-sent events and
 * the trace stored and served by GET /api/traces with the password as *** and the paths as [path], as the HTTP
 * answer shows it. The model is the scripted wire-protocol server; the database and the api are real.
 */
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { openLive, type LiveSocket } from '../src/testing/api-live-client';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { postEventStream } from '../src/testing/sse-client';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const KEY = 'scrubbed-errors-service-key-0123456789';
const PASSWORD = 'Hunter2-Secret';
/** What the database quotes back in its error: a POSIX path, a connection URL with a password, a Windows path. */
const LOCATOR = String.raw`replica /home/x/data/shop.db via postgres://report:${PASSWORD}@10.0.0.5:5432/warehouse (C:\nlq\data\shop.db)`;
/** Any trace of the secret or of a path in text a client receives. */
const LEAK = /Hunter2-Secret|\/home\/x|shop\.db|C:\\nlq/;
const SCRUBBED_URL = 'postgres://report:***@10.0.0.5:5432/warehouse';

/** SQL that fails at the database with an error quoting the stored LOCATOR (SQLite: a bad JSON path; PostgreSQL: a bad integer). */
const FAILING_SQL = new Map([
  ['sqlite', `SELECT json_extract('{}', locator) AS part FROM sources`],
  ['postgresql', 'SELECT CAST(locator AS integer) AS part FROM sources'],
]);

// Starting the api and a scratch database takes seconds on a loaded machine.
jest.setTimeout(90_000);

describeEachWith(
  SCRATCH_ENGINES.filter((engine) => FAILING_SQL.has(engine.name)),
  (engine) => engine.services,
)('scrubbed database errors in live events and traces on $name', (engine) => {
  const sql = FAILING_SQL.get(engine.name) as string;
  let database: ScratchDatabase;
  let driver: DatabaseDriver;
  let model: ScriptedModelServer;
  let t: TestApp;
  let live: LiveSocket;

  beforeAll(async () => {
    database = await engine.create();
    driver = createDriver(database.url);
    await driver.runWrite('CREATE TABLE sources (id INTEGER PRIMARY KEY, locator TEXT NOT NULL)', {
      timeoutMs: 20_000,
    });
    await driver.runWrite(`INSERT INTO sources (id, locator) VALUES (1, '${LOCATOR}')`, { timeoutMs: 20_000 });
    model = await startScriptedShopModel('openai', () => sql);
    t = await startTestApp({ QUERY_DATABASE_URL: database.url, SERVICE_API_KEY: KEY, ...providerEnv('openai', model) });
    live = await openLive(t.url, KEY);
    await live.waitFor((m) => m.type === 'ready');
  }, 120_000);

  afterAll(async () => {
    live?.close();
    await t?.close();
    await model?.close();
    await driver?.close();
    await database?.drop();
    if (t) removeDataDir(t.dataDir);
  }, 60_000);

  it('the database error quotes the secret and the paths verbatim (what the rest of this suite scrubs)', async () => {
    const error = await driver.runRead(sql, { maxRows: 10, timeoutMs: 10_000 }).then(
      () => null,
      (e: unknown) => (e as Error).message,
    );
    expect(error).toContain(PASSWORD);
    expect(error).toContain('/home/x/data/shop.db');
    expect(error).toContain(String.raw`C:\nlq\data\shop.db`);
  });

  it('shows the error scrubbed on /ws/live, in the chat stream, in the answer and in the stored trace', async () => {
    const session = `scrub-${engine.name}`;
    const streamed = await postEventStream(
      `${t.url}/api/chat/stream`,
      { question: 'Show the part of every source locator', session_id: session },
      { 'x-api-key': KEY },
    );
    expect(streamed.status).toBe(200);
    const result = streamed.events.find((e) => e.event === 'result')?.data;
    expect(result).toMatchObject({ success: false, session_id: session });
    expect(result.error).toContain(SCRUBBED_URL);

    // the chat stream's answer.ready and every other event of the request
    const ready = streamed.events.find((e) => e.event === 'answer.ready')?.data;
    expect(ready).toMatchObject({ success: false });
    for (const text of [ready.error, ready.response]) {
      expect(text).toContain(SCRUBBED_URL);
      expect(text).toContain('[path]');
    }
    expect(JSON.stringify(streamed.events)).not.toMatch(LEAK);

    // /ws/live: the same answer.ready, and nothing of the request carries the secret or a path
    const liveReady = await live.waitFor((m) => m.type === 'answer.ready' && m.traceId === result.trace_id);
    expect(liveReady.data.error).toBe(ready.error);
    expect(liveReady.data.response).toBe(ready.response);
    expect(JSON.stringify(live.messages.filter((m) => m.traceId === result.trace_id))).not.toMatch(LEAK);

    // the stored trace: the execute span's error, the correction's detail and the trace's error, scrubbed
    const trace = await call(`${t.url}/api/traces/${result.trace_id}`, { headers: { 'x-api-key': KEY } });
    expect(trace.status).toBe(200);
    const executes = trace.body.spans.filter((s: { name: string }) => s.name === 'execute');
    expect(executes.length).toBeGreaterThan(0);
    for (const span of executes) {
      expect(span).toMatchObject({ outcome: 'error' });
      expect(span.error).toContain(SCRUBBED_URL);
      expect(span.error).toContain('[path]');
    }
    const retried = trace.body.spans.find(
      (s: { name: string; detail: { error?: string } | null }) => s.name === 'correct' && s.detail?.error,
    );
    if (retried) expect(retried.detail.error).toContain(SCRUBBED_URL);
    expect(trace.body.error).toContain(SCRUBBED_URL);
    expect(JSON.stringify(trace.body)).not.toMatch(LEAK);
    const list = await call(`${t.url}/api/traces?session_id=${session}`, { headers: { 'x-api-key': KEY } });
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(result.trace_id);
    expect(JSON.stringify(list.body)).not.toMatch(LEAK);
  });
});
