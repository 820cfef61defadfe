import { ApiProperty } from '@nestjs/swagger';
import type { SessionHistoryResponse } from '@nlq/contracts';
import { HistoryEntryDto } from './history-entry.dto';

/** Answer of GET /session/{session_id}: the most recent entries oldest first (empty for an unknown session) and the older page's cursor. */
export class SessionHistoryResponseDto implements SessionHistoryResponse {
  @ApiProperty({
    type: [HistoryEntryDto],
    description:
      'The most recent entries (at most limit, default 50), oldest first; kept rows capped at 20 rows and 16 KiB',
  })
  history!: HistoryEntryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as cursor to read the older entries; null at the start',
  })
  next_cursor!: string | null;
}
