import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  TRACE_STATUSES,
  type Page,
  type SpanOutcome,
  type Trace,
  type TraceSpan,
  type TraceStatus,
  type TraceSummary,
} from '@nlq/contracts';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { CursorPageQueryDto } from '../../api-sessions/dto/page-query.dto';

/** `?page=&page_size=&cursor=&session_id=&status=` of GET /api/traces. */
export class TraceQueryDto extends CursorPageQueryDto {
  @ApiPropertyOptional({ description: 'Only traces of this session' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  session_id?: string;

  @ApiPropertyOptional({ enum: TRACE_STATUSES })
  @IsOptional()
  @IsIn(TRACE_STATUSES)
  status?: TraceStatus;
}

class TokensDto {
  @ApiProperty() prompt!: number;
  @ApiProperty() completion!: number;
}

/** One stage of a trace. */
export class TraceSpanDto implements TraceSpan {
  @ApiProperty({
    description: 'intake, cache, schema, linking, examples, generate, check, policy, execute, correct, answer, record',
  })
  name!: string;
  @ApiProperty({ description: 'ISO-8601 start' }) startedAt!: string;
  @ApiProperty({ description: 'Milliseconds' }) durationMs!: number;
  @ApiProperty({ enum: ['ok', 'error', 'skipped', 'hit', 'miss', 'pending'] }) outcome!: SpanOutcome;
  @ApiPropertyOptional({ type: TokensDto, nullable: true, description: 'Model tokens when a model was called' })
  tokens?: TokensDto | null;
  @ApiPropertyOptional({ type: String, nullable: true }) error?: string | null;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Stage-specific facts, never secrets',
  })
  detail?: Record<string, unknown> | null;
}

/** Fields common to a trace and its summary. */
class TraceBaseDto {
  @ApiProperty() id!: string;
  @ApiProperty() sessionId!: string;
  @ApiProperty() userId!: string;
  @ApiProperty() question!: string;
  @ApiProperty({ type: String, nullable: true }) sql!: string | null;
  @ApiProperty({ enum: TRACE_STATUSES }) status!: TraceStatus;
  @ApiProperty({ description: 'ISO-8601' }) startedAt!: string;
  @ApiProperty({ description: 'Milliseconds' }) durationMs!: number;
  @ApiPropertyOptional({ type: String, nullable: true }) error?: string | null;
}

/** One row of GET /api/traces. */
export class TraceSummaryDto extends TraceBaseDto implements TraceSummary {
  @ApiProperty({ description: 'Number of stage spans' }) span_count!: number;
}

/** GET /api/traces/{id}: a trace with its stage spans. */
export class TraceDto extends TraceBaseDto implements Trace {
  @ApiProperty({ type: [TraceSpanDto] }) spans!: TraceSpanDto[];
}

/** Answer of GET /api/traces. */
export class TraceSummaryPageDto implements Page<TraceSummary> {
  @ApiProperty({ type: [TraceSummaryDto] }) items!: TraceSummaryDto[];
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
  @ApiProperty() total!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as cursor to read the next page (keyset on start time and id); null at the end',
  })
  next_cursor!: string | null;
}
