import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { describeWith } from '@nlq/test-services';
import type { PendingOperation } from '@nlq/pipeline';
import { INTERRUPTED_APPROVAL_ERROR } from '@nlq/pipeline';
import type { DataSource } from 'typeorm';
import { killApi, startApiProcess, type ApiProcess } from './support/api-process';
import { sqliteUrl, openStateDataSource, TypeOrmStateStore, DEFAULT_CONNECTION_ID } from '@nlq/server';
import { openLive, PG, call, makeDataDir, removeDataDir } from '@nlq/server/testing';

jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A state store on the api's state database, to seed the held write and watch its state from outside. */
async function openState(dataDir: string): Promise<{ ds: DataSource; store: TypeOrmStateStore }> {
  const ds = await openStateDataSource(sqliteUrl(path.join(dataDir, 'state.db')));
  return { ds, store: new TypeOrmStateStore(ds) };
}

/** Hold `sql` for approval in session `sessionId`, as POST /query in admin mode would. */
async function holdWrite(store: TypeOrmStateStore, sessionId: string, sql: string): Promise<void> {
  const queryEntryId = randomUUID();
  const at = new Date().toISOString();
  await store.appendHistory({
    id: queryEntryId,
    kind: 'query',
    session_id: sessionId,
    user_id: sessionId,
    question: 'Add one to account 1',
    sql,
    answer: null,
    status: 'pending_approval',
    error: null,
    row_count: null,
    rows_affected: null,
    signal: null,
    rlhf_signal: null,
    trace_id: null,
    ref_id: null,
    connection_id: DEFAULT_CONNECTION_ID,
    created_at: at,
  });
  const op: PendingOperation = {
    id: randomUUID(),
    sessionId,
    userId: sessionId,
    connectionId: DEFAULT_CONNECTION_ID,
    question: 'Add one to account 1',
    sql,
    kind: 'write',
    state: 'pending',
    queryEntryId,
    estimatedRows: 1,
    createdAt: at,
  };
  await store.savePending(op);
}

async function waitForState(
  store: TypeOrmStateStore,
  sessionId: string,
  state: string,
  ms = 30_000,
): Promise<PendingOperation> {
  const until = Date.now() + ms;
  for (;;) {
    const op = await store.latestOperation(sessionId);
    if (op?.state === state) return op;
    if (Date.now() > until) throw new Error(`operation of ${sessionId} never reached ${state} (last: ${op?.state})`);
    await sleep(50);
  }
}

/**
 * kill -9 during an approved write, restart, then: the history says interrupted, the operation is failed, the write
 * did not happen, and approving again runs it exactly once.
 */
async function crashAndRecover(opts: {
  dataDir: string;
  env: Record<string, string>;
  slowSql: string;
  balance: () => Promise<number>;
  /** Resolves once the killed process's statement has ended at the database (rolled back). */
  waitForOrphan: () => Promise<void>;
  restartEnv?: Record<string, string>;
}): Promise<void> {
  const { store, ds } = await openState(opts.dataDir);
  const session = `crash-${Date.now()}`;
  let api: ApiProcess | undefined;
  try {
    await holdWrite(store, session, opts.slowSql);
    api = await startApiProcess(opts.env);
    const approving = call(`${api.url}/approve/${session}`, { method: 'POST' }).catch((e: Error) => e);
    const executing = await waitForState(store, session, 'executing');
    expect(executing.executor).toBe(opts.env.REPLICA_ID);
    await sleep(700); // the statement is running at the database
    await killApi(api);
    expect(String(await approving)).toMatch(/fetch failed/); // the connection died with the process
    await opts.waitForOrphan();
    expect(await opts.balance()).toBe(0);
    expect((await store.latestOperation(session))?.state).toBe('executing'); // nobody was left to record the end

    api = await startApiProcess({ ...opts.env, ...(opts.restartEnv ?? {}) });
    const failed = await store.latestOperation(session);
    expect(failed).toMatchObject({ state: 'failed', error: INTERRUPTED_APPROVAL_ERROR });
    const history = (await call(`${api.url}/session/${session}`)).body.history;
    expect(history.at(-1)).toMatchObject({
      kind: 'approval',
      status: 'interrupted',
      error: INTERRUPTED_APPROVAL_ERROR,
      sql: opts.slowSql,
    });

    const again = await call(`${api.url}/approve/${session}`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'approved', session_id: session, rows_affected: 1 });
    expect(await opts.balance()).toBe(1);
    const third = await call(`${api.url}/approve/${session}`, { method: 'POST' });
    expect(third.status).toBe(409);
    expect(await opts.balance()).toBe(1);
    expect(await store.latestOperation(session)).toMatchObject({ state: 'approved', rowsAffected: 1 });
    const after = (await call(`${api.url}/session/${session}`)).body.history.map(
      (e: { kind: string; status: string }) => `${e.kind}:${e.status}`,
    );
    expect(after).toEqual(['query:pending_approval', 'approval:interrupted', 'approval:approved']);
  } finally {
    if (api) await killApi(api);
    await ds.destroy();
  }
}

