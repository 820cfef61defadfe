import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EXAMPLE_STATUSES,
  type ExampleStatus,
  type ResultFingerprint,
  type VerifiedExample,
  type VerifiedExampleList,
} from '@nlq/contracts';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';

/** Query of GET /api/knowledge/examples. */
export class ExampleQueryDto {
  @ApiPropertyOptional({ enum: EXAMPLE_STATUSES, description: 'Only examples in this status' })
  @IsOptional()
  @IsIn(EXAMPLE_STATUSES)
  status?: ExampleStatus;

  @ApiPropertyOptional({ description: 'Only examples of this connection' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  connection_id?: string;
}

class ResultFingerprintDto implements ResultFingerprint {
  @ApiProperty({ type: [String] }) columns!: string[];
  @ApiProperty() row_count!: number;
  @ApiProperty({ description: 'Hex SHA-256 of the rows (order-insensitive unless the SQL orders them)' }) hash!: string;
}

/** One verified example or candidate. */
export class VerifiedExampleDto implements VerifiedExample {
  @ApiProperty() id!: string;
  @ApiProperty() connection_id!: string;
  @ApiProperty() question!: string;
  @ApiProperty() sql!: string;
  @ApiProperty({ type: String, nullable: true }) schema_version!: string | null;
  @ApiProperty({ type: ResultFingerprintDto, nullable: true }) result_fingerprint!: ResultFingerprint | null;
  @ApiProperty({ enum: EXAMPLE_STATUSES }) status!: ExampleStatus;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why it failed its check, was retired, rejected or sent back to candidate',
  })
  reason!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'History entry of the answer the thumbs-up was given on' })
  source_entry_id!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

/** GET /api/knowledge/examples. */
export class VerifiedExampleListDto implements VerifiedExampleList {
  @ApiProperty({ type: [VerifiedExampleDto] }) items!: VerifiedExampleDto[];
}
