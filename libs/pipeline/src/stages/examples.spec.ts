import type { VerifiedExample } from '@nlq/contracts';
import { InMemoryStateStore } from '../testing/in-memory-state-store';
import { historyEntry } from './record';
import { loadExamples } from './examples';

const example = (i: number, status: VerifiedExample['status'], connection_id = 'c'): VerifiedExample => ({
  id: `e${i}`,
  connection_id,
  question: `q${i}`,
  sql: `SELECT ${i}`,
  schema_version: 'v1',
  result_fingerprint: { columns: [String(i)], row_count: 1, hash: 'h' },
  status,
  reason: null,
  source_entry_id: null,
  created_at: `2026-01-0${i + 1}T00:00:00.000Z`,
  updated_at: `2026-01-0${i + 1}T00:00:00.000Z`,
});

describe('examples stage', () => {
  it('loads at most three verified examples of the connection, newest change first, with their ids', async () => {
    const store = new InMemoryStateStore();
    for (let i = 0; i < 5; i++) await store.verifiedExamples.insertExample(example(i, 'verified'));
    await store.verifiedExamples.insertExample(example(6, 'candidate'));
    await store.verifiedExamples.insertExample(example(7, 'verified', 'other'));
    const examples = await loadExamples(store, 'c', 'an unrelated question');
    expect(examples).toEqual([
      { id: 'e4', question: 'q4', sql: 'SELECT 4' },
      { id: 'e3', question: 'q3', sql: 'SELECT 3' },
      { id: 'e2', question: 'q2', sql: 'SELECT 2' },
    ]);
    expect(await loadExamples(store, 'nothing', 'q1')).toEqual([]);
  });

  it('prefers the examples sharing the most words with the question, newer first among equals', async () => {
    const store = new InMemoryStateStore();
    const asked = [
      'How many customers are in France?',
      'Total revenue per month',
      'Which products are out of stock?',
      'How many orders were shipped?',
    ];
    for (const [i, question] of asked.entries())
      await store.verifiedExamples.insertExample({ ...example(i, 'verified'), question });
    const examples = await loadExamples(store, 'c', 'how many customers are in Germany', 2);
    expect(examples.map((e) => e.question)).toEqual([
      'How many customers are in France?',
      'How many orders were shipped?',
    ]);
  });

  it('offers no thumbs-up as an example: only verified examples count', async () => {
    const store = new InMemoryStateStore();
    const q = historyEntry(
      {
        kind: 'query',
        session_id: 's',
        user_id: 'u',
        status: 'ok',
        question: 'q',
        sql: 'SELECT 1',
        connection_id: 'c',
      },
      0,
    );
    await store.appendHistory(q);
    await store.appendHistory(
      historyEntry(
        { kind: 'feedback', session_id: 's', user_id: 'u', status: 'ok', signal: 'positive', ref_id: q.id },
        0,
      ),
    );
    expect(await loadExamples(store, 'c', 'q')).toEqual([]);
  });
});
