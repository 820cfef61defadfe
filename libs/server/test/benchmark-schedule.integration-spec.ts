/**
 * Benchmark runs on a schedule, over real HTTP on the sample shop database with the offline engine and a scheduler
 * ticking every 100 ms: a schedule is checked (a bad cron expression or an unknown time zone is 400 naming the field),
 * kept through PATCH and the YAML export and import; a run due long ago starts once, marked late, with the next due
 * time counted from now; and two replicas sharing one PostgreSQL state start a due run exactly once. The due time is
 * moved into the past in the state database itself, as if the clock had passed it.
 */
import { describeWith } from '@nlq/test-services';
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Client } from 'pg';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const QUESTIONS = [
  {
    question: 'How many french customers are there?',
    expected_sql: "SELECT COUNT(*) FROM customers WHERE country = 'France'",
  },
];
/** Fires once a year: the due time a test sets is the only one that falls within it. */
const YEARLY = { cron: '0 6 1 1 *', timezone: 'Europe/Paris' };
const TICK = { BENCHMARK_SCHEDULER_INTERVAL_MS: '100' };
const HOUR_MS = 3_600_000;
/** Benchmarks the two replicas find due at the same time. */
const SHARED_BENCHMARKS = 12;

/** Sets a benchmark's next due time in the state database (SQLite file or PostgreSQL schema). */
type SetDue = (benchmarkId: string, due: string) => Promise<void>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll `read` every 50 ms until `done` holds (at most 15 s); answers the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await sleep(50);
  }
}

function client(t: TestApp) {
  return (route: string, body?: unknown, method?: string) =>
    call(`${t.url}${route}`, { body, method, headers: { 'x-api-key': SERVICE } });
}

async function checksSchedules(t: TestApp): Promise<void> {
  const api = client(t);
  const bad = async (schedule: unknown, field: string, method = 'POST', route = '/api/benchmarks') => {
    const answer = await api(route, { name: `s-${Math.random()}`, questions: QUESTIONS, schedule }, method);
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((d: { field: string }) => d.field)).toContain(field);
  };
  await bad({ cron: '61 * * * *', timezone: 'UTC' }, 'schedule.cron');
  await bad({ cron: '*/5 * * * * *', timezone: 'UTC' }, 'schedule.cron');
  await bad({ cron: '0 0 30 2 *', timezone: 'UTC' }, 'schedule.cron');
  await bad({ cron: '0 6 * * *', timezone: 'Mars/Olympus_Mons' }, 'schedule.timezone');
  await bad({ cron: '0 6 * * *' }, 'schedule.timezone');
  await bad('daily', 'schedule');

  const plain = await api('/api/benchmarks', { name: 'plain', questions: QUESTIONS });
  expect(plain).toMatchObject({ status: 201, body: { schedule: null, next_run_at: null } });
  await bad({ cron: 'every day', timezone: 'UTC' }, 'schedule.cron', 'PATCH', `/api/benchmarks/${plain.body.id}`);
  const patched = await api(
    `/api/benchmarks/${plain.body.id}`,
    { schedule: { cron: '30 7 * * 1-5', timezone: 'America/New_York' } },
    'PATCH',
  );
  expect(patched).toMatchObject({ status: 200, body: { schedule: { cron: '30 7 * * 1-5' } } });
  expect(Date.parse(patched.body.next_run_at)).toBeGreaterThan(Date.now());
  expect(new Date(patched.body.next_run_at).getUTCMinutes()).toBe(30);

  const exported = await api(`/api/benchmarks/${plain.body.id}/export`);
  expect(exported.body).toContain('America/New_York');
  const imported = await api('/api/benchmarks/import', { format: 'yaml', content: exported.body, name: 'copy' });
  expect(imported).toMatchObject({ status: 201, body: { schedule: patched.body.schedule } });
  const badYaml = exported.body.replace('America/New_York', 'Nowhere/Atall');
  const refused = await api('/api/benchmarks/import', { format: 'yaml', content: badYaml, name: 'copy2' });
  expect(refused.status).toBe(400);
  const removed = await api(`/api/benchmarks/${plain.body.id}`, { schedule: null }, 'PATCH');
  expect(removed.body).toMatchObject({ schedule: null, next_run_at: null });
}

