import { ApiProperty } from '@nestjs/swagger';
import type { SessionHistoryResponse } from '@nlq/contracts';
import { HistoryEntryDto } from './history-entry.dto';

/** Answer of GET /session/{session_id}: the entries oldest first (empty for an unknown session). */
export class SessionHistoryResponseDto implements SessionHistoryResponse {
  @ApiProperty({ type: [HistoryEntryDto] })
  history!: HistoryEntryDto[];
}
