import { Inject, Injectable } from '@nestjs/common';
import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { REDIS_CLIENTS, type RedisClients } from '../cache/redis.module';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { AuthThrottle, MemoryFailureStore, RedisFailureStore } from './auth-throttle';

/**
 * The process's {@link AuthThrottle} from AUTH_FAILURE_LIMIT and AUTH_FAILURE_WINDOW_SECONDS, counting in Redis when
 * REDIS_URL is set (every replica shares the counters), else in process. Used by the HTTP hooks (createApp) and by
 * /ws/live, whose key arrives in a message after the upgrade.
 */
@Injectable()
export class AuthThrottleService extends AuthThrottle {
  private readonly trust: (address: string, hop: number) => boolean;

  constructor(
    config: AppConfig,
    @Inject(REDIS_CLIENTS) redis: RedisClients | null,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    super({
      limit: config.authFailureLimit,
      windowSeconds: config.authFailureWindowSeconds,
      store: redis ? new RedisFailureStore(redis.commands) : new MemoryFailureStore(),
      logger,
    });
    this.trust = trustFunction(config.trustProxy);
  }

  /** The client address of a raw request (a WebSocket upgrade) as Fastify's request.ip would give it under TRUST_PROXY. */
  clientAddress(request: IncomingMessage): string {
    return proxyAddr(request, this.trust);
  }
}

/** TRUST_PROXY as a proxy-addr trust function, as Fastify builds it (https://fastify.dev/docs/latest/Reference/Server/#trustproxy). */
function trustFunction(trustProxy: boolean | number | string[]): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy);
}
