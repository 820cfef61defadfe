import type { HistoryEntry } from '@nlq/contracts';
import type { PendingOperation } from '../ports';
import { historyEntry } from '../stages/record';
import { InMemoryStateStore } from './in-memory-state-store';

const query = (fields: Partial<HistoryEntry>): HistoryEntry =>
  historyEntry(
    { kind: 'query', session_id: 's1', user_id: 'u1', status: 'ok', connection_id: 'c1', ...fields },
    Date.now(),
  );
const feedback = (ref: HistoryEntry, signal: string): HistoryEntry =>
  historyEntry(
    { kind: 'feedback', session_id: ref.session_id, user_id: 'u1', status: 'ok', signal, ref_id: ref.id },
    Date.now(),
  );
const op = (id: string, sessionId = 's1'): PendingOperation => ({
  id,
  sessionId,
  userId: 'u1',
  connectionId: 'c1',
  question: 'delete old rows',
  sql: 'DELETE FROM t',
  kind: 'write',
  state: 'pending',
  queryEntryId: 'q',
  createdAt: new Date().toISOString(),
});

describe('InMemoryStateStore', () => {
  it('lists a session history oldest first, as copies', async () => {
    const store = new InMemoryStateStore();
    const a = query({ question: 'a' });
    await store.appendHistory(a);
    await store.appendHistory(query({ question: 'b', session_id: 's2' }));
    await store.appendHistory(query({ question: 'c' }));
    const list = await store.listHistory('s1');
    expect(list.map((e) => e.question)).toEqual(['a', 'c']);
    list[0].question = 'changed';
    expect((await store.listHistory('s1'))[0].question).toBe('a');
  });

  it('offers positively rated successful queries of the connection as examples, newest first', async () => {
    const store = new InMemoryStateStore();
    const q1 = query({ question: 'q1', sql: 'SELECT 1' });
    const q2 = query({ question: 'q2', sql: 'SELECT 2' });
    const q3 = query({ question: 'q3', sql: 'SELECT 3', connection_id: 'c2' });
    const q4 = query({ question: 'q4', sql: 'SELECT 4', status: 'error' });
    const q5 = query({ question: 'q5', sql: 'SELECT 5' });
    for (const e of [q1, q2, q3, q4, q5]) await store.appendHistory(e);
    for (const e of [q1, q2, q3, q4]) await store.appendHistory(feedback(e, 'positive'));
    await store.appendHistory(feedback(q5, 'positive'));
    await store.appendHistory(feedback(q5, 'negative'));
    expect(await store.listPositiveExamples('c1', 3)).toEqual([
      { question: 'q2', sql: 'SELECT 2' },
      { question: 'q1', sql: 'SELECT 1' },
    ]);
    expect(await store.listPositiveExamples('c1', 1)).toHaveLength(1);
  });

  it('supersedes an older pending operation and lets exactly one concurrent claim win', async () => {
    const store = new InMemoryStateStore();
    await store.savePending(op('o1'));
    await store.savePending(op('o2'));
    expect((await store.listOperations('s1')).map((o) => o.state)).toEqual(['superseded', 'pending']);
    const [a, b] = await Promise.all([
      store.claimPending('s1', 'approved', 'u1'),
      store.claimPending('s1', 'rejected', 'u2'),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(a?.id).toBe('o2');
    expect(a).toMatchObject({ state: 'approved', decidedBy: 'u1' });
    expect(await store.claimPending('s1', 'approved', 'u1')).toBeNull();
    expect((await store.latestOperation('s1'))?.state).toBe('approved');
    expect(await store.latestOperation('nobody')).toBeNull();
  });

  it('keeps the impact preview of a pending operation (estimatedRows) through save, read and claim', async () => {
    const store = new InMemoryStateStore();
    await store.savePending({ ...op('o1', 'impact'), estimatedRows: 7 });
    expect(await store.latestOperation('impact')).toMatchObject({ estimatedRows: 7 });
    expect(await store.claimPending('impact', 'approved', 'u1')).toMatchObject({ estimatedRows: 7, state: 'approved' });
    await store.savePending({ ...op('o2', 'ddl'), kind: 'ddl', estimatedRows: null });
    expect((await store.latestOperation('ddl'))?.estimatedRows).toBeNull();
  });

  it('runs an approval as executing under a lease, ends it once, and fails interrupted runs so they may be approved again', async () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const store = new InMemoryStateStore(() => now);
    const lease = (executor: string, ms = 1000) => ({ executor, leaseUntil: new Date(now + ms).toISOString() });
    await store.savePending(op('o1'));
    const running = await store.claimPending('s1', 'executing', 'u1', lease('a'));
    expect(running).toMatchObject({ state: 'executing', executor: 'a' });
    expect(await store.claimPending('s1', 'executing', 'u2', lease('b'))).toBeNull(); // at most one run
    expect(await store.renewLease('o1', lease('b'))).toBe(false);
    expect(await store.renewLease('o1', lease('a', 5000))).toBe(true);
    now += 2000;
    expect(await store.failInterrupted('gone', new Date(now).toISOString())).toEqual([]); // lease renewed
    expect(await store.failInterrupted('gone', new Date(now).toISOString(), 'a')).toMatchObject([
      { id: 'o1', state: 'failed', error: 'gone' },
    ]);
    expect(await store.finishExecution('o1', 'a', { state: 'failed', error: 'late' })).toBeNull();
    expect(await store.claimPending('s1', 'executing', 'u1', lease('b'))).toMatchObject({
      state: 'executing',
      executor: 'b',
      error: null,
    });
    now += 5000;
    expect(await store.failInterrupted('expired', new Date(now).toISOString())).toMatchObject([
      { state: 'failed', error: 'expired' },
    ]);
    // a run that committed after another replica declared it interrupted keeps its outcome: it cannot run again
    expect(await store.finishExecution('o1', 'b', { state: 'approved', rowsAffected: 3 })).toMatchObject({
      state: 'approved',
      rowsAffected: 3,
    });
    expect(await store.claimPending('s1', 'executing', 'u1', lease('a'))).toBeNull();
  });
});
