/**
 * Seeded pseudo-random numbers for the sample database: mulberry32 (Tommy Ettinger's 32-bit generator, public
 * domain, as quoted in https://github.com/bryc/code/blob/master/jshash/PRNGs.md) plus the few distributions the
 * generator needs. Everything is a pure function of the seed, so output is byte-for-byte stable.
 */

/** FNV-1a 32-bit hash of a string, mixed with a numeric seed: used to derive independent sub-streams. */
export function hash32(seed: number, label: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche (murmur3 fmix32) so nearby seeds give unrelated streams.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** A mulberry32 stream. `next()` returns a float in [0, 1) with 32 bits of randomness. */
export class Random {
  private state: number;

  /** @param seed any number; only its low 32 bits (as unsigned) are used. */
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An independent stream for `label`, derived from `seed` (so adding draws in one part never shifts another). */
  static fork(seed: number, label: string): Random {
    return new Random(hash32(seed, label));
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Standard normal draw (Box-Muller). */
  normal(): number {
    const u = 1 - this.next(); // (0, 1]
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Pareto draw with minimum 1 and shape `alpha` (heavier tail for smaller alpha). */
  pareto(alpha: number): number {
    return Math.pow(1 - this.next(), -1 / alpha);
  }

  /** Number of failures before the first success with success probability `p` (mean (1-p)/p). */
  geometric(p: number): number {
    let n = 0;
    while (!this.chance(p)) n++;
    return n;
  }

  /** Fisher-Yates shuffle in place; returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
    return items;
  }
}

/**
 * Draws indexes 0..n-1 with probability proportional to fixed non-negative weights (cumulative sums and binary
 * search: O(log n) a draw). Throws RangeError when no weight is positive.
 */
export class WeightedSampler {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += Math.max(0, weights[i]);
      this.cumulative[i] = sum;
    }
    if (!(sum > 0)) throw new RangeError('WeightedSampler needs at least one positive weight');
    this.total = sum;
  }

  /** One index, drawn with the stream `rng`. */
  draw(rng: Random): number {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Picks a value from `[value, weight]` pairs with probability proportional to weight. */
export function weightedPick<T>(rng: Random, options: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, w] of options) total += w;
  let target = rng.next() * total;
  for (const [value, w] of options) {
    target -= w;
    if (target < 0) return value;
  }
  return options[options.length - 1][0];
}
