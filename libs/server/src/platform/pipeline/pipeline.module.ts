import { dataPolicySource } from './data-policy-source';
import { Global, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { QueryPipeline, type ResultCache } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { REDIS_CLIENTS, RedisModule, type RedisClients } from '../cache/redis.module';
import { RESULT_CACHE, resultCacheProvider } from '../cache/result-cache.provider';
import { PinoAuditLogger } from '../common/audit.logger';
import { SharedNearDuplicateIndex } from '../coherence/shared-near-duplicate-index';
import { AppConfig } from '../config/app-config';
import { LIVE_EVENT_BUS, liveEventBusProvider, type LiveEventBus } from '../live-events/live-event-bus';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { NlqMetrics } from '../metrics/nlq-metrics';
import { TypeOrmStateStore } from '../state/typeorm-state.store';
import { TargetResolverService } from '../targets/target-resolver.service';
import { TargetsModule } from '../targets/targets.module';
import { pipelineConfigFrom } from './pipeline-config.factory';
import { semanticLinkingFrom } from './semantic-linking.factory';

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
 * Approval runs cut short (docs/architecture.md "Approval"): at start, before the app serves, this replica's own runs left
 * `executing` by a previous process (and any whose lease ran out) are marked failed "interrupted"; then every
 * lease period, runs of other replicas whose lease ran out (the replica died) are. A store that is down is logged
 * and retried on the next sweep.
 */
@Injectable()
export class ApprovalRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep(true);
    this.timer = setInterval(() => void this.sweep(false), this.config.approvalLeaseMs);
    this.timer.unref();
  }

  /** Stops the sweep and waits until every answer's history entry and trace is committed (QueryPipeline.flushRecords). */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.pipeline.flushRecords();
  }

  private async sweep(atStart: boolean): Promise<void> {
    try {
      const marked = await this.pipeline.recoverInterruptedApprovals({ atStart });
      if (marked > 0)
        this.logger.warn(
          { marked, replicaId: this.config.replicaId },
          'approved writes interrupted by a stop were marked failed; they may be approved again',
        );
    } catch (error) {
      this.logger.warn({ err: error }, 'interrupted-approval sweep failed; retried on the next sweep');
    }
  }
}

/**
 * The one QueryPipeline of the process with its collaborators: TargetResolverService, TypeOrmStateStore, the
 * pino audit logger, the live-event bus (LIVE_EVENT_BUS, exported for the live module; the pipeline's events also
 * feed NlqMetrics) and the result cache
 * (RESULT_CACHE): Redis-backed when REDIS_URL is set, in process otherwise (RedisModule, docs/architecture.md "State and scale").
 */
@Global()
@Module({
  imports: [TargetsModule, RedisModule],
  providers: [
    liveEventBusProvider,
    resultCacheProvider,
    {
      // near-duplicate questions shared by the replicas through Redis; in process without REDIS_URL
      provide: SharedNearDuplicateIndex,
      inject: [AppConfig, REDIS_CLIENTS, ROOT_LOGGER],
      useFactory: async (config: AppConfig, redis: RedisClients | null, logger: Logger) => {
        const index = new SharedNearDuplicateIndex(
          { ttlSeconds: pipelineConfigFrom(config).cacheTtlSeconds },
          redis,
          randomUUID(),
          logger,
        );
        await index.start();
        return index;
      },
    },
    {
      provide: QueryPipeline,
      inject: [
        TargetResolverService,
        TypeOrmStateStore,
        AppConfig,
        PinoAuditLogger,
        LIVE_EVENT_BUS,
        RESULT_CACHE,
        NlqMetrics,
        DataSource,
        ROOT_LOGGER,
        SharedNearDuplicateIndex,
      ],
      useFactory: (
        targets: TargetResolverService,
        store: TypeOrmStateStore,
        config: AppConfig,
        audit: PinoAuditLogger,
        bus: LiveEventBus,
        resultCache: ResultCache,
        metrics: NlqMetrics,
        dataSource: DataSource,
        logger: Logger,
        nearDuplicates: SharedNearDuplicateIndex,
      ) => {
        // The pipeline's own events feed this replica's metrics before they fan out (never the other replicas').
        const events = {
          publish: (event: Parameters<LiveEventBus['publish']>[0]) => (metrics.observeEvent(event), bus.publish(event)),
        };
        return new QueryPipeline({
          targets,
          store,
          config: pipelineConfigFrom(config),
          audit,
          events,
          resultCache,
          nearDuplicates,
          approvals: { replicaId: config.replicaId, leaseMs: config.approvalLeaseMs },
          semantic: semanticLinkingFrom(config, dataSource, logger),
          policies: dataPolicySource(dataSource),
        });
      },
    },
    PipelineWarmUp,
    ApprovalRecovery,
  ],
  exports: [QueryPipeline, LIVE_EVENT_BUS, RESULT_CACHE],
})
export class PipelineModule {}
