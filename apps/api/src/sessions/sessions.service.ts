import { Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import type { SessionHistoryResponseDto } from './dto/session-history-response.dto';

/** Reads a session's history (questions, results, approvals, rejections, feedback), oldest first. */
@Injectable()
export class SessionsService {
  constructor(@Inject(QueryPipeline) private readonly pipeline: QueryPipeline) {}

  async history(sessionId: string): Promise<SessionHistoryResponseDto> {
    return { history: await this.pipeline.history(sessionId) };
  }
}
