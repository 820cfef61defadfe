import { normalizeIP } from '@fastify/rate-limit';
import { ErrorCode } from '@nlq/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { ApiException } from '../common/api.exception';
import { presentedApiKey } from '../auth/presented-key';

/** Key namespace of the failure counters in Redis: `<namespace>ip:<address>` and `<namespace>prefix:<digest>`. */
export const REDIS_AUTH_FAILURE_NAMESPACE = 'nlq:auth-fail:';

/** Characters of a given key that make its "prefix" (as long as the prefix nlq shows for issued keys). */
export const KEY_PREFIX_CHARS = 12;

/** A counter's state: failures in the current window and milliseconds until the window ends (0 when no window). */
export interface FailureCount {
  count: number;
  resetMs: number;
}

/** Fixed-window failure counters, shared by replicas (Redis) or per process (memory). */
export interface FailureStore {
  /** Count one failure under `key`; the window starts with the key's first failure and lasts `windowMs`. */
  hit(key: string, windowMs: number): Promise<FailureCount>;
  /** The key's current count (0 when it has none or its window ended). */
  peek(key: string): Promise<FailureCount>;
}

/** {@link FailureStore} in a Map of one process (REDIS_URL unset); expired windows are dropped when next read. */
export class MemoryFailureStore implements FailureStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<FailureCount> {
    const now = this.clock();
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, counter);
    }
    counter.count++;
    if (this.counters.size > 100_000) this.sweep(now);
    return { count: counter.count, resetMs: counter.resetAt - now };
  }

  async peek(key: string): Promise<FailureCount> {
    const now = this.clock();
    const counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) return { count: 0, resetMs: 0 };
    return { count: counter.count, resetMs: counter.resetAt - now };
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
  }
}

/** INCR, set the window on the first failure, answer count and remaining ms, atomically (one Lua script). */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** {@link FailureStore} in Redis (REDIS_URL): every replica counts into the same keys, so the limit is global. */
export class RedisFailureStore implements FailureStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number): Promise<FailureCount> {
    const [count, ttl] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      REDIS_AUTH_FAILURE_NAMESPACE + key,
      String(windowMs),
    )) as [number, number];
    return { count: Number(count), resetMs: Math.max(0, Number(ttl)) };
  }

  async peek(key: string): Promise<FailureCount> {
    const full = REDIS_AUTH_FAILURE_NAMESPACE + key;
    const [[, value], [, ttl]] = (await this.redis.multi().get(full).pttl(full).exec()) as [
      [unknown, string | null],
      [unknown, number],
    ];
    const count = value === null ? 0 : Number(value);
    return count > 0 && Number(ttl) > 0 ? { count, resetMs: Number(ttl) } : { count: 0, resetMs: 0 };
  }
}

/** What {@link AuthThrottle} needs. */
export interface AuthThrottleSettings {
  /** AUTH_FAILURE_LIMIT: failures per window before 429; 0 turns the throttle off. */
  limit: number;
  /** AUTH_FAILURE_WINDOW_SECONDS. */
  windowSeconds: number;
  /** Where the counters live. */
  store: FailureStore;
  /** Root logger: the audit warning goes to its `component: audit` child. */
  logger: Logger;
}

/** The two counters a request's key counts against: its client address and its key prefix (a digest, never the key). */
export function throttleKeys(ip: string, key: string): { address: string; prefix: string } {
  const prefixDigest = createHash('sha256').update(key.slice(0, KEY_PREFIX_CHARS), 'utf8').digest('hex').slice(0, 32);
  return { address: `ip:${normalizeIP(ip)}`, prefix: `prefix:${prefixDigest}` };
}

/**
 * Failed-authentication throttle (OWASP Authentication Cheat Sheet, "Protect against automated attacks"), shared by
 * the HTTP surfaces ({@link registerAuthThrottle}) and /ws/live: each wrong key counts one failure against the
 * client address (IPv6 grouped by /64) and against the key's first {@link KEY_PREFIX_CHARS} characters; once either
 * counter reaches `limit` within the window (fixed, `windowSeconds` from its first failure), every key from that
 * address, or with that prefix from anywhere, is refused until the window ends, before the key is checked (so the
 * answer never tells a right key from a wrong one). The moment a counter reaches the limit is one audit warning
 * (`audit: "auth.throttled"`). Store errors let requests through (fail open, like the request rate limit).
 */
