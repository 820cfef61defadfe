import { Global, Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { InMemoryEventBus, InMemoryResultCache, QueryPipeline } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { PinoAuditLogger } from '../common/audit.logger';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { TypeOrmStateStore } from '../state/typeorm-state.store';
import { TargetResolverService } from '../targets/target-resolver.service';
import { TargetsModule } from '../targets/targets.module';
import { pipelineConfigFrom } from './pipeline-config.factory';

/**
 * Loads the active connection's schema once the app is up, so the first question does not pay for introspection.
 * A database that is down does not stop the start: the failure is logged and the next request retries.
 */
@Injectable()
export class PipelineWarmUp implements OnApplicationBootstrap {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.pipeline.warmUp();
    } catch (error) {
      this.logger.warn({ err: error }, 'schema warm-up failed; it is retried on the next request');
    }
  }
}

/**
 * The one QueryPipeline of the process with its collaborators: TargetResolverService, TypeOrmStateStore, the
 * pino audit logger, an in-process event bus (InMemoryEventBus, exported for the live module) and an in-process
 * result cache.
 */
@Global()
@Module({
  imports: [TargetsModule],
  providers: [
    { provide: InMemoryEventBus, useFactory: () => new InMemoryEventBus() },
    { provide: InMemoryResultCache, useFactory: () => new InMemoryResultCache() },
    {
      provide: QueryPipeline,
      inject: [TargetResolverService, TypeOrmStateStore, AppConfig, PinoAuditLogger, InMemoryEventBus, InMemoryResultCache],
      useFactory: (
        targets: TargetResolverService,
        store: TypeOrmStateStore,
        config: AppConfig,
        audit: PinoAuditLogger,
        events: InMemoryEventBus,
        resultCache: InMemoryResultCache,
      ) => new QueryPipeline({ targets, store, config: pipelineConfigFrom(config), audit, events, resultCache }),
    },
    PipelineWarmUp,
  ],
  exports: [QueryPipeline, InMemoryEventBus, InMemoryResultCache],
})
export class PipelineModule {}
