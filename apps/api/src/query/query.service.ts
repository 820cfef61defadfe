import { Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import type { QueryRequestDto } from './dto/query-request.dto';
import type { QueryResponseDto } from './dto/query-response.dto';

/** Session id and user id of a POST /query without user_id (spec 4.1 rule 1). */
export const DEFAULT_USER_ID = 'rest_user';

/** POST /query: asks the pipeline and maps its outcome to QueryResponse. */
@Injectable()
export class QueryService {
  constructor(@Inject(QueryPipeline) private readonly pipeline: QueryPipeline) {}

  /** The session id is the user id (default `rest_user`); rlhf_signal is stored with the request. */
  async ask(request: QueryRequestDto): Promise<QueryResponseDto> {
    const userId = request.user_id ?? DEFAULT_USER_ID;
    const outcome = await this.pipeline.ask({
      question: request.question,
      sessionId: userId,
      userId,
      rlhfSignal: request.rlhf_signal ?? null,
    });
    return {
      response: outcome.response,
      sql: outcome.sql,
      success: outcome.success,
      pending_approval: outcome.pendingApproval,
      session_id: outcome.sessionId,
      error: outcome.error,
    };
  }
}
