import {
  NEAR_DUPLICATE_THRESHOLD,
  NearDuplicateIndex,
  connectionCachePrefix,
  normalizeQuestion,
  questionHash,
  questionSimilarity,
  resultCacheKey,
} from './cache';

const parts = {
  connectionId: 'c1',
  sessionId: 's1',
  userId: 'u1',
  question: 'How many customers?',
  modelId: 'm:1',
  schemaVersion: 'v1',
};

describe('cache stage', () => {
  it('normalises case, spaces and trailing punctuation', () => {
    expect(normalizeQuestion('  How   many\tCustomers ?!  ')).toBe('how many customers');
    expect(questionHash('How many customers?')).toBe(questionHash('how  many customers'));
    expect(questionHash('How many customers?')).not.toBe(questionHash('How many orders?'));
  });

  it('builds keys from connection, session, user, question hash, model and schema version', () => {
    const key = resultCacheKey(parts);
    expect(key.startsWith(connectionCachePrefix('c1'))).toBe(true);
    expect(resultCacheKey({ ...parts, question: 'how many customers' })).toBe(key);
    for (const change of [
      { connectionId: 'c2' },
      { sessionId: 's2' },
      { userId: 'u2' },
      { modelId: 'm:2' },
      { schemaVersion: 'v2' },
      { question: 'How many orders?' },
    ]) {
      expect(resultCacheKey({ ...parts, ...change })).not.toBe(key);
    }
  });

  it('escapes ids so that a colon cannot forge another connection or session', () => {
    const a = resultCacheKey({ ...parts, connectionId: 'a:b', sessionId: 'c' });
    const b = resultCacheKey({ ...parts, connectionId: 'a', sessionId: 'b:c' });
    expect(a).not.toBe(b);
    expect(a.startsWith(connectionCachePrefix('a'))).toBe(false);
  });

  it('rates questions that differ only in stop words, plural and punctuation as near-identical', () => {
    expect(questionSimilarity('List all customers', 'Show me the customers?')).toBe(1);
    expect(
      questionSimilarity('How many orders were shipped in 2023?', 'how many orders shipped in 2023'),
    ).toBeGreaterThanOrEqual(NEAR_DUPLICATE_THRESHOLD);
  });

  it('keeps questions with a different content word, number or literal apart', () => {
    expect(questionSimilarity('customers in France', 'customers in Spain')).toBeLessThan(NEAR_DUPLICATE_THRESHOLD);
    expect(questionSimilarity('top 5 products by revenue', 'top 10 products by revenue')).toBe(0);
    expect(questionSimilarity("customers named 'Ann'", "customers named 'Bob'")).toBe(0);
    expect(questionSimilarity('orders before 2020', 'orders after 2020')).toBeLessThan(NEAR_DUPLICATE_THRESHOLD);
    expect(questionSimilarity('the', 'a')).toBe(0);
  });

  describe('NearDuplicateIndex', () => {
    let now = 1_000_000;
    const index = () => new NearDuplicateIndex({ ttlSeconds: 300, clock: () => now });
    const scope = { connectionId: 'c1', sessionId: 's1', userId: 'u1' };
    const remembered = {
      question: 'List all customers',
      sql: 'SELECT * FROM customers',
      modelId: 'm:1',
      schemaVersion: 'v1',
    };

    it('finds a near-identical question of the same scope, model and schema version', () => {
      const idx = index();
      idx.remember(scope, remembered);
      expect(idx.find(scope, 'show me the customers', 'm:1', 'v1')?.sql).toBe('SELECT * FROM customers');
    });

    it('never crosses connection, session or user, model or schema version', () => {
      const idx = index();
      idx.remember(scope, remembered);
      expect(idx.find({ ...scope, connectionId: 'c2' }, 'show me the customers', 'm:1', 'v1')).toBeNull();
      expect(idx.find({ ...scope, sessionId: 's2' }, 'show me the customers', 'm:1', 'v1')).toBeNull();
      expect(idx.find({ ...scope, userId: 'u2' }, 'show me the customers', 'm:1', 'v1')).toBeNull();
      expect(idx.find(scope, 'show me the customers', 'm:2', 'v1')).toBeNull();
      expect(idx.find(scope, 'show me the customers', 'm:1', 'v2')).toBeNull();
      expect(idx.find(scope, 'show me the orders', 'm:1', 'v1')).toBeNull();
    });

    it('forgets entries after the TTL and on clear(connection)', () => {
      const idx = index();
      idx.remember(scope, remembered);
      now += 301_000;
      expect(idx.find(scope, 'show me the customers', 'm:1', 'v1')).toBeNull();
      idx.remember(scope, remembered);
      idx.clear('c1');
      expect(idx.find(scope, 'show me the customers', 'm:1', 'v1')).toBeNull();
    });
  });
});

describe('business definitions in the cache key', () => {
  it('a matched definition with another version is another key and another reuse scope', () => {
    const parts = {
      connectionId: 'c',
      sessionId: 's',
      userId: 'u',
      question: 'total revenue',
      modelId: 'm',
      schemaVersion: 'v',
    };
    const v1 = resultCacheKey({ ...parts, knowledge: 'rev@1' });
    expect(v1).not.toBe(resultCacheKey(parts));
    expect(v1).not.toBe(resultCacheKey({ ...parts, knowledge: 'rev@2' }));
    const index = new NearDuplicateIndex({ ttlSeconds: 300 });
    const scope = { connectionId: 'c', sessionId: 's', userId: 'u', knowledge: 'rev@1' };
    index.remember(scope, { question: 'total revenue', sql: 'SELECT 1', modelId: 'm', schemaVersion: 'v' });
    expect(index.find(scope, 'the total revenue', 'm', 'v')).not.toBeNull();
    expect(index.find({ ...scope, knowledge: 'rev@2' }, 'the total revenue', 'm', 'v')).toBeNull();
  });
});
