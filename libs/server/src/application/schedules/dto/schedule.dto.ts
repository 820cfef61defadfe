import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';

const DELIVER_NOTE =
  'Targets: { type: "webhook", url, format?: "json" | "slack" | "teams" } or { type: "email", to: [addresses] }; 1 to 10. Webhook URLs are secrets: answered as scheme and host only.';
const CONDITION_NOTE = 'null (always send), { type: "not_empty" } or { type: "below" | "above", value: number }';

/**
 * Body of POST /api/schedules (docs/http-api.md "Schedules and alerts"). Every field is checked by the service,
 * so that one 400 answer names every offending field (`cron`, `timezone`, `deliver[0].url`, ...).
 */
export class CreateScheduleDto {
  @ApiPropertyOptional({ description: 'The saved answer to deliver (exactly one of saved_id, board_id)' })
  @IsOptional()
  saved_id?: unknown;

  @ApiPropertyOptional({ description: 'The board to deliver (exactly one of saved_id, board_id)' })
  @IsOptional()
  board_id?: unknown;

  @ApiPropertyOptional({ description: "Default the saved answer's or board's name", maxLength: 128 })
  @IsOptional()
  name?: unknown;

  @ApiProperty({
    description: '5-field cron expression or @daily-style nickname (croner syntax)',
    example: '0 8 * * 1',
  })
  @IsOptional()
  cron?: unknown;

  @ApiProperty({ description: 'IANA time zone name', example: 'Europe/Berlin' })
  @IsOptional()
  timezone?: unknown;

  @ApiPropertyOptional({ description: 'Default true' })
  @IsOptional()
  enabled?: unknown;

  @ApiProperty({ type: 'array', items: { type: 'object' }, description: DELIVER_NOTE })
  @IsOptional()
  deliver?: unknown;

  @ApiPropertyOptional({ type: 'object', nullable: true, additionalProperties: true, description: CONDITION_NOTE })
  @IsOptional()
  condition?: unknown;
}

/** Body of PATCH /api/schedules/{id}: any of name, cron, timezone, enabled, deliver (the whole list), condition. */
export class UpdateScheduleDto {
  @ApiPropertyOptional({ maxLength: 128 })
  @IsOptional()
  name?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  cron?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  timezone?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  enabled?: unknown;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, description: DELIVER_NOTE })
  @IsOptional()
  deliver?: unknown;

  @ApiPropertyOptional({ type: 'object', nullable: true, additionalProperties: true, description: CONDITION_NOTE })
  @IsOptional()
  condition?: unknown;
}

/** A schedule (contracts Schedule); webhook URLs redacted to scheme and host. */
export class ScheduleDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The creator; runs read under its role and attributes' }) user_id!: string;
  @ApiProperty({ type: String, nullable: true }) saved_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) board_id!: string | null;
  @ApiProperty() cron!: string;
  @ApiProperty() timezone!: string;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: DELIVER_NOTE }) deliver!: unknown[];
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) condition!: unknown;
  @ApiProperty({ type: String, nullable: true }) next_run_at!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class ScheduleListDto {
  @ApiProperty({ type: [ScheduleDto] }) items!: ScheduleDto[];
}

/** One run of a schedule (contracts ScheduleRun). */
export class ScheduleRunDto {
  @ApiProperty() id!: string;
  @ApiProperty() schedule_id!: string;
  @ApiProperty() due_at!: string;
  @ApiProperty() started_at!: string;
  @ApiProperty({ type: String, nullable: true }) finished_at!: string | null;
  @ApiProperty() late!: boolean;
  @ApiProperty({ enum: ['schedule', 'request'] }) trigger!: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'skipped', 'failed'] }) status!: string;
  @ApiProperty({ type: Boolean, nullable: true }) condition_met!: boolean | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: '{ type, target, status, attempts, last_error, delivered_at } per target',
  })
  deliveries!: unknown[];
}

export class ScheduleRunListDto {
  @ApiProperty({ type: [ScheduleRunDto] }) items!: ScheduleRunDto[];
}
