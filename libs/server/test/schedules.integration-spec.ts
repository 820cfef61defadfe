/**
 * Schedules and alerts over real HTTP on the sample shop database, with a real local webhook receiver and a real
 * SMTP server (smtp-server) on ephemeral ports and a scheduler ticking every 100 ms. The due time of a slot is moved
 * into the past in the state database itself, as if the clock had passed it (the cron fires once a year otherwise).
 * SQLite state: bad input is 400 naming the field, a viewer is 403; each due slot sends one webhook message and one
 * email; an alert sends only when its condition holds; a webhook answering 500 twice is delivered on the third
 * attempt; Slack and Teams bodies; a slot missed while the app was down is sent once, late, after a restart; webhook
 * tokens and the SMTP password never appear in an answer or a log line. PostgreSQL state: two replicas deliver each
 * due slot exactly once (pg-boss), and a slot missed while both were down is sent once, late, after a restart.
 */
import { describeWith } from '@nlq/test-services';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Database from 'better-sqlite3';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp } from '../src/app.factory';
import type { AppEnv } from '../src/platform/config/environment-variables';
import {
  startSmtpReceiver,
  startWebhookReceiver,
  type SmtpReceiver,
  type WebhookReceiver,
} from '../src/testing/delivery-receivers';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ANALYST = 'analyst-key-0123456789abcdef';
const VIEWER = 'viewer-key-0123456789abcdef';
const OTHER_ANALYST = 'other-analyst-key-0123456789';
const USERS = `ana:${ANALYST}:analyst,vic:${VIEWER},bo:${OTHER_ANALYST}:analyst`;
const TOKEN = 'T0SECRET/B0SECRET/hook-token-5c1d9e';
const YEARLY = { cron: '0 6 1 1 *', timezone: 'Europe/Berlin' };
const HOUR_MS = 3_600_000;
const COUNT_SQL = 'SELECT COUNT(*) AS customers FROM customers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll `read` every 50 ms until `done` holds (at most 20 s); answers the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await sleep(50);
  }
}

/** A running app with every log line it wrote. */
interface LoggedApp {
  url: string;
  logs: string[];
  close(): Promise<void>;
}

async function startLoggedApp(env: AppEnv): Promise<LoggedApp> {
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app: NestFastifyApplication = await createApp(
    { LOG_LEVEL: 'info', SERVICE_API_KEY: SERVICE, USER_API_KEYS: USERS, SCHEDULER_INTERVAL_MS: '100', ...env },
    { logDestination: destination },
  );
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { url, logs, close: () => app.close() };
}

function client(app: { url: string }, key = ANALYST) {
  return (route: string, body?: unknown, method?: string) =>
    call(`${app.url}${route}`, { body, method, headers: { 'x-api-key': key } });
}

type Api = ReturnType<typeof client>;

async function savedCount(api: Api): Promise<string> {
  const saved = await api('/api/saved', { name: 'Customers', sql: COUNT_SQL });
  expect(saved.status).toBe(201);
  return saved.body.id as string;
}

/** The runs of a schedule once `done` holds for them. */
function runsWhen(api: Api, id: string, done: (items: any[]) => boolean): Promise<any[]> {
  return until(async () => (await api(`/api/schedules/${id}/runs`)).body.items as any[], done);
}

const finished = (run: { status: string }) => run.status !== 'pending';

/** Sets a schedule's next due time in the state database. */
type SetDue = (scheduleId: string, due: string) => Promise<void>;

function sqliteSetDue(dataDir: string): SetDue {
  return async (id, due) => {
    const db = new Database(path.join(dataDir, 'state.db'));
    try {
      db.prepare('UPDATE schedule SET next_run_at = ? WHERE id = ?').run(due, id);
    } finally {
      db.close();
    }
  };
}

