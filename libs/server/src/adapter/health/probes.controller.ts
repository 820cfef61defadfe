import { Controller, Get, HttpException, Inject, Optional } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS_CLIENTS, type RedisClients } from '../../platform/cache/redis.module';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { ShutdownState } from './shutdown-state';

/** Longest each dependency check of GET /readyz may take, in ms. */
export const READY_CHECK_TIMEOUT_MS = 2000;

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * Orchestrator probes, without a key, answering small JSON that reveals nothing else:
 * GET /livez `{ status: 'live' }` while the process serves; GET /readyz `{ status: 'ready' }` when the query
 * database, the state store and Redis (when REDIS_URL is set) answer within 2 s each, else 503 in the error shape
 * ("not ready: shutting down" first thing on SIGTERM, or "not ready: a dependency is unreachable").
 */
@ApiExcludeController() // operational probes, not part of the documented API
@Controller()
export class ProbesController {
  constructor(
    private readonly shutdown: ShutdownState,
    private readonly targets: TargetResolverService,
    @Inject(DataSource) private readonly state: DataSource,
    @Optional() @Inject(REDIS_CLIENTS) private readonly redis: RedisClients | null,
  ) {}

  @Get('livez')
  livez(): { status: 'live' } {
    return { status: 'live' };
  }

  @Get('readyz')
  async readyz(): Promise<{ status: 'ready' }> {
    if (this.shutdown.shuttingDown) throw new HttpException('not ready: shutting down', 503);
    const checks: Array<Promise<unknown>> = [
      within(
        this.targets.connection().then((t) => t.driver.ping()),
        READY_CHECK_TIMEOUT_MS,
      ),
      within(this.state.query('SELECT 1'), READY_CHECK_TIMEOUT_MS),
    ];
    if (this.redis) checks.push(within((this.redis.commands as Redis).ping(), READY_CHECK_TIMEOUT_MS));
    const results = await Promise.allSettled(checks);
    if (results.some((r) => r.status === 'rejected'))
      throw new HttpException('not ready: a dependency is unreachable', 503);
    if (this.shutdown.shuttingDown) throw new HttpException('not ready: shutting down', 503);
    return { status: 'ready' };
  }
}
