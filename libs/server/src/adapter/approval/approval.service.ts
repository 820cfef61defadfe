import { Inject, Injectable } from '@nestjs/common';
import { keyFingerprint } from '../../platform/auth/caller';
import { QueryPipeline } from '@nlq/pipeline';
import { SessionAccessService } from '../../platform/sessions/session-access.service';
import { adapterPrincipal } from '../../platform/auth/adapter-principal';
import { assertRole } from '../../platform/auth/required-role';
import { AppConfig } from '../../platform/config/app-config';
import type { ApprovalDecisionResponseDto } from './dto/approval-decision-response.dto';

/**
 * Decisions on a session's pending SQL (docs/http-api.md "Contract: query adapter" rule 2). On the adapter surface the deciding user is the session id.
 * Errors come from the pipeline: NothingPendingError (404), ApprovalConflictError (409), ApprovalExecutionError
 * (422, or 502 when the database is unreachable). Another user's /api session answers 404 NOT_FOUND
 * (SessionAccessService.assertAdapterAccess); 403 FORBIDDEN when ADAPTER_ROLE is below `approver`.
 */
@Injectable()
export class ApprovalService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Mark approved and execute once; answers the rows affected. `apiKey` is the X-API-Key presented (null: none): a
   * write held for an MCP agent's question is refused (403) with that agent's key or with none.
   */
  async approve(sessionId: string, apiKey: string | null): Promise<ApprovalDecisionResponseDto> {
    assertRole(adapterPrincipal(this.config, sessionId), 'approver', 'approve or reject writes');
    await this.access.assertAdapterAccess(sessionId);
    const outcome = await this.pipeline.approve(sessionId, sessionId, apiKey ? keyFingerprint(apiKey) : null);
    return { status: 'approved', session_id: outcome.sessionId, rows_affected: outcome.rowsAffected };
  }

  /** Mark rejected; nothing is executed. */
  async reject(sessionId: string): Promise<ApprovalDecisionResponseDto> {
    assertRole(adapterPrincipal(this.config, sessionId), 'approver', 'approve or reject writes');
    await this.access.assertAdapterAccess(sessionId);
    const outcome = await this.pipeline.reject(sessionId, sessionId);
    return { status: 'rejected', session_id: outcome.sessionId };
  }
}
