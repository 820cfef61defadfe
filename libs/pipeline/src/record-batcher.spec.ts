import type { HistoryEntry, Trace } from '@nlq/contracts';
import { RecordBatcher } from './record-batcher';
import type { StateRecords, StateStore } from './ports';
import { InMemoryStateStore } from './testing/in-memory-state-store';
import { historyEntry } from './stages/record';

const entry = (session: string, question: string): HistoryEntry =>
  historyEntry({ kind: 'query', session_id: session, user_id: 'u', status: 'ok', question }, 0);
const trace = (id: string): Trace => ({
  id,
  sessionId: 's',
  userId: 'u',
  question: 'q',
  sql: null,
  status: 'ok',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  spans: [],
  error: null,
});

/** An in-memory store that counts appendRecords calls and can refuse records whose question is `bad`. */
class CountingStore extends InMemoryStateStore {
  calls: StateRecords[] = [];
  override async appendRecords(records: StateRecords): Promise<void> {
    this.calls.push(records);
    if (records.history.some((e) => e.question === 'bad')) throw new Error('refused');
    await super.appendRecords(records);
  }
}

describe('RecordBatcher', () => {
  it('commits the records of requests that end together in one appendRecords call, and resolves each after it', async () => {
    const store = new CountingStore();
    const batcher = new RecordBatcher(store);
    await Promise.all([1, 2, 3].map((n) => batcher.record([entry('s', `q${n}`)], [trace(`t${n}`)])));
    expect(store.calls).toHaveLength(1);
    expect(store.calls[0].history.map((e) => e.question)).toEqual(['q1', 'q2', 'q3']);
    expect((await store.listHistory('s')).map((e) => e.question)).toEqual(['q1', 'q2', 'q3']);
    expect(await store.getTrace('t2')).toBeDefined();
    expect(batcher.backlog).toBe(0);
  });

  it('resolves a record only once it is stored', async () => {
    const store = new CountingStore();
    const batcher = new RecordBatcher(store);
    let stored = false;
    const done = batcher.record([entry('s', 'q')], []).then(async () => {
      stored = (await store.listHistory('s')).length === 1;
    });
    await done;
    expect(stored).toBe(true);
  });

  it('records arriving while a batch is written go in the next batch', async () => {
    const store = new CountingStore();
    const batcher = new RecordBatcher(store);
    const first = batcher.record([entry('s', 'a')]);
    await new Promise((r) => setImmediate(r)); // the first batch is being written
    const second = Promise.all([batcher.record([entry('s', 'b')]), batcher.record([entry('s', 'c')])]);
    await Promise.all([first, second]);
    expect(store.calls.map((c) => c.history.map((e) => e.question))).toEqual([['a'], ['b', 'c']]);
  });

  it('a refused batch is retried request by request: only the bad record fails', async () => {
    const store = new CountingStore();
    const batcher = new RecordBatcher(store);
    const results = await Promise.allSettled([
      batcher.record([entry('s', 'good1')]),
      batcher.record([entry('s', 'bad')]),
      batcher.record([entry('s', 'good2')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.listHistory('s')).map((e) => e.question).sort()).toEqual(['good1', 'good2']);
  });

  it('without appendRecords, appendHistory and saveTrace store each record', async () => {
    const inner = new InMemoryStateStore();
    const store: StateStore = {
      ...Object.fromEntries(
        Object.getOwnPropertyNames(InMemoryStateStore.prototype).map((k) => [
          k,
          (inner as unknown as Record<string, unknown>)[k],
        ]),
      ),
      appendHistory: (e: HistoryEntry) => inner.appendHistory(e),
      saveTrace: (t: Trace) => inner.saveTrace(t),
    } as unknown as StateStore;
    delete (store as Partial<StateStore>).appendRecords;
    const batcher = new RecordBatcher(store);
    await Promise.all([batcher.record([entry('s', 'x')], [trace('tx')]), batcher.record([entry('s', 'y')])]);
    expect((await inner.listHistory('s')).map((e) => e.question)).toEqual(['x', 'y']);
    expect(await inner.getTrace('tx')).toBeDefined();
  });

  it('flush resolves once everything queued is committed', async () => {
    const store = new CountingStore();
    const batcher = new RecordBatcher(store);
    void batcher.record([entry('s', 'a')]);
    void batcher.record([entry('s', 'b')]);
    await batcher.flush();
    expect(await store.listHistory('s')).toHaveLength(2);
    await batcher.flush(); // idle: resolves at once
  });

  it('listHistory with newest returns only the newest entries, oldest first', async () => {
    const store = new InMemoryStateStore();
    for (const q of ['a', 'b', 'c', 'd']) await store.appendHistory(entry('s', q));
    expect((await store.listHistory('s', { newest: 2 })).map((e) => e.question)).toEqual(['c', 'd']);
    expect(await store.listHistory('s')).toHaveLength(4);
  });
});
