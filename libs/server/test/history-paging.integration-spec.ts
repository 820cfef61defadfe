/**
 * Every list is paged and bounded, on SQLite state and on PostgreSQL state: a session of a few thousand entries,
 * the newest of them with a 64 KiB kept result each, seeded directly through the state store, is read page by page
 * over real HTTP (GET /api/sessions/{id}, the adapter's GET /session/{id}, the MCP session_history tool through the
 * official SDK client, GET /api/traces). Each page holds at most its limit, the cursor walk visits every entry
 * exactly once in order and ends with next_cursor null, kept rows are capped per entry, and nothing answers 5xx.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  HISTORY_LIST_RESULT_MAX_BYTES,
  HISTORY_LIST_RESULT_MAX_ROWS,
  HISTORY_RESULT_MAX_BYTES,
  type HistoryEntry,
  type Trace,
} from '@nlq/contracts';
import { keptResult } from '@nlq/pipeline';
import { describeEachWith } from '@nlq/test-services';
import path from 'node:path';
import { openStateDataSource } from '../src/platform/state/state-data-source.factory';
import { TypeOrmStateStore } from '../src/platform/state/typeorm-state.store';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(240_000);

const SERVICE = 'paging-service-key-0123456789';
const ALICE = 'paging-alice-key-0123456789';
/** Entries in the long session; the newest BIG of them keep a result of about 64 KiB. */
const ENTRIES = 2_500;
const BIG = 120;
const TRACES = 130;
const SESSION = 'alice-long-session';
/** Short sessions of alice for the session list; pairs share their last activity (the keyset's tie-break on id). */
const SHORT_SESSIONS = 45;
/** The adapter surface's session: its id is its user. */
const ADAPTER_SESSION = 'adapter-user';

const CASES = [
  { name: 'SQLite state', postgres: false },
  { name: 'PostgreSQL state', postgres: true },
] as const;

/** A query entry `i` of `session`; the big ones keep about 64 KiB of rows (the store's own cap). */
function entry(session: string, user: string, i: number, big: boolean): HistoryEntry {
  const rows = big ? Array.from({ length: 100 }, (_, r) => [r, 'v'.repeat(700)]) : [[i, 'small']];
  return {
    id: `${session}-${String(i).padStart(5, '0')}`,
    kind: 'query',
    session_id: session,
    user_id: user,
    question: `question ${i}`,
    sql: 'SELECT 1',
    answer: `answer ${i}`,
    status: i % 97 === 0 ? 'error' : 'ok',
    error: null,
    row_count: rows.length,
    rows_affected: null,
    signal: null,
    rlhf_signal: null,
    trace_id: null,
    ref_id: null,
    connection_id: 'default',
    result: keptResult({ columns: ['n', 'text'], rows, truncated: false }),
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  };
}

function trace(i: number): Trace {
  return {
    id: `trace-${String(i).padStart(4, '0')}`,
    sessionId: SESSION,
    userId: 'alice',
    question: `question ${i}`,
    sql: 'SELECT 1',
    status: 'ok',
    // pairs share a start time, so the keyset's tie-break on id is exercised
    startedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 1000).toISOString(),
    durationMs: 1,
    spans: [],
  };
}

/** Seeds the sessions and traces through the store, in batches of one transaction each. */
async function seed(url: string): Promise<void> {
  const dataSource = await openStateDataSource(url);
  try {
    const store = new TypeOrmStateStore(dataSource);
    for (let start = 0; start < ENTRIES; start += 250) {
      const history = Array.from({ length: Math.min(250, ENTRIES - start) }, (_, k) =>
        entry(SESSION, 'alice', start + k, start + k >= ENTRIES - BIG),
      );
      await store.appendRecords({ history, traces: [] });
    }
    const short = Array.from({ length: SHORT_SESSIONS }, (_, k) => ({
      ...entry(`short-${String(k).padStart(2, '0')}`, 'alice', 0, false),
      created_at: new Date(Date.UTC(2025, 0, 1) + Math.floor(k / 2) * 1000).toISOString(),
    }));
    await store.appendRecords({ history: short, traces: [] });
    const adapter = Array.from({ length: 75 }, (_, i) => entry(ADAPTER_SESSION, ADAPTER_SESSION, i, i >= 70));
    await store.appendRecords({ history: adapter, traces: Array.from({ length: TRACES }, (_, i) => trace(i)) });
  } finally {
    await dataSource.destroy();
  }
}

