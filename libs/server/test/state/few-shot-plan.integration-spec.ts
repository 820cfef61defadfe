/**
 * Every state-store statement a request runs must cost the same however long the history is. Each
 * per-request operation (few-shot examples, the session's history for the conversation window, appending history,
 * the trace upsert and read, session ownership, approvals: save, claim, renew, finish, latest, interrupted sweep,
 * the pending-approvals metric) and each pruning statement runs against a seeded state database; every SQL it sent
 * is captured from TypeORM's logger and checked with the engine's own plan: SQLite's EXPLAIN QUERY PLAN
 * (https://sqlite.org/eqp.html) must SEARCH through an index, never SCAN a table, and PostgreSQL's EXPLAIN (after
 * ANALYZE) must never Seq Scan a state table.
 */
import type { HistoryEntry } from '@nlq/contracts';
import type { DataSource } from 'typeorm';
import { historyEntry } from '@nlq/pipeline';
import { describeEachWith } from '@nlq/test-services';
import { STATE_ENGINES, type StateEngine } from '../../src/testing/state-engines';
import { SessionAccessService } from '../../src/platform/sessions/session-access.service';
import { PendingOperationEntity } from '../../src/platform/state/entities';
import { TypeOrmStateStore } from '../../src/platform/state/typeorm-state.store';

const ROWS = 20_000;
const SEEDED_AT = '2026-01-01T00:00:00.000Z';

type Engine = 'sqlite' | 'postgres';

/**
 * Seeds ROWS history entries (queries on 3 connections, sessions of 3, one feedback entry every 100 rows rating the
 * query before it: 3 positive of 4), ROWS traces, and ROWS / 10 operations (a few pending, a few executing, the rest
 * decided, as on a service in use).
 */
