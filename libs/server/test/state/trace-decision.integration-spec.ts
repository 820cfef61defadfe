import type { Trace } from '@nlq/contracts';
import { historyEntry } from '@nlq/pipeline';
import { describeEachWith } from '@nlq/test-services';
import { STATE_ENGINES, type OpenedState, type StateEngine } from '../../src/testing/state-engines';
import { TypeOrmStateStore } from '../../src/platform/state/typeorm-state.store';

/** TypeOrmStateStore.decideTrace on each state engine: a held write's trace takes its decision. */
describeEachWith(STATE_ENGINES, (engine) => engine.services)('decideTrace on $name', (engine: StateEngine) => {
  let handle: OpenedState;
  let store: TypeOrmStateStore;

  beforeAll(async () => {
    handle = await engine.open();
    store = new TypeOrmStateStore(handle.dataSource);
  });
  afterAll(async () => {
    await handle?.cleanup();
  });

  const trace = (id: string): Trace => ({
    id,
    sessionId: 'ops',
    userId: 'ops',
    question: 'delete reviews with rating 1',
    sql: 'DELETE FROM reviews WHERE rating = 1',
    status: 'pending_approval',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 12,
    spans: [],
    error: null,
  });

  it("sets the status and error of the trace of the held write's question, and only that trace", async () => {
    const held = historyEntry(
      {
        kind: 'query',
        session_id: 'ops',
        user_id: 'ops',
        question: 'delete reviews with rating 1',
        status: 'pending_approval',
        trace_id: 't-held',
      },
      Date.now(),
    );
    const other = historyEntry(
      {
        kind: 'query',
        session_id: 'ops',
        user_id: 'ops',
        question: 'how many reviews?',
        status: 'ok',
        trace_id: 't-other',
      },
      Date.now(),
    );
    await store.appendRecords({
      history: [held, other],
      traces: [trace('t-held'), { ...trace('t-other'), status: 'ok' }],
    });

    await store.decideTrace(held.id, 'failed', 'The approved SQL failed at the database: no such table: reviews');
    expect(await store.getTrace('t-held')).toMatchObject({
      status: 'failed',
      error: 'The approved SQL failed at the database: no such table: reviews',
    });
    await store.decideTrace(held.id, 'approved', null);
    expect(await store.getTrace('t-held')).toMatchObject({ status: 'approved', error: null });
    expect(await store.getTrace('t-other')).toMatchObject({ status: 'ok', error: null });
  });

  it('does nothing for an entry that is gone or has no trace', async () => {
    await expect(store.decideTrace('no-such-entry', 'rejected', null)).resolves.toBeUndefined();
    const untraced = historyEntry(
      { kind: 'query', session_id: 'ops', user_id: 'ops', question: 'x', status: 'pending_approval' },
      Date.now(),
    );
    await store.appendHistory(untraced);
    await expect(store.decideTrace(untraced.id, 'rejected', null)).resolves.toBeUndefined();
  });
});
