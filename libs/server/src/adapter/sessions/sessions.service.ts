import { Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import { SessionAccessService } from '../../platform/sessions/session-access.service';
import { historyListEntry } from '../../platform/sessions/history-list-entry';
import { scrubMessage } from '../../platform/security/secret-scrubber';
import type { SessionHistoryResponseDto } from './dto/session-history-response.dto';

/**
 * Reads a session's history (questions, results, approvals, rejections, feedback), oldest first. Error texts (and
 * the answers of failed entries, which repeat them) pass through scrubMessage: no credentials.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
  ) {}

  /**
   * The session's most recent `page.limit` entries older than `page.cursor` (oldest first, kept rows capped by
   * historyListEntry) and the cursor of the older ones (null when the history starts here), read by keyset.
   * @throws ApiException 404 when the session is another user's /api session (SessionAccessService.assertAdapterAccess);
   *   400 for a cursor this list did not issue.
   */
  async history(
    sessionId: string,
    page: { limit: number; cursor?: string | null },
  ): Promise<SessionHistoryResponseDto> {
    await this.access.assertAdapterAccess(sessionId);
    const { entries, nextCursor } = await this.pipeline.historyPage(sessionId, page);
    return {
      next_cursor: nextCursor,
      history: entries.map(historyListEntry).map((entry) =>
        entry.error
          ? {
              ...entry,
              error: scrubMessage(entry.error),
              answer: entry.answer === null ? null : scrubMessage(entry.answer),
            }
          : entry,
      ),
    };
  }
}
