import { ApiProperty } from '@nestjs/swagger';
import type { ApiHealthResponse, Dialect } from '@nlq/contracts';
import { HealthResponseDto } from '../../../adapter/health/dto/health-response.dto';

/** Reachability of the active database. */
export class DatabaseHealthDto {
  @ApiProperty() connection_id!: string;
  @ApiProperty({ type: String, nullable: true, enum: ['sqlite', 'postgresql', 'mysql', 'mariadb', 'transactsql', 'snowflake'] }) dialect!: Dialect | null;
  @ApiProperty() reachable!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Ping round trip in milliseconds' }) latency_ms!: number | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

/** Reachability of the active model provider. */
export class ModelHealthDto {
  @ApiProperty({ example: 'offline' }) provider!: string;
  @ApiProperty() model!: string;
  @ApiProperty() reachable!: boolean;
  @ApiProperty({ type: Number, nullable: true }) latency_ms!: number | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

/** Answer of GET /api/health: the /health fields plus the active database and model. */
export class ApiHealthResponseDto extends HealthResponseDto implements ApiHealthResponse {
  @ApiProperty({ type: DatabaseHealthDto }) database!: DatabaseHealthDto;
  @ApiProperty({ type: ModelHealthDto }) model!: ModelHealthDto;
}
