/**
 * RedisResultCache and the Redis connection helper against the real Redis on 127.0.0.1:6379: JSON round trip, TTL
 * through SET EX (a 1 s entry is gone after expiry), clear(prefix) by SCAN + UNLINK with glob characters taken
 * literally, the start-up failure on an unreachable Redis, and REDIS_URL validation. Every key lives under a
 * namespace unique to this run, removed afterwards. Skips with a printed reason when Redis is unreachable.
 */
import type { CachedAnswer } from '@nlq/pipeline';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { AppConfig, ConfigValidationError } from '../config/app-config';
import { closeRedis, connectRedis, redactRedisUrl, RedisUnavailableError } from './redis-connection';
import { globEscape, RedisResultCache } from './redis-result-cache';
import { describeWith } from '@nlq/test-services';

const REDIS = 'redis://127.0.0.1:6379';

function answer(question: string, rows: unknown[][] = [[42]]): CachedAnswer {
  return {
    question,
    sql: 'SELECT COUNT(*) AS n FROM customers',
    response: 'There are 42 customers.',
    kind: 'read',
    result: { columns: ['n'], rows, rowCount: rows.length, truncated: false, durationMs: 3 },
    modelId: 'offline:1',
    schemaVersion: 'v1',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A TCP port on 127.0.0.1 where nothing listens (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describeWith('redis')('RedisResultCache (real Redis)', () => {
  const namespace = `nlq:test:${randomUUID()}:cache:`;
  let redis: Redis | null = null;
  let cache: RedisResultCache;

  beforeAll(async () => {
    try {
      redis = await connectRedis(REDIS, { name: 'cache-test', timeoutMs: 2000 });
      cache = new RedisResultCache(redis, { namespace });
    } catch (error) {
      console.warn(`Skipping the RedisResultCache tests: ${REDIS} unreachable (${(error as Error).message})`);
    }
  });
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${globEscape(namespace)}*`);
    if (keys.length > 0) await redis.unlink(...keys);
    await closeRedis(redis);
  });

  it('stores JSON under the namespace with an expiry and reads it back', async () => {
    if (!redis) return;
    const value = answer('How many customers are there?', [[1, 'a', null]]);
    await cache.set('nlq:default:s1:u1:hash', value, 300);
    expect(await cache.get('nlq:default:s1:u1:hash')).toEqual(value);
    expect(JSON.parse((await redis.get(`${namespace}nlq:default:s1:u1:hash`)) as string)).toEqual(value);
    const ttl = await redis.ttl(`${namespace}nlq:default:s1:u1:hash`);
    expect(ttl).toBeGreaterThan(295);
    expect(ttl).toBeLessThanOrEqual(300);
    expect(await cache.get('nlq:default:s1:u1:other')).toBeUndefined();
  });

  it('honours the TTL: a 1 s entry is gone after it expires', async () => {
    if (!redis) return;
    await cache.set('ttl:short', answer('short'), 1);
    await cache.set('ttl:long', answer('long'), 60);
    expect(await cache.get('ttl:short')).toEqual(answer('short'));
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await cache.get('ttl:short')).toBeUndefined();
    expect(await redis.exists(`${namespace}ttl:short`)).toBe(0);
    expect(await cache.get('ttl:long')).toEqual(answer('long'));
  });

  it('stores nothing for a TTL of zero or less, and rounds a fractional TTL up to whole seconds', async () => {
    if (!redis) return;
    await cache.set('ttl:zero', answer('zero'), 0);
    await cache.set('ttl:negative', answer('negative'), -5);
    expect(await redis.exists(`${namespace}ttl:zero`, `${namespace}ttl:negative`)).toBe(0);
    await cache.set('ttl:fraction', answer('fraction'), 0.2);
    expect(await redis.ttl(`${namespace}ttl:fraction`)).toBe(1);
  });

  it('reads a value that is not JSON as absent', async () => {
    if (!redis) return;
    await redis.set(`${namespace}broken`, '{not json', 'EX', 60);
    expect(await cache.get('broken')).toBeUndefined();
  });

  it("clear(prefix) deletes exactly the prefix's keys, glob characters taken literally; clear() the namespace only", async () => {
    if (!redis) return;
    const keys = ['nlq:a*b:s1:q1', 'nlq:a*b:s2:q2', 'nlq:aXb:s1:q1', 'nlq:a[b]:s1', 'nlq:ab:s1', 'other:key'];
    for (const [i, key] of keys.entries()) await cache.set(key, answer(`q${i}`), 60);
    // 600 more keys under one prefix: clear walks several SCAN steps and UNLINK batches
    for (let i = 0; i < 600; i += 100) {
      const pipeline = redis.pipeline();
      for (let j = i; j < i + 100; j += 1)
        pipeline.set(`${namespace}nlq:many:${j}`, JSON.stringify(answer(`m${j}`)), 'EX', 60);
      await pipeline.exec();
    }
    const outsider = `${namespace.replace(/cache:$/, 'other:')}nlq:a*b:s1:q1`;
    await redis.set(outsider, 'kept', 'EX', 60);

    await cache.clear('nlq:a*b:');
    expect(await cache.get('nlq:a*b:s1:q1')).toBeUndefined();
    expect(await cache.get('nlq:a*b:s2:q2')).toBeUndefined();
    expect(await cache.get('nlq:aXb:s1:q1')).toEqual(answer('q2'));
    await cache.clear('nlq:a[b]:');
    expect(await cache.get('nlq:a[b]:s1')).toBeUndefined();
    expect(await cache.get('nlq:ab:s1')).toEqual(answer('q4'));

    await cache.clear('nlq:many:');
    expect(await redis.keys(`${globEscape(namespace)}nlq:many:*`)).toEqual([]);
    expect(await cache.get('other:key')).toEqual(answer('q5'));

    await cache.clear();
    expect(await redis.keys(`${globEscape(namespace)}*`)).toEqual([]);
    expect(await redis.get(outsider)).toBe('kept');
    await redis.unlink(outsider);
  });
});

describe('Redis connection at start', () => {
  it('retries until the timeout, then fails with RedisUnavailableError naming REDIS_URL, the redacted URL and the reason', async () => {
    const port = await closedPort();
    const started = Date.now();
    const failure = connectRedis(`redis://:s3cret@127.0.0.1:${port}/0`, { name: 'unreachable', timeoutMs: 1000 });
    await expect(failure).rejects.toThrow(RedisUnavailableError);
    const error = (await failure.catch((e: unknown) => e)) as RedisUnavailableError;
    expect(error.message).toMatch(
      new RegExp(
        `^REDIS_URL: cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}/0 within 1 s \\(.*ECONNREFUSED.*\\)$`,
      ),
    );
    expect(error.message).not.toContain('s3cret');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('redacts only the password of a URL', () => {
    expect(redactRedisUrl('rediss://user:pw@cache.example:6380/2')).toBe('rediss://user:***@cache.example:6380/2');
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactRedisUrl('not a url')).toBe('<invalid URL>');
  });

  it('accepts redis:// and rediss:// in REDIS_URL, null when unset, and refuses anything else', () => {
    expect(AppConfig.fromEnv({ REDIS_URL: 'redis://127.0.0.1:6379/1' }).redisUrl).toBe('redis://127.0.0.1:6379/1');
    expect(AppConfig.fromEnv({ REDIS_URL: 'rediss://:pw@cache:6380' }).redisUrl).toBe('rediss://:pw@cache:6380');
    expect(AppConfig.fromEnv({ REDIS_URL: '  ' }).redisUrl).toBeNull();
    expect(AppConfig.fromEnv({}).redisUrl).toBeNull();
    for (const bad of ['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://']) {
      expect(() => AppConfig.fromEnv({ REDIS_URL: bad })).toThrow(ConfigValidationError);
      expect(() => AppConfig.fromEnv({ REDIS_URL: bad })).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    }
  });
});
