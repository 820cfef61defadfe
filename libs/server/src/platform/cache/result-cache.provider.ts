import type { FactoryProvider } from '@nestjs/common';
import { InMemoryResultCache, type ResultCache } from '@nlq/pipeline';
import { REDIS_CLIENTS, type RedisClients } from './redis.module';
import { RedisResultCache } from './redis-result-cache';

/** Injection token of the pipeline's ResultCache. */
export const RESULT_CACHE = Symbol('RESULT_CACHE');

/**
 * The result cache (docs/architecture.md "State and scale"): a {@link RedisResultCache} shared by every replica when REDIS_URL
 * is set, else an InMemoryResultCache of this process.
 */
export const resultCacheProvider: FactoryProvider<ResultCache> = {
  provide: RESULT_CACHE,
  inject: [REDIS_CLIENTS],
  useFactory: (redis: RedisClients | null): ResultCache =>
    redis ? new RedisResultCache(redis.commands) : new InMemoryResultCache(),
};
