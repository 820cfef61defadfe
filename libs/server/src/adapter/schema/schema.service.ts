import { Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import { ReplicaCoherenceService, schemaTopic } from '../../platform/coherence/replica-coherence.service';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import type { RefreshResponseDto } from './dto/refresh-response.dto';

/**
 * POST /refresh: reloads the active connection's schema cache (docs/http-api.md "Contract: query adapter" rule 3), which resets schema_age_seconds,
 * and announces it so every replica reloads it too.
 */
@Injectable()
export class SchemaService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly targets: TargetResolverService,
    private readonly coherence: ReplicaCoherenceService,
  ) {}

  /** @throws the pipeline's error when the database cannot be introspected (502 when unreachable). */
  async refresh(): Promise<RefreshResponseDto> {
    const schema = await this.pipeline.refreshSchema();
    await this.coherence.announce(schemaTopic(this.targets.activeConnectionId()));
    const tables = schema.tables.length;
    return {
      status: 'ok',
      message: `Schema cache refreshed: ${tables} ${tables === 1 ? 'table' : 'tables'} (version ${schema.version.slice(0, 12)}).`,
    };
  }
}
