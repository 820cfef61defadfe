import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { closeRedis, connectRedis } from './redis-connection';

/** Injection token of the process's Redis connections ({@link RedisClients}, or null when REDIS_URL is unset). */
export const REDIS_CLIENTS = Symbol('REDIS_CLIENTS');

/**
 * The two connections of one api process: `commands` for the result cache and PUBLISH, `subscriber` for the
 * live-event channel (a connection in subscriber mode cannot run other commands).
 */
export interface RedisClients {
  commands: Redis;
  subscriber: Redis;
}

/**
 * Connect both {@link RedisClients} to `url` in parallel.
 * @throws RedisUnavailableError when either is not ready within `timeoutMs` (the other is then closed too).
 */
export async function connectRedisClients(url: string, logger?: Logger, timeoutMs?: number): Promise<RedisClients> {
  const [commands, subscriber] = await Promise.allSettled([
    connectRedis(url, { name: 'commands', logger, timeoutMs }),
    connectRedis(url, { name: 'subscriber', logger, timeoutMs }),
  ]);
  if (commands.status === 'fulfilled' && subscriber.status === 'fulfilled')
    return { commands: commands.value, subscriber: subscriber.value };
  for (const settled of [commands, subscriber]) if (settled.status === 'fulfilled') await closeRedis(settled.value);
  throw commands.status === 'rejected' ? commands.reason : (subscriber as PromiseRejectedResult).reason;
}

/** Closes the Redis connections when the app shuts down (after the live gateway has dropped its sockets). */
@Injectable()
export class RedisClientsCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENTS) private readonly clients: RedisClients | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.clients) return;
    await Promise.all([closeRedis(this.clients.commands), closeRedis(this.clients.subscriber)]);
  }
}

/**
 * Redis when REDIS_URL is set (docs/architecture.md "State and scale"): the connections are opened before the app starts, so
 * an unreachable Redis stops the start with a RedisUnavailableError naming REDIS_URL (after 5 s at most).
 * Provides REDIS_CLIENTS (null without REDIS_URL) everywhere.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENTS,
      inject: [AppConfig, ROOT_LOGGER],
      useFactory: async (config: AppConfig, logger: Logger): Promise<RedisClients | null> =>
        config.redisUrl ? connectRedisClients(config.redisUrl, logger.child({ component: 'redis' })) : null,
    },
    RedisClientsCloser,
  ],
  exports: [REDIS_CLIENTS],
})
export class RedisModule {}