describeEachWith(CASES, (c) => (c.postgres ? ['postgresql'] : []))('paged history on $name', (c) => {
  const dataDir = makeDataDir();
  const pg = c.postgres ? usePostgresSchema('nlq_paging', 'Skipping the PostgreSQL paging test') : null;
  let t: TestApp;
  const get = (route: string, key = ALICE) => call(`${t.url}${route}`, { headers: { 'x-api-key': key } });

  beforeAll(async () => {
    const url = pg ? `${PG}?schema=${pg.schema}` : `sqlite://${path.join(dataDir, 'state.db')}`;
    await seed(url);
    t = await startTestApp({
      DATA_DIR: dataDir,
      STATE_DATABASE_URL: url,
      SERVICE_API_KEY: SERVICE,
      USER_API_KEYS: `alice:${ALICE}`,
      RATE_LIMIT_PER_MINUTE: '0',
    });
  });
  afterAll(async () => {
    await t?.close();
    removeDataDir(dataDir);
  });

  it('GET /api/sessions/{id}: the newest page by default, summary over every entry, kept rows capped per entry', async () => {
    const first = await get(`/api/sessions/${SESSION}`);
    expect(first.status).toBe(200);
    expect(first.body.limit).toBe(50);
    expect(first.body.history).toHaveLength(50);
    expect(first.body.history[49].id).toBe(`${SESSION}-${String(ENTRIES - 1).padStart(5, '0')}`);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(first.body.session).toMatchObject({
      id: SESSION,
      user_id: 'alice',
      query_count: ENTRIES,
      error_count: Math.floor((ENTRIES - 1) / 97) + 1,
      last_question: `question ${ENTRIES - 1}`,
    });
    for (const e of first.body.history) {
      expect(e.result.rows.length).toBeLessThanOrEqual(HISTORY_LIST_RESULT_MAX_ROWS);
      expect(Buffer.byteLength(JSON.stringify(e.result.rows))).toBeLessThanOrEqual(HISTORY_LIST_RESULT_MAX_BYTES);
      expect(e.result.more).toBe(true);
    }
    // 50 entries whose stored results are near 64 KiB each answer in far less than 50 x 64 KiB
    expect(JSON.stringify(first.body).length).toBeLessThan(50 * HISTORY_RESULT_MAX_BYTES * 0.3);
  });

  it('the cursor walk visits every entry once, in order, and ends with next_cursor null', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
      const page = await get(`/api/sessions/${SESSION}${query}`);
      expect(page.status).toBe(200);
      expect(page.body.history.length).toBeLessThanOrEqual(100);
      seen.unshift(...page.body.history.map((e: HistoryEntry) => e.id));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor !== null && pages < 100);
    expect(pages).toBe(ENTRIES / 100);
    expect(seen).toHaveLength(ENTRIES);
    expect(new Set(seen).size).toBe(ENTRIES);
    expect(seen).toEqual([...seen].sort());
  });

  it('a limit out of bounds or a foreign cursor is 400 naming the field, never a 5xx', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
      ['?cursor=abc', 'cursor'],
      ['?cursor=0', 'cursor'],
      [`?cursor=${'9'.repeat(80)}`, 'cursor'],
    ]) {
      const answer = await get(`/api/sessions/${SESSION}${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION', details: [expect.objectContaining({ field })] });
    }
  });

  it("the adapter's GET /session/{id} keeps its history field: the most recent 50 by default, then older pages", async () => {
    const recent = await get(`/session/${ADAPTER_SESSION}`, SERVICE);
    expect(recent.status).toBe(200);
    expect(recent.body.history).toHaveLength(50);
    expect(recent.body.history[0].id).toBe(`${ADAPTER_SESSION}-00025`);
    expect(recent.body.history.at(-1).result.rows.length).toBeLessThanOrEqual(HISTORY_LIST_RESULT_MAX_ROWS);
    const older = await get(`/session/${ADAPTER_SESSION}?cursor=${recent.body.next_cursor}`, SERVICE);
    expect(older.body.history).toHaveLength(25);
    expect(older.body.history[0].id).toBe(`${ADAPTER_SESSION}-00000`);
    expect(older.body.next_cursor).toBeNull();
  });

  it('MCP session_history answers one bounded page with next_cursor (SDK client)', async () => {
    const client = new Client({ name: 'nlq-paging-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', t.url), { requestInit: { headers: { 'X-API-Key': ALICE } } }),
    );
    try {
      const first = (await client.callTool({ name: 'session_history', arguments: { session_id: SESSION } })) as any;
      expect(first.isError).toBeFalsy();
      expect(first.structuredContent.entries).toHaveLength(20);
      expect(first.structuredContent.next_cursor).toEqual(expect.any(String));
      const next = (await client.callTool({
        name: 'session_history',
        arguments: { session_id: SESSION, limit: 5, cursor: first.structuredContent.next_cursor },
      })) as any;
      expect(next.structuredContent.entries.map((e: { id: string }) => e.id)).toEqual(
        [5, 4, 3, 2, 1].map((k) => `${SESSION}-${String(ENTRIES - 20 - k).padStart(5, '0')}`),
      );
      const text = next.content[0].text as string;
      expect(text.length).toBeLessThan(16_500);
      const bad = (await client.callTool({
        name: 'session_history',
        arguments: { session_id: SESSION, limit: 1000 },
      })) as any;
      expect(bad.isError).toBe(true);
      expect(bad._meta['nlq/error']).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    } finally {
      await client.close();
    }
  });

  it('GET /api/traces walks by keyset cursor through every trace once (ties on start time included)', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await get(`/api/traces?page_size=50${query}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(50);
      expect(page.body.total).toBe(TRACES);
      seen.push(...page.body.items.map((x: { id: string }) => x.id));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(TRACES);
    const bad = await get('/api/traces?cursor=not-a-cursor');
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });

  it('GET /api/sessions walks by keyset cursor through every session once, most recently active first', async () => {
    const seen: Array<{ id: string; last_activity: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await get(`/api/sessions?page_size=20${query}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(20);
      expect(page.body.total).toBe(SHORT_SESSIONS + 1);
      seen.push(...page.body.items);
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(SHORT_SESSIONS + 1);
    expect(new Set(seen.map((s) => s.id)).size).toBe(SHORT_SESSIONS + 1);
    expect(seen[0].id).toBe(SESSION);
    const order = seen.map((s) => `${s.last_activity}|${s.id}`);
    const expected = [...seen]
      .sort((a, b) => b.last_activity.localeCompare(a.last_activity) || a.id.localeCompare(b.id))
      .map((s) => `${s.last_activity}|${s.id}`);
    expect(order).toEqual(expected);
    const offset = await get('/api/sessions?page_size=20&page=3');
    expect(offset.body.items.map((s: { id: string }) => s.id)).toEqual(seen.slice(40).map((s) => s.id));
    const bad = await get('/api/sessions?cursor=not-a-cursor');
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION', details: [{ field: 'cursor' }] } });
  });
});