async function refusesBadInput(app: LoggedApp, savedId: string, hook: string): Promise<void> {
  const api = client(app);
  const good = { saved_id: savedId, ...YEARLY, deliver: [{ type: 'webhook', url: `${hook}/x` }] };
  const bad = async (change: Record<string, unknown>, field: string) => {
    const answer = await api('/api/schedules', { ...good, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION');
    expect(answer.body.details.map((d: { field: string }) => d.field)).toContain(field);
  };
  await bad({ cron: '61 * * * *' }, 'cron');
  await bad({ cron: '*/5 * * * * *' }, 'cron');
  await bad({ timezone: 'Mars/Olympus_Mons' }, 'timezone');
  await bad({ deliver: [] }, 'deliver');
  await bad({ deliver: [{ type: 'email', to: ['not-an-address'] }] }, 'deliver[0].to[0]');
  await bad({ deliver: [{ type: 'webhook', url: 'ftp://example.com/x' }] }, 'deliver[0].url');
  await bad({ deliver: [{ type: 'webhook', url: 'not a url' }] }, 'deliver[0].url');
  await bad({ deliver: [{ type: 'webhook', url: 'http://169.254.169.254/latest/meta-data' }] }, 'deliver[0].url');
  await bad({ deliver: [{ type: 'webhook', url: 'http://metadata.google.internal/x' }] }, 'deliver[0].url');
  await bad({ deliver: [{ type: 'webhook', url: 'http://[fe80::1]/x' }] }, 'deliver[0].url');
  await bad({ deliver: [{ type: 'webhook', url: `${hook}/x`, format: 'xml' }] }, 'deliver[0].format');
  await bad({ condition: { type: 'above' } }, 'condition.value');
  await bad({ board_id: 'b1' }, 'body');
  const board = await api('/api/schedules', { ...good, saved_id: undefined, board_id: 'no-such-board' });
  expect(board).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'board not found' } });
  const viewer = await client(app, VIEWER)('/api/schedules', good);
  expect(viewer).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  expect((await client(app, VIEWER)('/api/schedules')).body.items).toEqual([]);
}

