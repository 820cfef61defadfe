import { InMemoryStateStore } from '../testing/in-memory-state-store';
import { historyEntry } from './record';
import { loadExamples } from './examples';

describe('examples stage', () => {
  it('loads at most three positively rated pairs of the connection', async () => {
    const store = new InMemoryStateStore();
    for (let i = 0; i < 5; i++) {
      const q = historyEntry({ kind: 'query', session_id: 's', user_id: 'u', status: 'ok', question: `q${i}`, sql: `SELECT ${i}`, connection_id: 'c' }, 0);
      await store.appendHistory(q);
      await store.appendHistory(historyEntry({ kind: 'feedback', session_id: 's', user_id: 'u', status: 'ok', signal: 'positive', ref_id: q.id }, 0));
    }
    const examples = await loadExamples(store, 'c');
    expect(examples.map((e) => e.question)).toEqual(['q4', 'q3', 'q2']);
    expect(await loadExamples(store, 'other')).toEqual([]);
  });
});