async function runsLateOnce(t: TestApp, setDue: SetDue): Promise<void> {
  const api = client(t);
  const created = await api('/api/benchmarks', { name: 'nightly', questions: QUESTIONS, schedule: YEARLY });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await setDue(id, new Date(Date.now() - 30 * HOUR_MS).toISOString());
  const runs = await until(
    async () => (await api(`/api/benchmarks/${id}/runs`)).body,
    (r) => r.items.length > 0,
  );
  await sleep(500);
  const after = (await api(`/api/benchmarks/${id}/runs`)).body;
  expect(after.items).toHaveLength(1);
  expect(runs.items[0]).toMatchObject({ trigger: 'schedule', late: true, total: 1 });
  const benchmark = (await api(`/api/benchmarks/${id}`)).body;
  expect(Date.parse(benchmark.next_run_at)).toBeGreaterThan(Date.now());
  const onRequest = await api(`/api/benchmarks/${id}/runs`, {});
  expect(onRequest.body).toMatchObject({ trigger: 'request', late: false });
}

/** The state a scenario runs on: its environment and how to move a due time there. */
type StateUnderTest = { env: Record<string, string>; setDue: SetDue } | null;

function scenario(stateEnv: (dataDir: string) => StateUnderTest) {
  let t: TestApp | null = null;
  const dataDir = makeDataDir();
  afterAll(async () => {
    await t?.close();
    removeDataDir(dataDir);
  });

  it('checks schedules and runs a run due long ago once, marked late', async () => {
    const state = stateEnv(dataDir);
    if (!state) return;
    t = await startTestApp({ DATA_DIR: dataDir, SERVICE_API_KEY: SERVICE, ...TICK, ...state.env });
    await checksSchedules(t);
    await runsLateOnce(t, state.setDue);
  });
}

function sqliteSetDue(dataDir: string): SetDue {
  return async (id, due) => {
    const db = new Database(path.join(dataDir, 'state.db'));
    try {
      db.prepare('UPDATE benchmark SET next_run_at = ? WHERE id = ?').run(due, id);
    } finally {
      db.close();
    }
  };
}

function postgresSetDue(admin: Client, schema: string): SetDue {
  return async (id, due) => {
    await admin.query(`UPDATE "${schema}".benchmark SET next_run_at = $1 WHERE id = $2`, [due, id]);
  };
}

describe('scheduled benchmark runs with SQLite state', () => {
  scenario((dataDir) => ({ env: {}, setDue: sqliteSetDue(dataDir) }));
});

describeWith('postgresql')('scheduled benchmark runs with PostgreSQL state', () => {
  // the apps close before the schema is dropped: Jest runs the afterAll hooks of a block in the order declared
  const apps: TestApp[] = [];
  const dirs = [makeDataDir(), makeDataDir()];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    dirs.forEach(removeDataDir);
  });
  const state = (): StateUnderTest =>
    pg.admin
      ? { env: { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` }, setDue: postgresSetDue(pg.admin, pg.schema) }
      : null;
  scenario(state);
  const pg = usePostgresSchema('nlq_benchmark_schedule', 'Skipping the PostgreSQL state test of benchmark schedules');

  it('starts a due run exactly once across two replicas sharing the state', async () => {
    const s = state();
    if (!s) return;
    for (const dir of dirs)
      apps.push(await startTestApp({ DATA_DIR: dir, SERVICE_API_KEY: SERVICE, ...TICK, ...s.env }));
    const [one, two] = apps.map(client);
    // many runs due at once, so that the replicas' reads of what is due overlap with each other's claims
    const ids: string[] = [];
    for (let i = 0; i < SHARED_BENCHMARKS; i++) {
      const created = await one('/api/benchmarks', { name: `shared ${i}`, questions: QUESTIONS, schedule: YEARLY });
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const due = new Date(Date.now() - 1000).toISOString();
    for (const id of ids) await s.setDue(id, due);
    const runsOf = async (id: string) => (await two(`/api/benchmarks/${id}/runs`)).body;
    for (const id of ids)
      await until(
        () => runsOf(id),
        (r) => r.items.length > 0,
      );
    await sleep(1500);
    for (const id of ids) {
      const runs = (await one(`/api/benchmarks/${id}/runs`)).body;
      expect(runs.items).toHaveLength(1);
      expect(runs.items[0]).toMatchObject({ trigger: 'schedule', late: false });
      expect([...runs.pending, ...(await runsOf(id)).pending]).toEqual([]);
    }
  });
});
