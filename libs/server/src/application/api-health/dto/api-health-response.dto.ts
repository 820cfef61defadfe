import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiHealthResponse, Dialect } from '@nlq/contracts';
import { HealthResponseDto } from '../../../adapter/health/dto/health-response.dto';

/** Reachability of the active database. */
export class DatabaseHealthDto {
  @ApiProperty() connection_id!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['sqlite', 'postgresql', 'mysql', 'mariadb', 'transactsql', 'snowflake'],
  })
  dialect!: Dialect | null;
  @ApiProperty() reachable!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Ping round trip in milliseconds' }) latency_ms!:
    number | null;
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

/**
 * What the active query connection's credential may do (null: could not be told), and in user mode a warning when
 * it can write or administer; none for the sample database nlq generated itself.
 */
export class PrivilegesDto {
  @ApiProperty({ type: Boolean, nullable: true }) superuser!: boolean | null;
  @ApiProperty({ type: Boolean, nullable: true }) can_write!: boolean | null;
  @ApiProperty({ type: String, nullable: true, description: 'Shown by the web app as a banner' }) warning!:
    string | null;
}

/** Answer of GET /api/health: the /health fields plus the active database and model and the connection's privileges. */
export class ApiHealthResponseDto extends HealthResponseDto implements ApiHealthResponse {
  @ApiProperty({ type: DatabaseHealthDto }) database!: DatabaseHealthDto;
  @ApiProperty({ type: ModelHealthDto }) model!: ModelHealthDto;
  @ApiPropertyOptional({ type: PrivilegesDto }) privileges?: PrivilegesDto;
}
