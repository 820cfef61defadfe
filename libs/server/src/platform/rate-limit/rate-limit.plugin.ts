import fastifyRateLimit, { normalizeIP, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@nlq/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { ApiKeyService } from '../auth/api-key.service';
import { ApiException } from '../common/api.exception';
import { presentedApiKey } from '../auth/presented-key';
import { RATE_LIMITED_ROUTE } from './rate-limited.decorator';

/** Length of the rate-limit window, in milliseconds (RATE_LIMIT_PER_MINUTE counts per minute). */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Key namespace of the counters in Redis: `<namespace>user:<id>` or `<namespace>ip:<address>`. */
export const REDIS_RATE_LIMIT_NAMESPACE = 'nlq:rate-limit:';

/** What {@link registerRateLimit} needs. */
export interface RateLimitSettings {
  /** Requests per caller per minute (RATE_LIMIT_PER_MINUTE); 0 registers nothing. */
  perMinute: number;
  /** Identifies the caller of a request from its X-API-Key. */
  keys: Pick<ApiKeyService, 'verify'>;
  /** Shared counters across api replicas (REDIS_URL), or null: counters in process. */
  redis: Redis | null;
}

/**
 * The counter key of a request's caller: `user:<user id>` when X-API-Key (or a bearer token, presentedApiKey) is a valid key (the service key or a
 * user-bound one, identified by ApiKeyService through its SHA-256 digest; the raw key never becomes a counter key),
 * else `ip:<client address>` (IPv6 grouped by /64 subnet as @fastify/rate-limit does by default).
 */
export async function rateLimitKey(request: FastifyRequest, keys: Pick<ApiKeyService, 'verify'>): Promise<string> {
  const given = presentedApiKey(request.headers);
  if (given) {
    const caller = await keys.verify(given);
    if (caller) return `user:${caller.userId}`;
  }
  return `ip:${normalizeIP(request.ip)}`;
}

/**
 * Per-caller rate limiting (docs/architecture.md "Errors": 429) with @fastify/rate-limit on `fastify`: every route marked with
 * {@link RateLimited} (POST /query, /api/chat, approve, reject, feedback) counts against one budget of
 * `perMinute` requests per caller ({@link rateLimitKey}) in a fixed one-minute window; other routes (health, static
 * files, reads) are never counted. The check runs in the route's onRequest hook, before the body is parsed or the
 * key guard runs. Counters live in Redis when `redis` is given (shared by every replica; a Redis error lets the
 * request through), else in process. Answers within the limit carry x-ratelimit-limit/-remaining/-reset; the
 * request over it is an ApiException 429 RATE_LIMITED, so it reaches the one exception filter and is answered as
 * `{ statusCode: 429, code: 'RATE_LIMITED', message, requestId }`, with Retry-After (seconds) set by the plugin.
 *
 * Must run before Nest registers its routes (in createApp, before `app.init()`): routes are hooked as they are added.
 * Does nothing when `perMinute` is 0.
 */
export async function registerRateLimit(fastify: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  if (settings.perMinute <= 0) return;
  const options: RateLimitPluginOptions = {
    global: false,
    max: settings.perMinute,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => rateLimitKey(request, settings.keys),
    errorResponseBuilder: (_request, context) => {
      // the same whole seconds as the Retry-After header the plugin sets (ceil of the window's remaining ms)
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiException(
        429,
        ErrorCode.RATE_LIMITED,
        `Rate limit exceeded: at most ${context.max} requests per minute to this service. Retry in ${seconds} second${seconds === 1 ? '' : 's'} (Retry-After).`,
      );
    },
    ...(settings.redis ? { redis: settings.redis, nameSpace: REDIS_RATE_LIMIT_NAMESPACE, skipOnError: true } : {}),
  };
  await fastify.register(fastifyRateLimit, options);
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if ((route.config as Record<string, unknown> | undefined)?.[RATE_LIMITED_ROUTE] !== true) return;
    // fastify.rateLimit() without options shares the plugin's one store: one budget per caller across the routes
    const limiter = fastify.rateLimit();
    const existing = route.onRequest;
    route.onRequest = [
      ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
      limiter,
    ] as RouteOptions['onRequest'];
  });
}
