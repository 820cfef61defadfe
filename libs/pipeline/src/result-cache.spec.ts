import type { CachedAnswer } from './result-cache';
import { InMemoryResultCache } from './result-cache';

const answer = (q: string): CachedAnswer => ({
  question: q,
  sql: 'SELECT 1',
  response: 'one',
  kind: 'read',
  result: { columns: ['a'], rows: [[1]], rowCount: 1, truncated: false, durationMs: 1 },
  modelId: 'm',
  schemaVersion: 'v',
  createdAt: '2024-01-01T00:00:00.000Z',
});

describe('InMemoryResultCache', () => {
  it('returns entries until their TTL has passed (as Redis EX does: live at exactly the TTL, gone after)', async () => {
    let now = 1_700_000_000_000;
    const cache = new InMemoryResultCache({ clock: () => now });
    await cache.set('k', answer('q'), 300);
    now += 300_000;
    expect((await cache.get('k'))?.question).toBe('q');
    now += 1;
    expect(await cache.get('k')).toBeUndefined();
  });

  it('evicts the least recently used entry past maxEntries', async () => {
    const cache = new InMemoryResultCache({ maxEntries: 2 });
    await cache.set('a', answer('a'), 60);
    await cache.set('b', answer('b'), 60);
    await cache.get('a');
    await cache.set('c', answer('c'), 60);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBeDefined();
    expect(await cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('clears by prefix or entirely, and hands out copies', async () => {
    const cache = new InMemoryResultCache();
    await cache.set('x:1', answer('1'), 60);
    await cache.set('y:1', answer('2'), 60);
    const got = await cache.get('x:1');
    got!.result.rows.push([2]);
    expect((await cache.get('x:1'))!.result.rows).toEqual([[1]]);
    await cache.clear('x:');
    expect(await cache.get('x:1')).toBeUndefined();
    expect(await cache.get('y:1')).toBeDefined();
    await cache.clear();
    expect(cache.size).toBe(0);
  });
});
