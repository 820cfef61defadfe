import { Random, WeightedSampler, hash32, weightedPick } from './random';

describe('Random (mulberry32)', () => {
  it('matches the reference mulberry32 sequence for seed 1', () => {
    // Values of the reference function as published in bryc/code PRNGs.md (mulberry32(1)), times 2^32.
    const rng = new Random(1);
    const first = [rng.next(), rng.next(), rng.next()].map((x) => Math.round(x * 4294967296));
    expect(first).toEqual([2693262067, 11749833, 2265367787]);
  });

  it('is reproducible per seed and differs between seeds and labels', () => {
    const draw = (r: Random) => Array.from({ length: 5 }, () => r.next());
    expect(draw(new Random(42))).toEqual(draw(new Random(42)));
    expect(draw(new Random(42))).not.toEqual(draw(new Random(43)));
    expect(hash32(42, 'orders')).not.toBe(hash32(42, 'customers'));
    expect(draw(Random.fork(42, 'orders'))).toEqual(draw(Random.fork(42, 'orders')));
  });

  it('draws integers inside the bounds, both ends reachable', () => {
    const rng = new Random(9);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rng.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('samples by weight: zero weight never, heavy weight most', () => {
    const rng = new Random(5);
    const sampler = new WeightedSampler([0, 1, 9]);
    const counts = [0, 0, 0];
    for (let i = 0; i < 10_000; i++) counts[sampler.draw(rng)]++;
    expect(counts[0]).toBe(0);
    expect(counts[2] / 10_000).toBeGreaterThan(0.87);
    expect(counts[2] / 10_000).toBeLessThan(0.93);
    expect(() => new WeightedSampler([0, 0])).toThrow(RangeError);
    const picks = new Set(
      Array.from({ length: 200 }, () =>
        weightedPick(rng, [
          ['a', 1],
          ['b', 0],
          ['c', 1],
        ] as const),
      ),
    );
    expect([...picks].sort()).toEqual(['a', 'c']);
  });
});
