import { Inject, Injectable } from '@nestjs/common';
import type { FeedbackSignal } from '@nlq/contracts';
import { QueryPipeline } from '@nlq/pipeline';
import { SessionAccessService } from '../../platform/sessions/session-access.service';
import { adapterPrincipal } from '../../platform/auth/adapter-principal';
import { assertRole } from '../../platform/auth/required-role';
import { AppConfig } from '../../platform/config/app-config';
import type { FeedbackResponseDto } from './dto/feedback-response.dto';

/** Saves feedback for a session (a history entry of kind feedback; a positive one on an answered read becomes a candidate example, docs/http-api.md "Verified examples"). */
@Injectable()
export class FeedbackService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
    private readonly config: AppConfig,
  ) {}

  /**
   * On the adapter surface the user is the session id; another user's /api session answers 404, and an ADAPTER_ROLE
   * below `analyst` 403 FORBIDDEN.
   */
  async record(sessionId: string, signal: FeedbackSignal): Promise<FeedbackResponseDto> {
    assertRole(adapterPrincipal(this.config, sessionId), 'analyst', 'rate answers');
    await this.access.assertAdapterAccess(sessionId);
    const entry = await this.pipeline.recordFeedback(sessionId, sessionId, signal);
    return { status: 'ok', signal: (entry.signal as FeedbackSignal | null) ?? signal };
  }
}
