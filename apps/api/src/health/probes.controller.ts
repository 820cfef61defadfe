import { Controller, Get, HttpException, Inject, Optional } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS_CLIENTS, type RedisClients } from '../cache/redis.module';
import { ErrorResponseDto } from '../common/error-response.dto';
import { TargetResolverService } from '../targets/target-resolver.service';
import { ShutdownState } from './shutdown-state';

/** Longest each dependency check of GET /readyz may take, in ms. */
export const READY_CHECK_TIMEOUT_MS = 2000;

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * Orchestrator probes, without a key, answering small JSON that reveals nothing else (issue 10 item 4):
 * GET /livez `{ status: 'live' }` while the process serves; GET /readyz `{ status: 'ready' }` when the query
 * database, the state store and Redis (when REDIS_URL is set) answer within 2 s each, else 503 in the error shape
 * ("not ready: shutting down" first thing on SIGTERM, or "not ready: a dependency is unreachable").
 */
@ApiTags('probes')
@Controller()
export class ProbesController {
  constructor(
    private readonly shutdown: ShutdownState,
    private readonly targets: TargetResolverService,
    @Inject(DataSource) private readonly state: DataSource,
    @Optional() @Inject(REDIS_CLIENTS) private readonly redis: RedisClients | null,
  ) {}

  @Get('livez')
  @ApiOperation({ summary: 'Liveness: the process serves requests' })
  @ApiOkResponse({ schema: { example: { status: 'live' } } })
  livez(): { status: 'live' } {
    return { status: 'live' };
  }

  @Get('readyz')
  @ApiOperation({ summary: 'Readiness: query database, state store and Redis reachable; 503 while shutting down' })
  @ApiOkResponse({ schema: { example: { status: 'ready' } } })
  @ErrorResponseDto.document(503)
  async readyz(): Promise<{ status: 'ready' }> {
    if (this.shutdown.shuttingDown) throw new HttpException('not ready: shutting down', 503);
    const checks: Array<Promise<unknown>> = [
      within(this.targets.connection().then((t) => t.driver.ping()), READY_CHECK_TIMEOUT_MS),
      within(this.state.query('SELECT 1'), READY_CHECK_TIMEOUT_MS),
    ];
    if (this.redis) checks.push(within((this.redis.commands as Redis).ping(), READY_CHECK_TIMEOUT_MS));
    const results = await Promise.allSettled(checks);
    if (results.some((r) => r.status === 'rejected')) throw new HttpException('not ready: a dependency is unreachable', 503);
    if (this.shutdown.shuttingDown) throw new HttpException('not ready: shutting down', 503);
    return { status: 'ready' };
  }
}
