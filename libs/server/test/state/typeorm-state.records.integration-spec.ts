import type { HistoryEntry, Trace } from '@nlq/contracts';
import { describeEachWith } from '@nlq/test-services';
import type { DataSource } from 'typeorm';
import { STATE_ENGINES } from '../../src/testing/state-engines';
import { TypeOrmStateStore } from '../../src/platform/state/typeorm-state.store';

const entry = (session: string, question: string, id = `${session}-${question}`): HistoryEntry => ({
  id,
  kind: 'query',
  session_id: session,
  user_id: 'u',
  question,
  sql: 'SELECT 1',
  answer: '1',
  status: 'ok',
  error: null,
  row_count: 1,
  rows_affected: null,
  signal: null,
  rlhf_signal: null,
  trace_id: null,
  ref_id: null,
  connection_id: 'c',
  created_at: new Date().toISOString(),
});
const trace = (id: string, session: string, status: Trace['status'] = 'ok'): Trace => ({
  id,
  sessionId: session,
  userId: 'u',
  question: 'q',
  sql: null,
  status,
  startedAt: new Date().toISOString(),
  durationMs: 3,
  spans: [],
  error: null,
});

describeEachWith(STATE_ENGINES, (e) => e.services)(
  'TypeOrmStateStore records and bounded history ($name)',
  (engine) => {
    let dataSource: DataSource;
    let cleanup: () => Promise<void>;
    let store: TypeOrmStateStore;
    beforeAll(async () => {
      ({ dataSource, cleanup } = await engine.open());
      store = new TypeOrmStateStore(dataSource);
    });
    afterAll(() => cleanup());

    it('appendRecords stores entries in order and traces (replacing a trace of the same id) in one call', async () => {
      await store.saveTrace(trace('t1', 'r', 'error'));
      await store.appendRecords({
        history: [entry('r', 'a'), entry('r', 'b'), entry('r', 'c')],
        traces: [trace('t1', 'r', 'ok'), trace('t2', 'r')],
      });
      expect((await store.listHistory('r')).map((h) => h.question)).toEqual(['a', 'b', 'c']);
      expect((await store.getTrace('t1'))?.status).toBe('ok');
      expect(await store.getTrace('t2')).not.toBeNull();
    });

    it('appendRecords is all or nothing: a duplicate entry id stores none of the batch', async () => {
      await store.appendRecords({ history: [entry('d', 'first', 'dup-1')], traces: [] });
      await expect(
        store.appendRecords({
          history: [entry('d', 'second'), entry('d', 'again', 'dup-1')],
          traces: [trace('t-d', 'd')],
        }),
      ).rejects.toThrow();
      expect((await store.listHistory('d')).map((h) => h.question)).toEqual(['first']);
      expect(await store.getTrace('t-d')).toBeNull();
    });

    it('listHistory newest: only the newest entries, oldest first', async () => {
      await store.appendRecords({ history: ['1', '2', '3', '4', '5'].map((q) => entry('n', q)), traces: [] });
      expect((await store.listHistory('n', { newest: 2 })).map((h) => h.question)).toEqual(['4', '5']);
      expect((await store.listHistory('n', { newest: 50 })).map((h) => h.question)).toEqual(['1', '2', '3', '4', '5']);
    });
  },
);
