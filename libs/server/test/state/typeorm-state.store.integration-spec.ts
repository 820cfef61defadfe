import type { HistoryEntry, Trace } from '@nlq/contracts';
import { historyEntry, type PendingOperation } from '@nlq/pipeline';
import { TypeOrmStateStore } from '../../src/platform/state/typeorm-state.store';
import { PendingOperationEntity } from '../../src/platform/state/entities/pending-operation.entity';
import { describeEachWith } from '@nlq/test-services';
import { STATE_ENGINES, type OpenedState, type StateEngine } from '../../src/testing/state-engines';

function entry(overrides: Partial<HistoryEntry>): HistoryEntry {
  return historyEntry(
    {
      kind: 'query',
      session_id: 's1',
      user_id: 's1',
      question: 'How many customers are there?',
      sql: 'SELECT COUNT(*) FROM customers',
      answer: 'There are 3 customers.',
      status: 'ok',
      row_count: 1,
      connection_id: 'default',
      ...overrides,
    },
    Date.UTC(2025, 0, 1),
  );
}

function operation(overrides: Partial<PendingOperation>): PendingOperation {
  return {
    id: `op-${Math.random().toString(36).slice(2)}`,
    sessionId: 'admin',
    userId: 'admin',
    connectionId: 'default',
    question: 'delete cancelled orders',
    sql: "DELETE FROM orders WHERE status = 'cancelled'",
    kind: 'write',
    state: 'pending',
    queryEntryId: 'q1',
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

describeEachWith(STATE_ENGINES, (engine) => engine.services)('TypeOrmStateStore on $name', (engine: StateEngine) => {
  let handle: OpenedState | undefined;
  let store: TypeOrmStateStore;

  beforeAll(async () => {
    handle = await engine.open();
    if (handle) store = new TypeOrmStateStore(handle.dataSource);
  });
  afterAll(async () => {
    await handle?.cleanup();
  });

  it('keeps a session history in insertion order, even with equal timestamps, and round-trips every field', async () => {
    if (!handle) return;
    const first = entry({
      session_id: 'order',
      question: 'first',
      created_at: '2025-01-01T00:00:00.000Z',
      rlhf_signal: 'positive',
    });
    const second = entry({
      session_id: 'order',
      kind: 'feedback',
      question: null,
      sql: null,
      answer: null,
      signal: 'negative',
      ref_id: first.id,
      created_at: first.created_at,
    });
    await store.appendHistory(first);
    await store.appendHistory(second);
    await store.appendHistory(entry({ session_id: 'other' }));
    const history = await store.listHistory('order');
    expect(history).toEqual([first, second]);
    expect(await store.listHistory('nobody')).toEqual([]);
  });

  it('lists positively rated successful reads of the connection, newest feedback first, by latest rating', async () => {
    if (!handle) return;
    const liked = entry({
      session_id: 'ex',
      question: 'How many products?',
      sql: 'SELECT COUNT(*) FROM products',
      connection_id: 'c1',
    });
    const flipped = entry({
      session_id: 'ex',
      question: 'List countries',
      sql: 'SELECT name FROM countries',
      connection_id: 'c1',
    });
    const failed = entry({
      session_id: 'ex',
      question: 'bad',
      sql: 'SELECT nope',
      status: 'error',
      connection_id: 'c1',
    });
    const elsewhere = entry({ session_id: 'ex', question: 'Other db', sql: 'SELECT 1', connection_id: 'c2' });
    const likedLater = entry({
      session_id: 'ex',
      question: 'Total payments',
      sql: 'SELECT SUM(amount) FROM payments',
      connection_id: 'c1',
    });
    for (const e of [liked, flipped, failed, elsewhere, likedLater]) await store.appendHistory(e);
    const feedback = (ref: HistoryEntry, signal: string) =>
      entry({
        session_id: 'ex',
        kind: 'feedback',
        question: null,
        sql: null,
        answer: null,
        signal,
        ref_id: ref.id,
        connection_id: ref.connection_id,
      });
    await store.appendHistory(feedback(liked, 'positive'));
    await store.appendHistory(feedback(flipped, 'positive'));
    await store.appendHistory(feedback(failed, 'positive'));
    await store.appendHistory(feedback(elsewhere, 'positive'));
    await store.appendHistory(feedback(flipped, 'negative'));
    await store.appendHistory(feedback(likedLater, 'positive'));
    expect(await store.listPositiveExamples('c1', 5)).toEqual([
      { question: 'Total payments', sql: 'SELECT SUM(amount) FROM payments' },
      { question: 'How many products?', sql: 'SELECT COUNT(*) FROM products' },
    ]);
    expect(await store.listPositiveExamples('c1', 1)).toHaveLength(1);
    expect(await store.listPositiveExamples('c2', 5)).toEqual([{ question: 'Other db', sql: 'SELECT 1' }]);
  });

  it("reuses few-shot examples until feedback is written through it; another replica's feedback shows after the TTL", async () => {
    if (!handle) return;
    const cached = new TypeOrmStateStore(handle.dataSource, { examplesTtlMs: 3_600_000 });
    const otherReplica = new TypeOrmStateStore(handle.dataSource, { examplesTtlMs: 0 });
    const rate = async (via: TypeOrmStateStore, question: string) => {
      const query = entry({ session_id: 'cache', question, sql: `SELECT '${question}'`, connection_id: 'cached' });
      await via.appendHistory(query);
      await via.appendRecords({
        history: [
          entry({
            session_id: 'cache',
            kind: 'feedback',
            signal: 'positive',
            ref_id: query.id,
            connection_id: 'cached',
          }),
        ],
        traces: [],
      });
    };
    expect(await cached.listPositiveExamples('cached', 5)).toEqual([]);
    await rate(otherReplica, 'first');
    expect(await otherReplica.listPositiveExamples('cached', 5)).toHaveLength(1);
    expect(await cached.listPositiveExamples('cached', 5)).toEqual([]); // within the TTL: what it read before
    await rate(cached, 'second');
    expect((await cached.listPositiveExamples('cached', 5)).map((e) => e.question)).toEqual(['second', 'first']);
  });

  it('supersedes the older pending operation of a session and claims the newest exactly once', async () => {
    if (!handle) return;
    const older = operation({ sessionId: 'sup', createdAt: '2025-01-01T00:00:00.000Z' });
    const newer = operation({ sessionId: 'sup', createdAt: '2025-01-01T00:00:01.000Z', sql: 'DELETE FROM payments' });
    await store.savePending(older);
    await store.savePending(newer);
    expect((await store.latestOperation('sup'))?.id).toBe(newer.id);
    const claimed = await store.claimPending('sup', 'approved', 'sup');
    expect(claimed).toMatchObject({ id: newer.id, state: 'approved', decidedBy: 'sup', sql: 'DELETE FROM payments' });
    expect(claimed?.decidedAt).toEqual(expect.any(String));
    expect(await store.claimPending('sup', 'approved', 'sup')).toBeNull();
    expect(await store.claimPending('sup', 'rejected', 'sup')).toBeNull();
    expect((await store.latestOperation('sup'))?.state).toBe('approved');
    expect(await store.latestOperation('none')).toBeNull();
  });

  it('persists the impact preview of a pending operation and its history entry (estimatedRows, estimated_rows)', async () => {
    if (!handle) return;
    const counted = operation({ sessionId: 'impact', estimatedRows: 7 });
    await store.savePending(counted);
    expect(await store.latestOperation('impact')).toMatchObject({ id: counted.id, estimatedRows: 7 });
    expect(await store.claimPending('impact', 'rejected', 'impact')).toMatchObject({ estimatedRows: 7 });
    await store.savePending(operation({ sessionId: 'impact-none', estimatedRows: null }));
    expect((await store.latestOperation('impact-none'))?.estimatedRows).toBeNull();
    const held = entry({
      session_id: 'impact',
      status: 'pending_approval',
      answer: 'This SQL would delete 7 rows, so it was not run',
      row_count: null,
      estimated_rows: 7,
    });
    await store.appendHistory(held);
    expect(await store.listHistory('impact')).toEqual([held]);
  });

  it('supersedes an older pending operation that a concurrent save left pending when the newest is decided', async () => {
    if (!handle) return;
    // Emulate the race: both rows were inserted as pending because neither save saw the other's insert.
    const older = operation({ sessionId: 'raced', createdAt: '2025-01-01T00:00:00.000Z', sql: 'DELETE FROM orders' });
    const newer = operation({ sessionId: 'raced', createdAt: '2025-01-01T00:00:01.000Z', sql: 'DELETE FROM payments' });
    await handle.dataSource.getRepository(PendingOperationEntity).insert([older, newer]);
    expect(await store.claimPending('raced', 'rejected', 'raced')).toMatchObject({ id: newer.id, state: 'rejected' });
    expect(await store.claimPending('raced', 'approved', 'raced')).toBeNull();
    const states = await handle.dataSource
      .getRepository(PendingOperationEntity)
      .find({ where: { sessionId: 'raced' } });
    expect(Object.fromEntries(states.map((r) => [r.id, r.state]))).toEqual({
      [older.id]: 'superseded',
      [newer.id]: 'rejected',
    });
  });

  it('lets exactly one of many concurrent claims win', async () => {
    if (!handle) return;
    for (let round = 0; round < 5; round++) {
      const sessionId = `race-${round}`;
      await store.savePending(operation({ sessionId }));
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.claimPending(sessionId, i % 2 === 0 ? 'approved' : 'rejected', `u${i}`),
        ),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    }
  });

  it('runs an approval as executing under a lease, ends it once, and fails interrupted runs so they may be approved again', async () => {
    if (!handle) return;
    const op = operation({ sessionId: 'lease' });
    await store.savePending(op);
    const lease = (executor: string, until: string) => ({ executor, leaseUntil: until });
    expect(await store.claimPending('lease', 'executing', 'u1', lease('a', '2030-01-01T00:00:10.000Z'))).toMatchObject({
      state: 'executing',
      executor: 'a',
    });
    expect(await store.claimPending('lease', 'executing', 'u2', lease('b', '2030-01-01T00:00:10.000Z'))).toBeNull();
    expect(await store.renewLease(op.id, lease('b', '2030-01-01T00:01:00.000Z'))).toBe(false);
    expect(await store.renewLease(op.id, lease('a', '2030-01-01T00:01:00.000Z'))).toBe(true);
    expect(await store.failInterrupted('gone', '2030-01-01T00:00:30.000Z')).toEqual([]);
    expect(await store.failInterrupted('gone', '2030-01-01T00:00:30.000Z', 'a')).toMatchObject([
      { id: op.id, state: 'failed', error: 'gone' },
    ]);
    expect(await store.latestOperation('lease')).toMatchObject({ state: 'failed', error: 'gone', leaseUntil: null });
    expect(await store.finishExecution(op.id, 'a', { state: 'failed', error: 'late' })).toBeNull();
    expect(await store.claimPending('lease', 'executing', 'u1', lease('b', '2030-01-01T00:00:10.000Z'))).toMatchObject({
      state: 'executing',
      executor: 'b',
      error: null,
    });
    expect(await store.failInterrupted('expired', '2030-01-01T00:00:20.000Z')).toMatchObject([
      { state: 'failed', error: 'expired' },
    ]);
    // a run that committed after another replica declared it interrupted keeps its outcome: it cannot run again
    expect(await store.finishExecution(op.id, 'b', { state: 'approved', rowsAffected: 3 })).toMatchObject({
      state: 'approved',
      rowsAffected: 3,
    });
    expect(await store.claimPending('lease', 'executing', 'u1', lease('a', '2030-01-01T00:00:10.000Z'))).toBeNull();
  });

  it('saves and reads back a trace with its spans', async () => {
    if (!handle) return;
    const trace: Trace = {
      id: 't-1',
      sessionId: 's1',
      userId: 's1',
      question: 'How many customers are there?',
      sql: 'SELECT COUNT(*) FROM customers',
      status: 'ok',
      startedAt: '2025-01-01T00:00:00.000Z',
      durationMs: 12.5,
      spans: [
        {
          name: 'intake',
          startedAt: '2025-01-01T00:00:00.000Z',
          durationMs: 0.1,
          outcome: 'ok',
          detail: { chars: 29 },
        },
      ],
      error: null,
    };
    await store.saveTrace(trace);
    expect(await store.getTrace('t-1')).toEqual(trace);
    expect(await store.getTrace('missing')).toBeNull();
  });
});
