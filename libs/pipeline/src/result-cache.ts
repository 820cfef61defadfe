import type { AnswerWarning, ReadResult, SqlKind } from '@nlq/contracts';
import { LRUCache } from 'lru-cache';

/** One cached answer of a successful read (docs/architecture.md step 2). Plain data: survives JSON (Redis). */
export interface CachedAnswer {
  question: string;
  sql: string;
  response: string;
  kind: SqlKind;
  result: ReadResult;
  /** Model id that wrote SQL and answer, e.g. `offline:1`. */
  modelId: string;
  schemaVersion: string;
  /** ISO-8601 time the answer was produced. */
  createdAt: string;
  /** What the SQL computed, in plain English (stages/reading); absent in entries cached by older versions. */
  reading?: string | null;
  /** The answer check's warnings (answer-check/); absent when none or in entries cached before them. */
  warnings?: AnswerWarning[];
}

/**
 * Query-result cache (in process by default, Redis when REDIS_URL is set; the Redis one lives in apps/api).
 * Keys are built by `resultCacheKey` (stages/cache.ts) and start with the connection's prefix so that
 * `clear(connectionCachePrefix(id))` drops one connection's entries.
 */
export interface ResultCache {
  /** The live entry, or undefined when absent or expired. */
  get(key: string): Promise<CachedAnswer | undefined>;
  /** Store `value` for `ttlSeconds` seconds; the cache takes `value` over (the caller does not change it afterwards). */
  set(key: string, value: CachedAnswer, ttlSeconds: number): Promise<void>;
  /** Delete every key starting with `prefix`, or everything when absent. */
  clear(prefix?: string): Promise<void>;
}

/**
 * In-process ResultCache on lru-cache: entries expire after their TTL and, past `maxEntries`, the least recently
 * used entry is evicted. `set` keeps the value it is handed (the pipeline hands over an answer it no longer
 * changes: copying a 124-row answer took 0.17 ms, a few per cent of a cache miss's CPU); `get` hands out copies
 * (structuredClone), so what a reader does with an answer never reaches the cache.
 */
export class InMemoryResultCache implements ResultCache {
  private readonly entries: LRUCache<string, CachedAnswer>;

  /** @param options.maxEntries bound on stored entries (default 1000); options.clock epoch milliseconds. */
  constructor(options: { maxEntries?: number; clock?: () => number } = {}) {
    const clock = options.clock ?? Date.now;
    // ttlResolution 0: the clock is read on every check, so an entry is stale from the moment its TTL has passed
    this.entries = new LRUCache({
      max: Math.max(1, options.maxEntries ?? 1000),
      perf: { now: clock },
      ttlResolution: 0,
    });
  }

  /** Number of entries held (expired ones included until touched). */
  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    const value = this.entries.get(key);
    return value === undefined ? undefined : structuredClone(value);
  }

  async set(key: string, value: CachedAnswer, ttlSeconds: number): Promise<void> {
    if (!(ttlSeconds > 0)) return;
    this.entries.set(key, value, { ttl: ttlSeconds * 1000 });
  }

  async clear(prefix?: string): Promise<void> {
    if (prefix === undefined) {
      this.entries.clear();
      return;
    }
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
