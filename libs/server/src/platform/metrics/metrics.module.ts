import { Global, Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { ApiAuthModule } from '../auth/api-auth.module';
import { PendingOperationEntity } from '../state/entities/pending-operation.entity';
import { MetricsController } from './metrics.controller';
import { NlqMetrics } from './nlq-metrics';

/**
 * Times every HTTP response into {@link NlqMetrics} with a Fastify onResponse hook, labelled by the matched route
 * pattern (`unmatched` for 404s of unknown paths, so a scan cannot grow the label set).
 */
@Injectable()
export class HttpMetricsHook implements OnModuleInit {
  constructor(
    private readonly httpAdapterHost: HttpAdapterHost,
    @Inject(NlqMetrics) private readonly metrics: NlqMetrics,
  ) {}

  onModuleInit(): void {
    const fastify = this.httpAdapterHost.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify) return;
    fastify.addHook('onResponse', async (request, reply) => {
      const route =
        reply.statusCode === 404 && !request.routeOptions.url ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
      this.metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
}

/**
 * Prometheus metrics: the process's {@link NlqMetrics} (global, so the pipeline module can feed it
 * the pipeline's live events), the HTTP timing hook and GET /metrics.
 */
@Global()
@Module({
  imports: [ApiAuthModule],
  controllers: [MetricsController],
  providers: [
    {
      provide: NlqMetrics,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) =>
        new NlqMetrics(() => dataSource.getRepository(PendingOperationEntity).count({ where: { state: 'pending' } })),
    },
    HttpMetricsHook,
  ],
  exports: [NlqMetrics],
})
export class MetricsModule {}
