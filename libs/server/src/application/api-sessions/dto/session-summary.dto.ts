import { ApiProperty } from '@nestjs/swagger';
import type { Page, SessionDetail, SessionSummary } from '@nlq/contracts';
import { HistoryEntryDto } from '../../../adapter/sessions/dto/history-entry.dto';

/** One row of GET /api/sessions. */
export class SessionSummaryDto implements SessionSummary {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'Owner of the session' }) user_id!: string;
  @ApiProperty({ type: String, nullable: true }) last_question!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO-8601 time of the last question' }) last_question_at!:
    string | null;
  @ApiProperty({ description: 'Questions asked' }) query_count!: number;
  @ApiProperty({ description: 'Entries in error' }) error_count!: number;
  @ApiProperty({ description: 'ISO-8601 time of the latest entry' }) last_activity!: string;
}

/** Answer of GET /api/sessions. */
export class SessionSummaryPageDto implements Page<SessionSummary> {
  @ApiProperty({ type: [SessionSummaryDto] }) items!: SessionSummaryDto[];
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
  @ApiProperty({ description: 'Sessions in all pages' }) total!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as cursor to read the next page (keyset on last activity and id); null at the end',
  })
  next_cursor!: string | null;
}

/** Answer of GET /api/sessions/{id}. */
export class SessionDetailDto implements SessionDetail {
  @ApiProperty({ type: SessionSummaryDto }) session!: SessionSummaryDto;
  @ApiProperty({
    type: [HistoryEntryDto],
    description:
      'One page: the newest `limit` entries older than `cursor`, oldest first (kept rows capped at 20 rows, 16 KiB)',
  })
  history!: HistoryEntryDto[];
  @ApiProperty({ type: [HistoryEntryDto], description: 'The feedback entries of this page' })
  feedback!: HistoryEntryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as cursor to read the older entries; null at the start',
  })
  next_cursor!: string | null;
  @ApiProperty({ description: 'Entries per page used (limit)' }) limit!: number;
}
