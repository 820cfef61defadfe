import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, MaxLength } from 'class-validator';

/** Longest saved answer name, in characters. */
export const MAX_SAVED_NAME = 128;
/** Longest SQL a saved answer written out may hold, in characters. */
export const MAX_SAVED_SQL = 100_000;

/**
 * Body of POST /api/saved: `name` with either an answer of the caller's history (`session_id`, `entry_id`) or SQL
 * written out (`sql`, on `connection_id`, default the active connection).
 */
export class CreateSavedAnswerDto {
  @ApiProperty({ maxLength: MAX_SAVED_NAME })
  @IsString()
  @Length(1, MAX_SAVED_NAME)
  name!: string;

  @ApiPropertyOptional({ description: 'Session of the answer to save (with entry_id)' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  session_id?: string;

  @ApiPropertyOptional({ description: 'history_entry_id of the answer to save (with session_id)' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  entry_id?: string;

  @ApiPropertyOptional({ description: 'Connection of `sql`; default the active one' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;

  @ApiPropertyOptional({ description: 'A read in the connection dialect: a write, DDL or refused SQL is 400' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_SAVED_SQL)
  sql?: string;
}

/** Body of PATCH /api/saved/{id}: a new name. */
export class UpdateSavedAnswerDto {
  @ApiProperty({ maxLength: MAX_SAVED_NAME })
  @IsString()
  @Length(1, MAX_SAVED_NAME)
  name!: string;
}

/** A saved answer (contracts SavedAnswer). */
export class SavedAnswerDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The user who saved it' }) user_id!: string;
  @ApiProperty() connection_id!: string;
  @ApiProperty({ type: String, nullable: true }) question!: string | null;
  @ApiProperty() sql!: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) chart!: unknown;
  @ApiProperty({ type: String, nullable: true }) reading!: string | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: '{ session_id, entry_id } of the saved answer',
  })
  source!: unknown;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

/** GET /api/saved. */
export class SavedAnswerListDto {
  @ApiProperty({ type: [SavedAnswerDto] }) items!: SavedAnswerDto[];
}

/** GET /api/saved/{id}/result (contracts SavedAnswerResult). */
export class SavedAnswerResultDto {
  @ApiProperty() saved_id!: string;
  @ApiProperty({ type: [String] }) columns!: string[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: {} } }) rows!: unknown[][];
  @ApiProperty() row_count!: number;
  @ApiProperty() truncated!: boolean;
  @ApiProperty({ type: Number, nullable: true }) total_rows!: number | null;
  @ApiProperty({ description: 'The result in plain words, from a template (no model call)' }) answer!: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) chart!: unknown;
  @ApiProperty({ description: 'When the rows were read (ISO-8601 UTC)' }) read_at!: string;
}