export class AuthThrottle {
  private readonly audit: Logger;

  constructor(readonly settings: AuthThrottleSettings) {
    this.audit = settings.logger.child({ component: 'audit' });
  }

  /** Whether the throttle is on (AUTH_FAILURE_LIMIT above 0). */
  get enabled(): boolean {
    return this.settings.limit > 0;
  }

  /** Seconds until a key from `ip`, or with `key`'s prefix, is accepted again; null when it is not throttled. */
  async retryAfterSeconds(ip: string, key: string): Promise<number | null> {
    if (!this.enabled) return null;
    const keys = throttleKeys(ip, key);
    const counts = await Promise.all([this.settings.store.peek(keys.address), this.settings.store.peek(keys.prefix)]);
    const blocked = counts.filter((c) => c.count >= this.settings.limit);
    if (blocked.length === 0) return null;
    return Math.max(1, Math.ceil(Math.max(...blocked.map((c) => c.resetMs)) / 1000));
  }

  /** Count one wrong key from `ip`; writes the audit warning when a counter reaches the limit. */
  async recordFailure(ip: string, key: string, context: Record<string, unknown> = {}): Promise<void> {
    if (!this.enabled) return;
    const keys = throttleKeys(ip, key);
    const windowMs = this.settings.windowSeconds * 1000;
    const [address, prefix] = await Promise.all([
      this.settings.store.hit(keys.address, windowMs),
      this.settings.store.hit(keys.prefix, windowMs),
    ]);
    for (const [scope, counter] of [
      ['address', address],
      ['key-prefix', prefix],
    ] as const) {
      if (counter.count !== this.settings.limit) continue;
      this.audit.warn(
        {
          audit: 'auth.throttled',
          scope,
          ip,
          failures: counter.count,
          windowSeconds: this.settings.windowSeconds,
          ...context,
        },
        `audit auth.throttled: ${this.settings.limit} wrong X-API-Key values from ${scope === 'address' ? ip : 'one key prefix'}; keys are refused for up to ${this.settings.windowSeconds} s`,
      );
    }
  }

  /** The 429 RATE_LIMITED answer of a throttled request (Retry-After goes in a header too). */
  tooMany(seconds: number): ApiException {
    return new ApiException(
      429,
      ErrorCode.RATE_LIMITED,
      `Too many failed authentication attempts (at most ${this.settings.limit} wrong X-API-Key values per ${this.settings.windowSeconds} s). Retry in ${seconds} second${seconds === 1 ? '' : 's'} (Retry-After).`,
      { retry_after_seconds: seconds },
    );
  }
}

/**
 * Install {@link AuthThrottle} on both HTTP surfaces as Fastify hooks (Fastify docs, "Hooks"): onRequest answers a
 * throttled request that carries an X-API-Key with 429 RATE_LIMITED, Retry-After (seconds) and
 * `details.retry_after_seconds`; onSend counts every 401 to a request that carried an X-API-Key (before the answer
 * leaves, so a sequential guesser is counted exactly). The client address is `request.ip`, which TRUST_PROXY
 * decides. Requests without a key (the open adapter surface, health probes) are never counted nor refused here; a
 * right key sent from another address with another prefix keeps working. Call before `app.init()`.
 */
export function registerAuthThrottle(fastify: FastifyInstance, throttle: AuthThrottle): void {
  if (!throttle.enabled) return;

  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = givenKey(request);
    if (key === null) return;
    let seconds: number | null;
    try {
      seconds = await throttle.retryAfterSeconds(request.ip, key);
    } catch (error) {
      request.log.warn({ err: error }, 'auth throttle counters unavailable; request let through');
      return;
    }
    if (seconds === null) return;
    void reply.header('Retry-After', String(seconds));
    throw throttle.tooMany(seconds);
  });

  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 401) return payload;
    const key = givenKey(request);
    if (key === null) return payload;
    try {
      await throttle.recordFailure(request.ip, key, { requestId: request.id });
    } catch (error) {
      request.log.warn({ err: error }, 'auth failure not counted: throttle counters unavailable');
    }
    return payload;
  });
}

/** The key of a request (X-API-Key or a bearer token, presentedApiKey), or null when it carries none. */
function givenKey(request: FastifyRequest): string | null {
  return presentedApiKey(request.headers);
}
