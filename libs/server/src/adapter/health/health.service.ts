import { Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import { AppConfig } from '../../platform/config/app-config';
import type { HealthResponseDto } from './dto/health-response.dto';

/** GET /health: liveness plus the schema cache's age and the service mode (docs/http-api.md "Contract: query adapter"). */
@Injectable()
export class HealthService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly config: AppConfig,
  ) {}

  health(): HealthResponseDto {
    return {
      status: 'ok',
      integration: 'rest',
      schema_age_seconds: this.pipeline.schemaAgeSeconds(),
      mode: this.config.mode,
    };
  }
}
