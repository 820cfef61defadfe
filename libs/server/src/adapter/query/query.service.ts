import { Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import { adapterAccess } from '../../platform/auth/adapter-principal';
import { AppConfig } from '../../platform/config/app-config';
import { SessionAccessService } from '../../platform/sessions/session-access.service';
import { toQueryResponse } from '../../platform/pipeline/query-response.mapper';
import type { QueryRequestDto } from './dto/query-request.dto';
import { responseWithReading } from './reading-text';
import { responseWithWarnings } from './warning-text';
import type { QueryResponseDto } from './dto/query-response.dto';

/** Session id and user id of a POST /query without user_id (docs/http-api.md "Contract: query adapter" rule 1). */
export const DEFAULT_USER_ID = 'rest_user';

/** POST /query: asks the pipeline and maps its outcome to QueryResponse. */
@Injectable()
export class QueryService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
    private readonly config: AppConfig,
  ) {}

  /**
   * The session id is the user id (default `rest_user`); rlhf_signal is stored with the request. A successful answer's
   * reading follows it in `response` unless it repeats it (reading-text.ts), then one line beginning "Note: " for each
   * warning of the answer check (warning-text.ts); a question asked back states the question
   * and numbered options in `response` (success false, error null, sql ''), and a reply of a number or an option's
   * words answers it (the pipeline's stages/clarification.ts).
   * The question runs under the data policy of ADAPTER_ROLE (none for the default `admin` without an entry).
   * @throws ApiException 404 when the session is another user's /api session (SessionAccessService.assertAdapterAccess).
   */
  async ask(request: QueryRequestDto): Promise<QueryResponseDto> {
    const userId = request.user_id ?? DEFAULT_USER_ID;
    await this.access.assertAdapterAccess(userId);
    const outcome = await this.pipeline.ask({
      question: request.question,
      sessionId: userId,
      userId,
      access: adapterAccess(this.config, userId),
      rlhfSignal: request.rlhf_signal ?? null,
    });
    const response = toQueryResponse(outcome);
    return outcome.success
      ? {
          ...response,
          response: responseWithWarnings(responseWithReading(response.response, outcome.reading), outcome.warnings),
        }
      : response;
  }
}
