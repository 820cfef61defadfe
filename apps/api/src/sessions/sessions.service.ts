import { Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import { SessionAccessService } from '../api-sessions/session-access.service';
import type { SessionHistoryResponseDto } from './dto/session-history-response.dto';

/** Reads a session's history (questions, results, approvals, rejections, feedback), oldest first. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
  ) {}

  /** @throws ApiException 404 when the session is another user's /api session (SessionAccessService.assertAdapterAccess). */
  async history(sessionId: string): Promise<SessionHistoryResponseDto> {
    await this.access.assertAdapterAccess(sessionId);
    return { history: await this.pipeline.history(sessionId) };
  }
}
