import type { FactoryProvider } from '@nestjs/common';
import { InMemoryEventBus, type LiveEventBus } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { REDIS_CLIENTS, type RedisClients } from '../cache/redis.module';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { RedisEventBus } from './redis-event-bus';

/** Injection token of the process's {@link LiveEventBus}. */
export const LIVE_EVENT_BUS = Symbol('LIVE_EVENT_BUS');

export type { LiveEventBus };

/**
 * The live-event bus (docs/architecture.md "State and scale"): a started {@link RedisEventBus} on the `nlq:live` channel when
 * REDIS_URL is set (events of every replica reach every replica's sockets), else an in-process InMemoryEventBus.
 */
export const liveEventBusProvider: FactoryProvider<LiveEventBus> = {
  provide: LIVE_EVENT_BUS,
  inject: [REDIS_CLIENTS, ROOT_LOGGER],
  useFactory: async (redis: RedisClients | null, logger: Logger): Promise<LiveEventBus> => {
    if (!redis) return new InMemoryEventBus();
    const bus = new RedisEventBus(redis.commands, redis.subscriber, {
      logger: logger.child({ component: 'live-bus' }),
    });
    await bus.start();
    return bus;
  },
};
