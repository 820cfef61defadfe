import { ApiProperty } from '@nestjs/swagger';
import type { HealthResponse, ServiceMode } from '@nlq/contracts';

/** Answer of GET /health (docs/http-api.md "Contract: query adapter"). */
export class HealthResponseDto implements HealthResponse {
  @ApiProperty({ enum: ['ok', 'degraded'] })
  status!: 'ok' | 'degraded';

  @ApiProperty({ enum: ['rest'] })
  integration!: 'rest';

  @ApiProperty({ description: 'Age of the cached schema of the active connection, in seconds' })
  schema_age_seconds!: number;

  @ApiProperty({ enum: ['user', 'admin'] })
  mode!: ServiceMode;
}
