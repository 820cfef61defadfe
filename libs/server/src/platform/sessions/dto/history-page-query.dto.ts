import { ApiPropertyOptional } from '@nestjs/swagger';
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX } from '@nlq/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

/**
 * `?limit=&cursor=` of a session's history (GET /api/sessions/{id}, GET /session/{id}): `limit` 1..100 entries
 * (default 50), `cursor` the `next_cursor` of the previous page (opaque text); anything else 400 naming the field.
 */
export class HistoryPageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: HISTORY_PAGE_MAX, default: HISTORY_PAGE_DEFAULT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(HISTORY_PAGE_MAX)
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page: the entries before it' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[0-9]+$/, { message: 'cursor must be a next_cursor this list returned' })
  cursor?: string;
}
