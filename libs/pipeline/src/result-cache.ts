import type { ReadResult, SqlKind } from '@nlq/contracts';

/** One cached answer of a successful read (DESIGN.md pipeline step 2). Plain data: survives JSON (Redis). */
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
}

/**
 * Query-result cache (in process by default, Redis when REDIS_URL is set; the Redis one lives in apps/api).
 * Keys are built by `resultCacheKey` (stages/cache.ts) and start with the connection's prefix so that
 * `clear(connectionCachePrefix(id))` drops one connection's entries.
 */
export interface ResultCache {
  /** The live entry, or undefined when absent or expired. */
  get(key: string): Promise<CachedAnswer | undefined>;
  /** Store `value` for `ttlSeconds` seconds. */
  set(key: string, value: CachedAnswer, ttlSeconds: number): Promise<void>;
  /** Delete every key starting with `prefix`, or everything when absent. */
  clear(prefix?: string): Promise<void>;
}

/**
 * In-process ResultCache: entries expire after their TTL and, past `maxEntries`, the least recently used entry is
 * evicted (Map insertion order serves as the recency list: `get` re-inserts a key at the end).
 */
export class InMemoryResultCache implements ResultCache {
  private readonly entries = new Map<string, { value: CachedAnswer; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly clock: () => number;

  /** @param options.maxEntries bound on stored entries (default 1000); options.clock epoch milliseconds. */
  constructor(options: { maxEntries?: number; clock?: () => number } = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 1000);
    this.clock = options.clock ?? Date.now;
  }

  /** Number of entries held (expired ones included until touched). */
  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.clock()) return undefined;
    this.entries.set(key, entry);
    return structuredClone(entry.value);
  }

  async set(key: string, value: CachedAnswer, ttlSeconds: number): Promise<void> {
    if (!(ttlSeconds > 0)) return;
    this.entries.delete(key);
    this.entries.set(key, { value: structuredClone(value), expiresAt: this.clock() + ttlSeconds * 1000 });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  async clear(prefix?: string): Promise<void> {
    if (prefix === undefined) {
      this.entries.clear();
      return;
    }
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