describe('approval interrupted by kill -9 (SQLite query database)', () => {
  const dataDir = makeDataDir();
  const target = path.join(dataDir, 'target.db');
  afterAll(() => removeDataDir(dataDir));

  beforeAll(() => {
    const db = new Database(target);
    db.exec(
      'CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL); INSERT INTO accounts VALUES (1, 0);',
    );
    db.close();
  });

  const balance = async () => {
    const db = new Database(target, { readonly: true });
    try {
      return (db.prepare('SELECT balance FROM accounts WHERE id = 1').get() as { balance: number }).balance;
    } finally {
      db.close();
    }
  };
  // The orphaned SQLite process holds the write lock until its statement ends; taking the lock waits for it.
  const waitForOrphan = async () => {
    const db = new Database(target, { timeout: 30_000 });
    try {
      db.prepare('BEGIN IMMEDIATE').run();
      db.prepare('ROLLBACK').run();
    } finally {
      db.close();
    }
  };
  // about 3 s of work on the development machine, inside the UPDATE
  const slowSql =
    'UPDATE accounts SET balance = balance + 1 WHERE id = 1 AND (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 6000000) SELECT count(*) FROM c) > 0';
  const env = () => ({
    DATA_DIR: dataDir,
    SERVICE_MODE: 'admin',
    QUERY_DATABASE_URL: sqliteUrl(target),
    REPLICA_ID: 'replica-a',
    STATEMENT_TIMEOUT_MS: '60000',
  });

  it('a restarted replica marks its own run interrupted; approving again runs the write once', async () => {
    await crashAndRecover({ dataDir, env: env(), slowSql, balance, waitForOrphan });
  });

  it('another replica marks the run interrupted once its lease ran out, and says so on /ws/live', async () => {
    const db = new Database(target);
    db.exec('UPDATE accounts SET balance = 0');
    db.close();
    const { store, ds } = await openState(dataDir);
    const session = `lease-${Date.now()}`;
    // long enough (about 8 s) to outlast two lease periods on an idle machine
    const slowerSql = slowSql.replace('n < 6000000', 'n < 16000000');
    let a: ApiProcess | undefined;
    let b: ApiProcess | undefined;
    try {
      await holdWrite(store, session, slowerSql);
      const leaseEnv = { ...env(), APPROVAL_LEASE_MS: '1500' };
      a = await startApiProcess(leaseEnv);
      b = await startApiProcess({ ...leaseEnv, REPLICA_ID: 'replica-b' });
      const key = (await import('node:fs')).readFileSync(path.join(dataDir, 'service-api-key'), 'utf8').trim();
      const live = await openLive(b.url, key);
      void call(`${a.url}/approve/${session}`, { method: 'POST' }).catch(() => undefined);
      await waitForState(store, session, 'executing');
      await sleep(2000); // longer than the lease: replica A renews it while alive
      expect((await store.latestOperation(session))?.state).toBe('executing');
      await killApi(a);
      const event = await live.waitFor((m) => m.type === 'approval.failed' && m.sessionId === session, 15_000);
      expect(event.data).toMatchObject({ interrupted: true, error: INTERRUPTED_APPROVAL_ERROR, sql: slowerSql });
      live.close();
      await waitForOrphan();
      expect(await balance()).toBe(0);
      const again = await call(`${b.url}/approve/${session}`, { method: 'POST' });
      expect(again.body).toMatchObject({ status: 'approved', rows_affected: 1 });
      expect(await balance()).toBe(1);
    } finally {
      if (a) await killApi(a);
      if (b) await killApi(b);
      await ds.destroy();
    }
  });
});

describeWith('postgresql')('approval interrupted by kill -9 (PostgreSQL query database)', () => {
  const dataDir = makeDataDir();
  const schema = `nlq_crash_${process.pid}_${Date.now()}`;
  let admin: Client;
  beforeAll(async () => {
    admin = new Client({ connectionString: PG });
    await admin.connect();
    await admin.query(
      `CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".accounts (id int PRIMARY KEY, balance int NOT NULL); INSERT INTO "${schema}".accounts VALUES (1, 0);`,
    );
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
    await admin.end();
    removeDataDir(dataDir);
  });

  it('a restarted replica marks its own run interrupted; approving again runs the write once', async () => {
    const balance = async () =>
      (await admin.query(`SELECT balance FROM "${schema}".accounts WHERE id = 1`)).rows[0].balance as number;
    // The killed client's backend finishes its statement, then finds the connection gone before COMMIT and rolls
    // back; its row lock is free again once that happened.
    const waitForOrphan = async () => {
      await admin.query('BEGIN');
      await admin.query(`SELECT 1 FROM "${schema}".accounts WHERE id = 1 FOR UPDATE`);
      await admin.query('ROLLBACK');
    };
    await crashAndRecover({
      dataDir,
      env: {
        DATA_DIR: dataDir,
        SERVICE_MODE: 'admin',
        QUERY_DATABASE_URL: PG,
        REPLICA_ID: 'replica-pg',
        STATEMENT_TIMEOUT_MS: '60000',
      },
      slowSql: `UPDATE "${schema}".accounts SET balance = balance + 1 WHERE id = 1 AND (SELECT true FROM pg_sleep(3))`,
      balance,
      waitForOrphan,
    });
  });
});
