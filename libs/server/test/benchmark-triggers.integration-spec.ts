/**
 * Benchmark runs in the background and after changes, over real HTTP on the sample shop database with the offline
 * engine: POST .../runs?wait=false answers 202 with the run id and the run is read back once stored; a benchmark with
 * run_on_change runs by itself after a definition changes (its regression published live), not after a change that
 * leaves its configuration as it was, and a benchmark without it never does. On SQLite state and on PostgreSQL state.
 */
import { describeWith } from '@nlq/test-services';
import { openLive } from '../src/testing/api-live-client';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const FRENCH = 'How many french customers are there?';
const QUESTIONS = [{ question: FRENCH, expected_sql: "SELECT COUNT(*) FROM customers WHERE country = 'France'" }];

/** Poll `read` every 50 ms until `done` holds (at most 15 s); answers the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function scenario(stateEnv: () => Record<string, string> | null) {
  let t: TestApp | null = null;
  const dataDir = makeDataDir();
  afterAll(async () => {
    await t?.close();
    removeDataDir(dataDir);
  });

  it('runs in the background on request and after a change of the configuration', async () => {
    const state = stateEnv();
    if (!state) return;
    t = await startTestApp({ DATA_DIR: dataDir, SERVICE_API_KEY: SERVICE, ...state });
    const app = t;
    const api = (route: string, body?: unknown, method?: string) =>
      call(`${app.url}${route}`, { body, method, headers: { 'x-api-key': SERVICE } });
    const runsOf = async (id: string) => (await api(`/api/benchmarks/${id}/runs`)).body;

    const filter = await api('/api/knowledge/definitions', {
      kind: 'filter',
      name: 'french',
      condition: "customers.country = 'France'",
    });
    expect(filter.status).toBe(201);
    const watched = await api('/api/benchmarks', { name: 'watched', questions: QUESTIONS, run_on_change: true });
    expect(watched).toMatchObject({ status: 201, body: { run_on_change: true } });
    const manual = await api('/api/benchmarks', { name: 'manual', questions: QUESTIONS });
    expect(manual.body.run_on_change).toBe(false);
    const id = watched.body.id as string;
    expect((await api(`/api/benchmarks/${id}`, { run_on_change: 'yes' }, 'PATCH')).status).toBe(400);
    expect((await api(`/api/benchmarks/${id}/runs?wait=maybe`, {})).status).toBe(400);

    // in the background: 202 with the run id, then the stored run under that id
    const started = await api(`/api/benchmarks/${id}/runs?wait=false`, {});
    expect(started).toMatchObject({
      status: 202,
      body: { benchmark_id: id, connection_id: 'default', status: 'running', trigger: 'request', error: null },
    });
    const runId = started.body.id as string;
    const done = await until(
      () => api(`/api/benchmarks/${id}/runs/${runId}`),
      (r) => r.status !== 202,
    );
    expect(done).toMatchObject({ status: 200, body: { id: runId, accuracy: 1, total: 1 } });
    expect(await runsOf(id)).toMatchObject({ items: [{ id: runId }], pending: [] });

    // a definition the answer uses changes: the watched benchmark runs by itself and its regression is published
    const live = await openLive(app.url, SERVICE);
    const patched = await api(
      `/api/knowledge/definitions/${filter.body.id}`,
      { condition: "customers.country = 'Germany'" },
      'PATCH',
    );
    expect(patched.status).toBe(200);
    const event = await live.waitFor((m) => m.type === 'benchmark.regression');
    live.close();
    expect(event).toMatchObject({
      userId: 'service',
      data: { benchmarkId: id, regressions: [{ question: FRENCH, before: 'right', now: 'wrong' }] },
    });
    const afterChange = await until(
      () => runsOf(id),
      (runs) => runs.items.length === 2,
    );
    expect(afterChange.items[0]).toMatchObject({
      id: event.data.runId,
      accuracy: 0,
      changes: [{ part: 'definitions' }],
      previous_run_id: runId,
    });

    // a schema refresh that leaves the schema version as it was starts nothing; the manual benchmark never runs
    expect((await api('/api/connections/default/refresh', {})).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await runsOf(id)).items).toHaveLength(2);
    expect(await runsOf(manual.body.id)).toEqual({ items: [], pending: [] });
  });
}

describe('background and change-triggered benchmark runs with SQLite state', () => {
  scenario(() => ({}));
});

describeWith('postgresql')('background and change-triggered benchmark runs with PostgreSQL state', () => {
  const pg = usePostgresSchema('nlq_benchmark_triggers', 'Skipping the PostgreSQL state test of benchmark triggers');
  scenario(() => (pg.admin ? { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` } : null));
});
