import type { CachedAnswer, ResultCache } from '@nlq/pipeline';
import type { Redis } from 'ioredis';

/** Key namespace of the result cache in Redis; every entry is `<namespace><pipeline key>`. */
export const REDIS_CACHE_NAMESPACE = 'nlq:cache:';
/** Keys fetched per SCAN step and deleted per UNLINK by {@link RedisResultCache.clear}. */
const SCAN_BATCH = 500;

/**
 * ResultCache in Redis, shared by every api replica (docs/architecture.md "State and scale"). Values are the CachedAnswer as
 * JSON under `<namespace><key>`, written with `SET ... EX <ttl>` so Redis expires them; `clear(prefix)` walks the
 * namespace with SCAN MATCH (prefix glob-escaped) and deletes in batches with UNLINK (non-blocking delete).
 * A value that is not valid JSON reads as absent. Redis errors reject (the pipeline treats them as a miss).
 */
export class RedisResultCache implements ResultCache {
  private readonly namespace: string;

  /** @param options.namespace key namespace (default {@link REDIS_CACHE_NAMESPACE}; tests use their own). */
  constructor(
    private readonly redis: Redis,
    options: { namespace?: string } = {},
  ) {
    this.namespace = options.namespace ?? REDIS_CACHE_NAMESPACE;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    const raw = await this.redis.get(this.namespace + key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as CachedAnswer;
    } catch {
      return undefined;
    }
  }

  /** Store for `ttlSeconds` (rounded up to whole seconds, as EX takes); a TTL of 0 or less stores nothing. */
  async set(key: string, value: CachedAnswer, ttlSeconds: number): Promise<void> {
    if (!(ttlSeconds > 0)) return;
    await this.redis.set(this.namespace + key, JSON.stringify(value), 'EX', Math.ceil(ttlSeconds));
  }

  async clear(prefix?: string): Promise<void> {
    const match = `${globEscape(this.namespace + (prefix ?? ''))}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', match, 'COUNT', SCAN_BATCH);
      cursor = next;
      if (keys.length > 0) await this.redis.unlink(...keys);
    } while (cursor !== '0');
  }
}

/** Escape the glob characters of Redis MATCH patterns (`*`, `?`, `[`, `]`, `\`) so `text` matches literally. */
export function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
