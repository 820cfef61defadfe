/**
 * Benchmarks over real HTTP on the sample shop database with the offline engine: create (a write as expected SQL is
 * 400), run (verdicts and reasons worked out by hand), a changed definition making a question regress in the next
 * run (named in the run and as a live event, with the definitions as the changed part), runs kept and listed, YAML
 * export and import, CSV import, an answer added in one call, admin only. On SQLite state and on PostgreSQL state.
 */
import { describeWith } from '@nlq/test-services';
import { openLive } from '../src/testing/api-live-client';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ALICE = 'alice-key-0123456789abcdef';

const COUNT = 'How many customers are there?';
const FRENCH = 'How many french customers are there?';
const QUESTIONS = [
  { question: COUNT, expected_sql: 'SELECT COUNT(*) FROM customers' },
  { question: FRENCH, expected_sql: "SELECT COUNT(*) FROM customers WHERE country = 'France'" },
  // one row of one count against another count: the values differ
  { question: COUNT, expected_sql: "SELECT COUNT(*) FROM customers WHERE country = 'France'" },
  // one count row against the two ids 1 and 2: no row in common, fewer rows
  { question: COUNT, expected_sql: 'SELECT customer_id FROM customers WHERE customer_id <= 2' },
];

function scenario(stateEnv: () => Record<string, string> | null) {
  let t: TestApp | null = null;
  const dataDir = makeDataDir();
  afterAll(async () => {
    await t?.close();
    removeDataDir(dataDir);
  });

  it('keeps benchmarks, runs them, names regressions and the change behind them', async () => {
    const state = stateEnv();
    if (!state) return;
    t = await startTestApp({ DATA_DIR: dataDir, SERVICE_API_KEY: SERVICE, USER_API_KEYS: `alice:${ALICE}`, ...state });
    const app = t;
    const api = (route: string, body?: unknown, method?: string, key = SERVICE) =>
      call(`${app.url}${route}`, { body, method, headers: { 'x-api-key': key } });

    const filter = await api('/api/knowledge/definitions', {
      kind: 'filter',
      name: 'french',
      condition: "customers.country = 'France'",
    });
    expect(filter.status).toBe(201);

    // a write, DDL or refused statement as expected SQL is refused with the field and the reason
    const write = await api('/api/benchmarks', {
      name: 'bad',
      questions: [QUESTIONS[0], { question: 'drop it', expected_sql: 'DELETE FROM customers' }],
    });
    expect(write).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION',
        details: [{ field: 'questions[1].expected_sql', problems: [expect.stringMatching(/read.*write/)] }],
      },
    });
    expect(
      (await api('/api/benchmarks', { name: 'x', questions: [{ question: 'q', expected_sql: 'DROP TABLE t' }] }))
        .status,
    ).toBe(400);
    expect((await api('/api/benchmarks', { name: 'x', questions: [{ question: 'q' }] })).status).toBe(400);

    const created = await api('/api/benchmarks', { name: 'shop basics', questions: QUESTIONS });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'shop basics', connection_id: 'default', questions: QUESTIONS },
    });
    const id = created.body.id as string;
    expect((await api('/api/benchmarks', { name: 'shop basics', questions: [] })).status).toBe(409);
    expect((await api('/api/benchmarks?connection_id=default')).body.items.map((b: any) => b.id)).toEqual([id]);

    // admin only
    for (const [method, route] of [
      ['GET', '/api/benchmarks'],
      ['GET', `/api/benchmarks/${id}`],
      ['POST', `/api/benchmarks/${id}/runs`],
      ['GET', `/api/benchmarks/${id}/runs`],
    ]) {
      const res = await api(route, method === 'POST' ? {} : undefined, method, ALICE);
      expect({ route, status: res.status, code: res.body.code }).toEqual({ route, status: 403, code: 'FORBIDDEN' });
    }

    // first run: verdicts worked out by hand
    const live = await openLive(app.url, SERVICE);
    const first = await api(`/api/benchmarks/${id}/runs`, {});
    expect(first.status).toBe(201);
    expect(first.body.results.map((r: any) => [r.status, r.reasons])).toEqual([
      ['right', []],
      ['right', []],
      ['wrong', ['different_values']],
      ['wrong', ['missing_rows', 'different_values']],
    ]);
    expect(first.body).toMatchObject({
      accuracy: 0.5,
      total: 4,
      right: 2,
      regressions: [],
      changes: [],
      previous_run_id: null,
      fingerprint: {
        provider: 'offline',
        model: expect.stringMatching(/^offline/),
        definitions: [{ id: filter.body.id, name: 'french', version: 1 }],
        schema_version: expect.any(String),
      },
    });
    expect(first.body.results[1]).toMatchObject({
      sql: expect.stringMatching(/France/),
      expected_sql: QUESTIONS[1].expected_sql,
      latency_ms: expect.any(Number),
      warnings: [],
      definitions: [{ id: filter.body.id, name: 'french', version: 1 }],
    });

    // the definition the answer used changes: that question regresses, and the run says what changed
    expect(
      (
        await api(
          `/api/knowledge/definitions/${filter.body.id}`,
          { condition: "customers.country = 'Germany'" },
          'PATCH',
        )
      ).status,
    ).toBe(200);
    const second = await api(`/api/benchmarks/${id}/runs`, {});
    expect(second.body).toMatchObject({
      accuracy: 0.25,
      previous_run_id: first.body.id,
      regressions: [{ question: FRENCH, before: 'right', now: 'wrong' }],
      changes: [
        {
          part: 'definitions',
          before: [{ id: filter.body.id, name: 'french', version: 1 }],
          now: [{ id: filter.body.id, name: 'french', version: 2 }],
        },
      ],
    });
    expect(second.body.results[1].reasons).toEqual(['different_values']);
    const event = await live.waitFor((m) => m.type === 'benchmark.regression');
    live.close();
    expect(event).toMatchObject({
      data: {
        benchmarkId: id,
        runId: second.body.id,
        regressions: [{ question: FRENCH, before: 'right', now: 'wrong' }],
      },
    });

    // runs are kept and listed, newest first
    const runs = await api(`/api/benchmarks/${id}/runs`);
    expect(runs.body.items.map((r: any) => [r.id, r.accuracy])).toEqual([
      [second.body.id, 0.25],
      [first.body.id, 0.5],
    ]);
    expect(runs.body.items[0].results).toBeUndefined();
    expect((await api(`/api/benchmarks/${id}/runs/${first.body.id}`)).body).toEqual(first.body);
    expect((await api(`/api/benchmarks/${id}/runs/nope`)).status).toBe(404);

    // YAML export and import; CSV import
    const exported = await api(`/api/benchmarks/${id}/export`);
    expect(exported.headers.get('content-type')).toMatch(/application\/yaml/);
    expect(exported.body).toMatch(/name: shop basics/);
    const copy = await api('/api/benchmarks/import', { format: 'yaml', content: exported.body, name: 'copy' });
    expect(copy).toMatchObject({ status: 201, body: { name: 'copy', questions: QUESTIONS } });
    const csv = `question,expected_sql\r\n${COUNT},SELECT COUNT(*) FROM customers\r\n"Orders, all of them",SELECT COUNT(*) FROM orders\r\n`;
    const fromCsv = await api('/api/benchmarks/import', { format: 'csv', content: csv, name: 'from csv' });
    expect(fromCsv.body.questions).toEqual([
      { question: COUNT, expected_sql: 'SELECT COUNT(*) FROM customers' },
      { question: 'Orders, all of them', expected_sql: 'SELECT COUNT(*) FROM orders' },
    ]);
    const badCsv = await api('/api/benchmarks/import', {
      format: 'csv',
      content: 'question,sql\r\na,b\r\n',
      name: 'bad csv',
    });
    expect(badCsv).toMatchObject({ status: 400, body: { details: [{ field: 'content' }] } });

    // an answer becomes a question in one call
    const chat = await api('/api/chat', { question: 'How many orders are there?' });
    expect(chat.body.success).toBe(true);
    const added = await api(`/api/benchmarks/${fromCsv.body.id}/questions`, {
      session_id: chat.body.session_id,
      entry_id: chat.body.history_entry_id,
    });
    expect(added.body.questions.at(-1)).toEqual({
      question: 'How many orders are there?',
      expected_sql: chat.body.sql,
    });
    expect((await api(`/api/benchmarks/${fromCsv.body.id}/questions`, { example_id: 'nope' })).status).toBe(404);

    // rename, delete (with its runs)
    expect((await api(`/api/benchmarks/${id}`, { name: 'renamed' }, 'PATCH')).body.name).toBe('renamed');
    expect((await api(`/api/benchmarks/${id}`, undefined, 'DELETE')).status).toBe(204);
    expect((await api(`/api/benchmarks/${id}`)).status).toBe(404);
    expect((await api(`/api/benchmarks/${id}/runs`)).status).toBe(404);
  });
}

describe('benchmarks with SQLite state', () => {
  scenario(() => ({}));
});

describeWith('postgresql')('benchmarks with PostgreSQL state', () => {
  const pg = usePostgresSchema('nlq_benchmarks', 'Skipping the PostgreSQL state test of benchmarks');
  scenario(() => (pg.admin ? { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` } : null));
});