describe('schedules with SQLite state', () => {
  const dataDir = makeDataDir();
  let hook: WebhookReceiver;
  let smtp: SmtpReceiver;
  let app: LoggedApp | null = null;
  const start = async () => {
    app = await startLoggedApp({ DATA_DIR: dataDir, SMTP_URL: smtp.url, SMTP_FROM: 'nlq@example.com' });
    return app;
  };
  beforeAll(async () => {
    [hook, smtp] = await Promise.all([startWebhookReceiver(), startSmtpReceiver()]);
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([hook.close(), smtp.close()]);
    removeDataDir(dataDir);
  });
  const setDue = sqliteSetDue(dataDir);

  it('refuses bad input with 400 naming the field, a viewer with 403, an unknown board with 404', async () => {
    const a = await start();
    await refusesBadInput(a, await savedCount(client(a)), hook.url);
  });

  it('sends one webhook message and one email per due slot, and never shows the webhook token or SMTP password', async () => {
    const api = client(app as unknown as LoggedApp);
    const savedId = await savedCount(api);
    const created = await api('/api/schedules', {
      saved_id: savedId,
      ...YEARLY,
      deliver: [
        { type: 'webhook', url: `${hook.url}/hooks/${TOKEN}?sig=q1` },
        { type: 'email', to: ['ops@example.com'] },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Customers',
      user_id: 'ana',
      enabled: true,
      deliver: [
        { type: 'webhook', url: hook.url, url_set: true, format: 'json' },
        { type: 'email', to: ['ops@example.com'] },
      ],
    });
    const id = created.body.id as string;
    const before = hook.received.length;
    for (const slot of [1, 2]) {
      const due = new Date(Date.now() - 1000).toISOString();
      await setDue(id, due);
      const runs = await runsWhen(api, id, (items) => items.length === slot && items.every(finished));
      expect(runs[0]).toMatchObject({ due_at: due, late: false, trigger: 'schedule', status: 'delivered' });
      expect(runs[0].deliveries).toMatchObject([
        { type: 'webhook', target: hook.url, status: 'delivered', attempts: 1, last_error: null },
        { type: 'email', target: 'ops@example.com', status: 'delivered', attempts: 1 },
      ]);
    }
    await sleep(500);
    const messages = hook.received.slice(before);
    expect(messages).toHaveLength(2);
    expect(messages[0]?.path).toBe(`/hooks/${TOKEN}?sig=q1`);
    expect(messages[0]?.body).toMatchObject({
      schedule_id: id,
      name: 'Customers',
      late: false,
      results: [{ saved_id: savedId, name: 'Customers', columns: ['customers'], rows: [[1000]], row_count: 1 }],
    });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[0]).toMatchObject({ from: 'nlq@example.com', to: ['ops@example.com'] });
    expect(smtp.received[0]?.raw).toContain('Subject: Customers');
    expect(smtp.received[0]?.raw).toMatch(/Content-Type: text\/csv[\s\S]*filename=/);
    expect(smtp.received[0]?.raw).toContain('<table');
    const answers = [
      created.body,
      (await api(`/api/schedules/${id}`)).body,
      (await api('/api/schedules')).body,
      (await api(`/api/schedules/${id}/runs`)).body,
      (await client(app as unknown as LoggedApp, SERVICE)('/api/schedules')).body,
    ];
    for (const text of [JSON.stringify(answers), (app as unknown as LoggedApp).logs.join('')]) {
      expect(text).not.toContain('hook-token');
      expect(text).not.toContain('sig=q1');
      expect(text).not.toContain(smtp.password);
    }
    expect((app as unknown as LoggedApp).logs.join('')).toContain('scheduled delivery claimed');
  });

  it('sends an alert only while its condition holds, and records the run either way', async () => {
    const api = client(app as unknown as LoggedApp);
    const savedId = await savedCount(api);
    const deliver = [{ type: 'webhook', url: `${hook.url}/alert` }];
    const created = await api('/api/schedules', {
      saved_id: savedId,
      ...YEARLY,
      deliver,
      condition: { type: 'above', value: 5000 },
    });
    expect(created.body.condition).toEqual({ type: 'above', value: 5000 });
    const id = created.body.id as string;
    const sent = () => hook.received.filter((m) => m.path === '/alert').length;
    const run = await api(`/api/schedules/${id}/run`, {});
    expect(run).toMatchObject({ status: 202, body: { status: 'pending', trigger: 'request' } });
    let runs = await runsWhen(api, id, (items) => items.every(finished));
    expect(runs[0]).toMatchObject({ status: 'skipped', condition_met: false });
    expect(sent()).toBe(0);
    const patched = await api(`/api/schedules/${id}`, { condition: { type: 'below', value: 5000 } }, 'PATCH');
    expect(patched.body.condition).toEqual({ type: 'below', value: 5000 });
    await api(`/api/schedules/${id}/run`, {});
    runs = await runsWhen(api, id, (items) => items.length === 2 && items.every(finished));
    expect(runs.map((r) => r.status).sort()).toEqual(['delivered', 'skipped']);
    expect(sent()).toBe(1);
    await api(`/api/schedules/${id}`, { condition: { type: 'not_empty' } }, 'PATCH');
    await api(`/api/schedules/${id}/run`, {});
    await runsWhen(api, id, (items) => items.length === 3 && items.every(finished));
    expect(sent()).toBe(2);
  });

  it("delivers a board: each tile's saved answer in tile order, in one message", async () => {
    const api = client(app as unknown as LoggedApp);
    const countId = await savedCount(api);
    const countries = await api('/api/saved', {
      name: 'Countries',
      sql: 'SELECT COUNT(DISTINCT country) AS countries FROM customers',
    });
    const tiles = [countries.body.id, countId].map((saved_id, i) => ({ saved_id, x: i * 6, y: 0, w: 6, h: 2 }));
    const board = await api('/api/boards', { name: 'Weekly', tiles });
    expect(board.status).toBe(201);
    const created = await api('/api/schedules', {
      board_id: board.body.id,
      ...YEARLY,
      deliver: [{ type: 'webhook', url: `${hook.url}/board` }],
    });
    expect(created).toMatchObject({ status: 201, body: { name: 'Weekly', board_id: board.body.id } });
    await api(`/api/schedules/${created.body.id}/run`, {});
    const runs = await runsWhen(api, created.body.id, (items) => items.length === 1 && items.every(finished));
    expect(runs[0].status).toBe('delivered');
    const message = hook.received.find((m) => m.path === '/board');
    const results = (message?.body as { results: Array<{ name: string; rows: unknown[][] }> }).results;
    expect(results.map((r) => r.name)).toEqual(['Countries', 'Customers']);
    expect(results[1].rows).toEqual([[1000]]);
    const other = await client(app as unknown as LoggedApp, OTHER_ANALYST)('/api/schedules', {
      board_id: board.body.id,
      ...YEARLY,
      deliver: [{ type: 'webhook', url: `${hook.url}/board` }],
    });
    expect(other).toMatchObject({ status: 404, body: { message: 'board not found' } });
  });

  it('retries a webhook answering 500 with backoff: delivered once, on the third attempt', async () => {
    const api = client(app as unknown as LoggedApp);
    const created = await api('/api/schedules', {
      saved_id: await savedCount(api),
      ...YEARLY,
      deliver: [{ type: 'webhook', url: `${hook.url}/flaky/${TOKEN}` }],
    });
    hook.failNext(500, 500);
    await api(`/api/schedules/${created.body.id}/run`, {});
    const runs = await runsWhen(api, created.body.id, (items) => items.every(finished));
    expect(runs[0]).toMatchObject({ status: 'delivered' });
    expect(runs[0].deliveries[0]).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(runs[0].deliveries[0].last_error).toContain('HTTP 500');
    expect(runs[0].deliveries[0].last_error).not.toContain('hook-token');
    const flaky = hook.received.filter((m) => m.path.startsWith('/flaky/'));
    expect(flaky.map((m) => m.status)).toEqual([500, 500, 200]);
  });

  it('formats Slack and Teams messages', async () => {
    const api = client(app as unknown as LoggedApp);
    const created = await api('/api/schedules', {
      saved_id: await savedCount(api),
      name: 'Daily customers',
      ...YEARLY,
      deliver: [
        { type: 'webhook', url: `${hook.url}/slack`, format: 'slack' },
        { type: 'webhook', url: `${hook.url}/teams`, format: 'teams' },
      ],
    });
    await api(`/api/schedules/${created.body.id}/run`, {});
    await runsWhen(api, created.body.id, (items) => items.every(finished));
    const slack = hook.received.find((m) => m.path === '/slack')?.body as any;
    expect(slack.text).toContain('Daily customers');
    expect(slack.blocks[0]).toMatchObject({ type: 'header' });
    expect(slack.blocks[1]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
    expect(slack.blocks[2].text.text).toMatch(/^```\ncustomers/);
    const teams = hook.received.find((m) => m.path === '/teams')?.body as any;
    expect(teams).toMatchObject({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard' } }],
    });
    expect(JSON.stringify(teams)).toContain('Daily customers');
  });

  it('sends a slot missed while the app was down once, marked late, after a restart', async () => {
    const api = client(app as unknown as LoggedApp);
    const created = await api('/api/schedules', {
      saved_id: await savedCount(api),
      ...YEARLY,
      deliver: [{ type: 'webhook', url: `${hook.url}/missed` }],
    });
    await (app as unknown as LoggedApp).close();
    app = null;
    await setDue(created.body.id, new Date(Date.now() - 30 * HOUR_MS).toISOString());
    const restarted = await start();
    const runs = await runsWhen(
      client(restarted),
      created.body.id,
      (items) => items.length > 0 && items.every(finished),
    );
    await sleep(500);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ late: true, status: 'delivered' });
    const missed = hook.received.filter((m) => m.path === '/missed');
    expect(missed).toHaveLength(1);
    expect(missed[0]?.body).toMatchObject({ late: true });
    const schedule = (await client(restarted)(`/api/schedules/${created.body.id}`)).body;
    expect(Date.parse(schedule.next_run_at)).toBeGreaterThan(Date.now());
  });
});

describeWith('postgresql')('schedules with PostgreSQL state across two replicas', () => {
  const dirs = [makeDataDir(), makeDataDir()];
  const apps: LoggedApp[] = [];
  let hook: WebhookReceiver;
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await hook?.close();
    dirs.forEach(removeDataDir);
    if (pg.admin) await pg.admin.query(`DROP SCHEMA IF EXISTS "${pg.schema}_jobs" CASCADE`);
  });
  const pg = usePostgresSchema('nlq_sched', 'Skipping the PostgreSQL state test of schedules');
  // replicas share the key of the stored secrets (docs/operations.md)
  const env = () => ({
    STATE_DATABASE_URL: `${PG}?schema=${pg.schema}`,
    ENCRYPTION_KEY: 'replicas-share-this-key-0123',
  });
  const setDue: SetDue = async (id, due) => {
    await pg.admin?.query(`UPDATE "${pg.schema}".schedule SET next_run_at = $1 WHERE id = $2`, [due, id]);
  };

  it('delivers each due slot exactly once, and a slot missed while both were down once, late', async () => {
    if (!pg.admin) return;
    hook = await startWebhookReceiver();
    for (const dir of dirs) apps.push(await startLoggedApp({ DATA_DIR: dir, ...env() }));
    const [one, two] = apps.map((a) => client(a)) as [Api, Api];
    const email = await one('/api/schedules', {
      saved_id: await savedCount(one),
      ...YEARLY,
      deliver: [{ type: 'email', to: ['ops@example.com'] }],
    });
    expect(email.status).toBe(400);
    expect(JSON.stringify(email.body.details)).toContain('SMTP_URL');
    const savedId = await savedCount(one);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await one('/api/schedules', {
        saved_id: savedId,
        ...YEARLY,
        deliver: [{ type: 'webhook', url: `${hook.url}/pg/${i}` }],
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const due = new Date(Date.now() - 1000).toISOString();
    for (const id of ids) await setDue(id, due);
    for (const id of ids) await runsWhen(two, id, (items) => items.length > 0 && items.every(finished));
    await sleep(1500);
    for (const [i, id] of ids.entries()) {
      const runs = (await one(`/api/schedules/${id}/runs`)).body.items;
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'delivered', late: false, due_at: due });
      expect(hook.received.filter((m) => m.path === `/pg/${i}`)).toHaveLength(1);
    }
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await setDue(ids[0] as string, new Date(Date.now() - 30 * HOUR_MS).toISOString());
    for (const dir of dirs) apps.push(await startLoggedApp({ DATA_DIR: dir, ...env() }));
    const runs = await runsWhen(
      client(apps[0] as LoggedApp),
      ids[0] as string,
      (items) => items.length === 2 && items.every(finished),
    );
    await sleep(1500);
    expect(runs[0]).toMatchObject({ status: 'delivered', late: true });
    const sent = hook.received.filter((m) => m.path === '/pg/0');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({ late: true });

    // a run left pending after its job ended (a crash between the two) is queued again with a new job at the next
    // start, and delivered; its first job is not run twice
    await Promise.all(apps.splice(0).map((a) => a.close()));
    const runRow = await pg.admin.query(
      `SELECT id, deliveries FROM "${pg.schema}".schedule_run WHERE schedule_id = $1`,
      [ids[1]],
    );
    const pendingAgain = (JSON.parse(runRow.rows[0].deliveries) as Array<Record<string, unknown>>).map((d) => ({
      ...d,
      status: 'pending',
      delivered_at: null,
    }));
    await pg.admin.query(
      `UPDATE "${pg.schema}".schedule_run SET status = 'pending', finished_at = NULL, deliveries = $1 WHERE id = $2`,
      [JSON.stringify(pendingAgain), runRow.rows[0].id],
    );
    for (const dir of dirs) apps.push(await startLoggedApp({ DATA_DIR: dir, ...env() }));
    const resumed = await runsWhen(client(apps[0] as LoggedApp), ids[1] as string, (items) =>
      items.every((r) => r.status === 'delivered'),
    );
    await sleep(1500);
    expect(resumed).toHaveLength(1);
    expect(hook.received.filter((m) => m.path === '/pg/1')).toHaveLength(2);
  });
});
