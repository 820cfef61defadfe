/**
 * Retention: pruning on real SQLite and PostgreSQL deletes history and traces older than the policy, keeps
 * recent ones, and keeps what is still referenced: rated questions (feedback and the entry it rates), writes
 * awaiting approval (their query entry, their session's traces), undecided operations. Pages smaller than the data, so the
 * batching and the (created_at, seq) cursor are exercised.
 */
import type { DataSource } from 'typeorm';
import { describeEachWith } from '@nlq/test-services';
import { STATE_ENGINES, type StateEngine } from '../../src/testing/state-engines';
import { pruneState } from '../../src/platform/state/state-retention';
import { TypeOrmStateStore } from '../../src/platform/state/typeorm-state.store';

const NOW = Date.parse('2026-06-30T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

/** INSERT of one row given as column -> value, with the engine's placeholders. */
async function insert(ds: DataSource, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  const marks = columns.map((_, i) => (ds.options.type === 'postgres' ? `$${i + 1}` : '?'));
  await ds.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks.join(', ')})`, Object.values(row));
}

/** A history row: id, kind, created_at and what links it (ref_id, trace_id, signal). */
const addEntry = (
  ds: DataSource,
  id: string,
  kind: string,
  createdAt: string,
  extra: { ref?: string; trace?: string; signal?: string } = {},
) =>
  insert(ds, 'history_entry', {
    id,
    kind,
    session_id: `s-${id}`,
    user_id: 'u',
    status: 'ok',
    ref_id: extra.ref ?? null,
    trace_id: extra.trace ?? null,
    signal: extra.signal ?? null,
    created_at: createdAt,
  });

const addTrace = (ds: DataSource, id: string, startedAt: string, sessionId = `s-${id}`) =>
  insert(ds, 'trace', {
    id,
    session_id: sessionId,
    user_id: 'u',
    question: 'q',
    status: 'ok',
    started_at: startedAt,
    duration_ms: 1,
    spans: '[]',
  });

const addOperation = (ds: DataSource, id: string, state: string, queryEntryId: string, createdAt: string) =>
  insert(ds, 'pending_operation', {
    id,
    state,
    query_entry_id: queryEntryId,
    created_at: createdAt,
    session_id: `s-${queryEntryId}`,
    user_id: 'u',
    connection_id: 'default',
    question: 'q',
    sql: 'DELETE FROM t',
    kind: 'delete',
  });

const ids = async (ds: DataSource, table: string, column = 'id'): Promise<string[]> =>
  ((await ds.query(`SELECT ${column} AS id FROM ${table} ORDER BY ${column}`)) as Array<{ id: string }>).map(
    (r) => r.id,
  );

describeEachWith(STATE_ENGINES, (engine) => engine.services)('state retention on $name', (engine: StateEngine) => {
  let ds: DataSource;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dataSource: ds, cleanup } = await engine.open());
  });
  afterAll(() => cleanup());

  it('prunes old history, decided operations and traces; keeps recent rows, rated questions and awaiting writes', async () => {
    // 30 plain old entries (more than a page of 7), and 3 recent ones
    for (let i = 0; i < 30; i++)
      await addEntry(ds, `old-${String(i).padStart(2, '0')}`, 'query', daysAgo(100 + (i % 5)), { trace: `t-old-${i}` });
    for (let i = 0; i < 3; i++) await addEntry(ds, `new-${i}`, 'query', daysAgo(1), { trace: `t-new-${i}` });
    // an old rated question: the query and its (old) feedback stay
    await addEntry(ds, 'rated-q', 'query', daysAgo(200));
    await addEntry(ds, 'rated-f', 'feedback', daysAgo(199), { ref: 'rated-q', signal: 'positive' });
    // an old write awaiting approval: its query entry, operation and trace stay; a failed one likewise
    await addEntry(ds, 'held-q', 'query', daysAgo(150), { trace: 't-held' });
    await addOperation(ds, 'op-pending', 'pending', 'held-q', daysAgo(150));
    await addEntry(ds, 'failed-q', 'query', daysAgo(150));
    await addOperation(ds, 'op-failed', 'failed', 'failed-q', daysAgo(150));
    // old decided operations go, a recent one stays
    await addEntry(ds, 'done-q', 'query', daysAgo(150), { trace: 't-done' });
    await addOperation(ds, 'op-approved', 'approved', 'done-q', daysAgo(150));
    await addOperation(ds, 'op-superseded', 'superseded', 'done-q', daysAgo(149));
    await addOperation(ds, 'op-recent', 'rejected', 'new-0', daysAgo(2));
    for (let i = 0; i < 30; i++) await addTrace(ds, `t-old-${i}`, daysAgo(20 + (i % 3)));
    for (const id of ['t-new-0', 't-new-1', 't-new-2']) await addTrace(ds, id, daysAgo(1));
    await addTrace(ds, 't-held', daysAgo(150), 's-held-q');
    await addTrace(ds, 't-done', daysAgo(150));

    const result = await pruneState(ds, { historyDays: 90, traceDays: 14 }, NOW, { batchSize: 7, pauseMs: 0 });

    expect(result).toEqual({ historyEntries: 31, traces: 31, pendingOperations: 2 });
    expect(await ids(ds, 'history_entry')).toEqual([
      'failed-q',
      'held-q',
      'new-0',
      'new-1',
      'new-2',
      'rated-f',
      'rated-q',
    ]);
    expect(await ids(ds, 'pending_operation')).toEqual(['op-failed', 'op-pending', 'op-recent']);
    expect(await ids(ds, 'trace')).toEqual(['t-held', 't-new-0', 't-new-1', 't-new-2']);

    // a second run finds nothing more; once decided, the held write goes too
    expect(await pruneState(ds, { historyDays: 90, traceDays: 14 }, NOW, { batchSize: 7, pauseMs: 0 })).toEqual({
      historyEntries: 0,
      traces: 0,
      pendingOperations: 0,
    });
    await ds.query(`UPDATE pending_operation SET state = 'rejected' WHERE id = 'op-pending'`);
    expect(await pruneState(ds, { historyDays: 90, traceDays: 14 }, NOW, { batchSize: 7, pauseMs: 0 })).toEqual({
      historyEntries: 1,
      traces: 1,
      pendingOperations: 1,
    });
    expect(await ids(ds, 'history_entry')).not.toContain('held-q');
  });

  it('keeps everything with 0 days, and stops between batches when asked', async () => {
    for (let i = 0; i < 10; i++) await addEntry(ds, `keep-${i}`, 'query', daysAgo(3000));
    expect(await pruneState(ds, { historyDays: 0, traceDays: 0 }, NOW, { pauseMs: 0 })).toEqual({
      historyEntries: 0,
      traces: 0,
      pendingOperations: 0,
    });
    let statements = 0;
    const stopped = await new TypeOrmStateStore(ds).prune({ historyDays: 90, traceDays: 0 }, NOW, {
      batchSize: 2,
      pauseMs: 0,
      shouldStop: () => ++statements > 2,
    });
    expect(stopped.historyEntries).toBe(4);
    const rest = await new TypeOrmStateStore(ds).prune({ historyDays: 90, traceDays: 0 }, NOW, {
      batchSize: 2,
      pauseMs: 0,
    });
    expect(rest.historyEntries).toBe(6);
  });
});
