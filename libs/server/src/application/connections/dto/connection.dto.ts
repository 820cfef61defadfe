import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ConnectionInput, ConnectionView, Dialect, TestResult } from '@nlq/contracts';
import { IsOptional, IsString, Length } from 'class-validator';
import { IsSettingName } from '../../../platform/common/setting-name.decorator';

/** A database connection as every endpoint answers it: the URL with its password as ***, never the password. */
export class ConnectionViewDto implements ConnectionView {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'warehouse' }) name!: string;
  @ApiProperty({
    description: 'The URL with its password replaced by ***',
    example: 'postgres://nlq:***@127.0.0.1:5432/shop',
  })
  url!: string;
  @ApiProperty({ enum: ['sqlite', 'postgresql', 'mysql', 'mariadb', 'transactsql', 'snowflake'] }) dialect!: Dialect;
  @ApiProperty({ description: 'true when a password is stored (encrypted)' }) has_password!: boolean;
  @ApiProperty({ description: 'The connection used when a question names none' }) active!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

/** Body of POST /api/connections. */
export class CreateConnectionDto implements ConnectionInput {
  @ApiProperty({ example: 'warehouse', description: 'Unique name, 1..128 characters' })
  @IsSettingName()
  name!: string;

  @ApiProperty({
    example: 'postgres://nlq:secret@127.0.0.1:5432/shop',
    description:
      'Connection URL (sqlite:///abs/file.db, postgres://, mysql://, mariadb://, mssql://, snowflake://). The password is encrypted at rest. Hosts and SQLite directories are limited (docs/http-api.md "What connection and model tests may reach").',
  })
  @IsString()
  @Length(1, 4096)
  url!: string;
}

/** Body of PATCH /api/connections/{id}: any of the fields. A password written as *** keeps the stored one. */
export class UpdateConnectionDto implements Partial<ConnectionInput> {
  @ApiPropertyOptional()
  @IsOptional()
  @IsSettingName()
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 4096)
  url?: string;
}

/** Answer of POST /api/connections/{id}/test and POST /api/llms/{id}/test. */
export class TestResultDto implements TestResult {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Round trip of the ping, in milliseconds' }) latency_ms!:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the test failed (never a password or key)' }) error!:
    string | null;
  @ApiPropertyOptional({ description: 'Connections: tables seen' }) tables?: number;
}