function seedSql(engine: Engine): string[] {
  const series =
    engine === 'sqlite'
      ? `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS}) SELECT i FROM n`
      : `SELECT i FROM generate_series(1, ${ROWS}) AS n(i)`;
  const text = (e: string) => (engine === 'sqlite' ? `CAST(${e} AS TEXT)` : `(${e})::text`);
  // one second apart from SEEDED_AT, as ISO-8601 text like the store writes
  const at =
    engine === 'sqlite'
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', '${SEEDED_AT.slice(0, 19)}', '+' || i || ' seconds')`
      : `to_char(timestamp '${SEEDED_AT.slice(0, 19)}' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return [
    `INSERT INTO history_entry (id, kind, session_id, user_id, question, sql, status, signal, ref_id, trace_id, connection_id, created_at) ` +
      `SELECT 'e' || ${text('i')}, CASE WHEN i % 100 = 0 THEN 'feedback' ELSE 'query' END, 's' || ${text('i / 3')}, 'u', ` +
      `'question ' || ${text('i % 500')}, 'SELECT ' || ${text('i')}, 'ok', ` +
      `CASE WHEN i % 100 = 0 THEN CASE WHEN i % 400 = 0 THEN 'negative' ELSE 'positive' END END, ` +
      `CASE WHEN i % 100 = 0 THEN 'e' || ${text('i - 1')} END, 't' || ${text('i')}, ` +
      `'c' || ${text('CASE WHEN i % 100 = 0 THEN (i - 1) % 3 ELSE i % 3 END')}, ${at} FROM (${series}) AS s`,
    `INSERT INTO trace (id, session_id, user_id, question, sql, status, started_at, duration_ms, spans) ` +
      `SELECT 't' || ${text('i')}, 's' || ${text('i / 3')}, 'u', 'question', 'SELECT 1', 'ok', ${at}, 1.5, '[]' FROM (${series}) AS s`,
    `INSERT INTO pending_operation (id, session_id, user_id, connection_id, question, sql, kind, state, query_entry_id, created_at, executor, lease_until) ` +
      `SELECT 'p' || ${text('i')}, 's' || ${text('i / 3')}, 'u', 'c0', 'q', 'DELETE FROM t', 'write', ` +
      `CASE WHEN i % 1000 = 0 THEN 'pending' WHEN i % 1000 = 1 THEN 'executing' ELSE 'approved' END, 'e' || ${text('i')}, '${SEEDED_AT}', ` +
      `CASE WHEN i % 1000 = 1 THEN 'replica-a' END, CASE WHEN i % 1000 = 1 THEN '2099-01-01T00:00:00.000Z' END FROM (${series}) AS s WHERE i % 10 = 0 OR i % 1000 = 1`,
  ];
}

/** Every statement (SQL and parameters) TypeORM sent while `fn` ran, transaction control left out. */
async function captured(
  dataSource: DataSource,
  fn: () => Promise<unknown>,
): Promise<Array<{ sql: string; parameters: unknown[] }>> {
  const spy = jest.spyOn(dataSource.logger, 'logQuery');
  try {
    await fn();
    return spy.mock.calls
      .map(([sql, parameters]) => ({ sql, parameters: (parameters ?? []) as unknown[] }))
      .filter(
        ({ sql }) =>
          !/^(BEGIN|COMMIT|ROLLBACK|START TRANSACTION|SAVEPOINT|RELEASE|SELECT version\(\))/i.test(sql.trim()),
      );
  } finally {
    spy.mockRestore();
  }
}

/** The plan of one statement as text lines. */
async function planOf(dataSource: DataSource, engine: Engine, sql: string, parameters: unknown[]): Promise<string[]> {
  if (engine === 'sqlite')
    return ((await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as Array<{ detail: string }>).map(
      (r) => r.detail,
    );
  return ((await dataSource.query(`EXPLAIN ${sql}`, parameters)) as Array<{ 'QUERY PLAN': string }>).map(
    (r) => r['QUERY PLAN'],
  );
}

/** Plan lines that read a whole state table (SQLite's SCAN CONSTANT ROW and SCAN n-ROW VALUES CLAUSE read the statement's own VALUES). */
function scans(engine: Engine, plan: string[]): string[] {
  return engine === 'sqlite'
    ? plan.filter((line) => /^SCAN /.test(line) && !/^SCAN (CONSTANT ROW|\d+-ROW VALUES CLAUSE)/.test(line))
    : plan.filter((line) => /Seq Scan on (history_entry|trace|pending_operation|api_session)\b/.test(line));
}

const query = (overrides: Partial<HistoryEntry>): HistoryEntry =>
  historyEntry(
    {
      kind: 'query',
      session_id: 's100',
      user_id: 'u',
      question: 'how many orders',
      sql: 'SELECT COUNT(*) FROM orders',
      answer: 'There are 5 orders.',
      status: 'ok',
      row_count: 1,
      trace_id: 't-new',
      connection_id: 'c0',
      ...overrides,
    },
    Date.now(),
  );

describeEachWith(STATE_ENGINES, (c) => c.services)('state-store query plans on $name', (c: StateEngine) => {
  let dataSource: DataSource;
  let cleanup: () => Promise<void>;
  let store: TypeOrmStateStore;

  beforeAll(async () => {
    ({ dataSource, cleanup } = await c.open());
    for (const sql of seedSql(c.name)) await dataSource.query(sql);
    if (c.name === 'postgres') await dataSource.query('ANALYZE history_entry, trace, pending_operation');
    else await dataSource.query('ANALYZE');
    store = new TypeOrmStateStore(dataSource);
  });
  afterAll(() => cleanup());

  /** Runs `fn`, then asserts every statement it sent (each distinct SQL once) reads through indexes only; the plans. */
  async function expectIndexed(fn: () => Promise<unknown>): Promise<string[][]> {
    const statements = await captured(dataSource, fn);
    expect(statements.length).toBeGreaterThan(0);
    const plans: string[][] = [];
    const seen = new Set<string>();
    for (const { sql, parameters } of statements) {
      if (seen.has(sql)) continue;
      seen.add(sql);
      const plan = await planOf(dataSource, c.name, sql, parameters);
      expect({ sql, scans: scans(c.name, plan) }).toEqual({ sql, scans: [] });
      plans.push(plan);
    }
    return plans;
  }

  it('few-shot examples: one connection positive feedback, newest first, through its index', async () => {
    let examples = 0;
    const plans = await expectIndexed(async () => {
      examples = (await store.listPositiveExamples('c0', 3)).length;
    });
    expect(examples).toBe(3);
    expect(plans.flat().join('\n')).toMatch(/ix_history_entry_feedback_connection/);
  });

  it("the session's history (conversation window, recordFeedback, GET history) and who owns a session", async () => {
    await expectIndexed(() => store.listHistory('s100'));
    await expectIndexed(() => store.listHistory('s100', { newest: 50 }));
    const access = new SessionAccessService(dataSource);
    await expectIndexed(async () => {
      await access.ownerOf('s101');
      await access.assertAdapterAccess('s101');
    });
  });

  it('recording an answer: history entry, trace upsert (twice: insert, then update), group commit, trace read', async () => {
    await expectIndexed(() => store.appendHistory(query({})));
    const trace = {
      id: 't-new',
      sessionId: 's100',
      userId: 'u',
      question: 'q',
      sql: null,
      status: 'ok' as const,
      startedAt: SEEDED_AT,
      durationMs: 2,
      spans: [],
    };
    await expectIndexed(() => store.saveTrace(trace));
    await expectIndexed(() => store.saveTrace({ ...trace, durationMs: 3 }));
    await expectIndexed(() =>
      store.appendRecords({
        history: [query({}), query({})],
        traces: [
          { ...trace, id: 't-new-2' },
          { ...trace, durationMs: 4 },
        ],
      }),
    );
    await expectIndexed(() => store.getTrace('t-new'));
  });

  it('approvals: save, latest, claim, renew, finish, the interrupted sweep and the pending count', async () => {
    const operation = {
      id: 'op-new',
      sessionId: 's200',
      userId: 'u',
      connectionId: 'c0',
      question: 'delete',
      sql: 'DELETE FROM t',
      kind: 'write' as const,
      state: 'pending' as const,
      queryEntryId: 'e600',
      createdAt: new Date().toISOString(),
    };
    await expectIndexed(() => store.savePending(operation));
    await expectIndexed(() => store.latestOperation('s200'));
    const lease = { executor: 'replica-b', leaseUntil: new Date(Date.now() + 60_000).toISOString() };
    await expectIndexed(async () => expect(await store.claimPending('s200', 'executing', 'u', lease)).not.toBeNull());
    await expectIndexed(() => store.renewLease('op-new', lease));
    await expectIndexed(() => store.finishExecution('op-new', 'replica-b', { state: 'approved', rowsAffected: 1 }));
    await expectIndexed(() => store.failInterrupted('interrupted', new Date().toISOString()));
    await expectIndexed(() => dataSource.getRepository(PendingOperationEntity).count({ where: { state: 'pending' } }));
  });

  it('pruning: every statement pages through an index', async () => {
    // cutoffs before the seeded rows: the statements run and find nothing to delete
    const now = Date.parse(SEEDED_AT) + 86_400_000;
    const plans = await expectIndexed(() => store.prune({ historyDays: 30, traceDays: 7 }, now, { pauseMs: 0 }));
    expect(plans.flat().join('\n')).toMatch(/ix_history_entry_created/);
    // cutoffs after them: two full pages of history (each DELETE bounded by its page's first and last row), then
    // every decided operation; two full pages of traces
    const later = Date.parse(SEEDED_AT) + 400 * 86_400_000;
    let calls = 0;
    await expectIndexed(() =>
      store.prune({ historyDays: 30, traceDays: 0 }, later, {
        pauseMs: 0,
        batchSize: 5,
        shouldStop: () => ++calls === 3,
      }),
    );
    calls = 0;
    const traces = await expectIndexed(() =>
      store.prune({ historyDays: 0, traceDays: 7 }, later, { pauseMs: 0, batchSize: 5, shouldStop: () => ++calls > 2 }),
    );
    expect(traces.flat().join('\n')).toMatch(/ix_trace_started/);
  });
});
