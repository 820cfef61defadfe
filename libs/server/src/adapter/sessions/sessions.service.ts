import { Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import { SessionAccessService } from '../../application/sessions/session-access.service';
import { scrubMessage } from '../../platform/security/secret-scrubber';
import type { SessionHistoryResponseDto } from './dto/session-history-response.dto';

/**
 * Reads a session's history (questions, results, approvals, rejections, feedback), oldest first. Error texts (and
 * the answers of failed entries, which repeat them) pass through scrubMessage: no credentials (issue 14).
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
  ) {}

  /** @throws ApiException 404 when the session is another user's /api session (SessionAccessService.assertAdapterAccess). */
  async history(sessionId: string): Promise<SessionHistoryResponseDto> {
    await this.access.assertAdapterAccess(sessionId);
    const history = await this.pipeline.history(sessionId);
    return {
      history: history.map((entry) =>
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
