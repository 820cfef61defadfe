import { Inject, Injectable } from '@nestjs/common';
import type { ApiHealthResponse } from '@nlq/contracts';
import { QueryPipeline } from '@nlq/pipeline';
import { AppConfig } from '../config/app-config';
import { messageOf, withTimeout } from '../connections/with-timeout';
import { scrubMessage } from '../security/secret-scrubber';
import { TargetResolverService } from '../targets/target-resolver.service';

/** Longest each reachability check of GET /api/health may take, in milliseconds. */
export const HEALTH_PING_TIMEOUT_MS = 3000;

/**
 * GET /api/health: the fields of GET /health plus a ping of the active database and of the active model provider,
 * each with its latency or error and bounded by 3 s. `status` is `degraded` when either is unreachable. Error texts
 * pass through scrubMessage (no password or key, as the connection test).
 */
@Injectable()
export class ApiHealthService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly targets: TargetResolverService,
    private readonly config: AppConfig,
  ) {}

  async health(): Promise<ApiHealthResponse> {
    const [database, model] = await Promise.all([this.database(), this.model()]);
    return {
      status: database.reachable && model.reachable ? 'ok' : 'degraded',
      integration: 'rest',
      schema_age_seconds: this.pipeline.schemaAgeSeconds(this.targets.activeConnectionId()),
      mode: this.config.mode,
      database,
      model,
    };
  }

  private async database(): Promise<ApiHealthResponse['database']> {
    const connectionId = this.targets.activeConnectionId();
    try {
      const target = await withTimeout(this.targets.connection(connectionId), HEALTH_PING_TIMEOUT_MS, 'The database');
      try {
        const latency = await withTimeout(target.driver.ping(), HEALTH_PING_TIMEOUT_MS, 'The database');
        return { connection_id: connectionId, dialect: target.driver.dialect, reachable: true, latency_ms: round(latency), error: null };
      } catch (error) {
        return { connection_id: connectionId, dialect: target.driver.dialect, reachable: false, latency_ms: null, error: scrubMessage(messageOf(error)) };
      }
    } catch (error) {
      return { connection_id: connectionId, dialect: null, reachable: false, latency_ms: null, error: scrubMessage(messageOf(error)) };
    }
  }

  private async model(): Promise<ApiHealthResponse['model']> {
    const provider = await this.targets.provider();
    try {
      const latency = await withTimeout(provider.ping(), HEALTH_PING_TIMEOUT_MS, 'The model provider');
      return { provider: provider.name, model: provider.modelId, reachable: true, latency_ms: round(latency), error: null };
    } catch (error) {
      return { provider: provider.name, model: provider.modelId, reachable: false, latency_ms: null, error: scrubMessage(messageOf(error)) };
    }
  }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
