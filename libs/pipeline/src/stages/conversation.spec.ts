import type { HistoryEntry } from '@nlq/contracts';
import { conversationFingerprint, conversationWindow, linkingText, resultSummary } from './conversation';
import { historyEntry } from './record';

let clock = 0;
function entry(question: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  clock += 1000;
  return historyEntry(
    {
      id: `e${clock}`,
      kind: 'query',
      session_id: 's',
      user_id: 'u',
      question,
      sql: `SELECT '${question}'`,
      answer: `answer to ${question}`,
      status: 'ok',
      row_count: 1,
      connection_id: 'c1',
      ...overrides,
    },
    clock,
  );
}

const window = (history: HistoryEntry[], question: string, maxTurns = 5, tokenBudget = 10_000) =>
  conversationWindow(history, { connectionId: 'c1', question, maxTurns, tokenBudget });

describe('conversationWindow', () => {
  it('keeps answered reads of the connection, newest last, at most maxTurns', () => {
    const history = [
      entry('How many customers are in France?'),
      entry('failed one', { status: 'error', sql: null }),
      entry('pending write', { status: 'pending_approval' }),
      entry('other connection', { connection_id: 'c2' }),
      entry('Which products are out of stock?'),
      entry('Orders per status'),
    ];
    expect(window(history, 'and in the US?').map((t) => t.question)).toEqual([
      'How many customers are in France?',
      'Which products are out of stock?',
      'Orders per status',
    ]);
    expect(window(history, 'and in the US?', 2).map((t) => t.question)).toEqual([
      'Which products are out of stock?',
      'Orders per status',
    ]);
    expect(window([...history].reverse(), 'and in the US?', 1).map((t) => t.question)).toEqual(['Orders per status']);
    expect(window(history, 'and in the US?', 0)).toEqual([]);
  });

  it('leaves out the question itself, its near-identical restatements and older repeats', () => {
    const history = [
      entry('How many customers are there?'),
      entry('Orders per status'),
      entry('orders per status'),
      entry('how many customers are there'),
    ];
    expect(window(history, 'How many customers are there?').map((t) => t.question)).toEqual(['orders per status']);
    expect(window(history, 'how many customers do we have?').map((t) => t.question)).toEqual(['orders per status']);
  });

  it('stops at the token budget, dropping the oldest turns first', () => {
    const long = 'x'.repeat(400);
    const history = [entry(`old ${long}`), entry(`new ${long}`)];
    expect(window(history, 'q', 5, 300).map((t) => t.question.slice(0, 3))).toEqual(['new']);
    expect(window(history, 'q', 5, 10)).toEqual([]);
  });

  it('summarises a turn in one line with its row count and answer', () => {
    expect(resultSummary({ row_count: 3, answer: 'Three\ncustomers.' })).toBe('3 rows: Three customers.');
    expect(resultSummary({ row_count: 1, answer: null })).toBe('1 row');
    expect(resultSummary({ row_count: 2, answer: 'y'.repeat(400) })).toHaveLength('2 rows: '.length + 160);
  });
});

describe('conversationFingerprint and linkingText', () => {
  it('is empty without turns and differs when the turns differ', () => {
    const a = window([entry('How many customers are in France?')], 'and in the US?');
    const b = window([entry('How many orders are open?')], 'and in the US?');
    expect(conversationFingerprint([])).toBe('');
    expect(conversationFingerprint(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(conversationFingerprint(a)).not.toBe(conversationFingerprint(b));
    expect(linkingText('and in the US?', a)).toBe('How many customers are in France?\nand in the US?');
    expect(linkingText('q', [])).toBe('q');
  });
});
