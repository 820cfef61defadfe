import { Inject, Injectable } from '@nestjs/common';
import type { ChatRequest, ChatResponse } from '@nlq/contracts';
import { QueryPipeline, type EventSink } from '@nlq/pipeline';
import type { Caller } from '../../platform/auth/caller';
import { SessionAccessService } from '../sessions/session-access.service';
import { AppConfig } from '../../platform/config/app-config';
import { toQueryResponse } from '../../platform/pipeline/query-response.mapper';
import { suggestChart } from './chart-suggestion';

/**
 * POST /api/chat: asks the pipeline in the caller's session (a new one when none is named; another user's answers
 * 404) on the chosen or the active connection, with the caller as the audited user. Answers the QueryResponse
 * fields plus at most MAX_RESULT_ROWS rows, a chart suggestion and the trace id. A pipeline failure is success
 * false with error set; an unknown connection_id is 404. `events`, when given, hears this request's live events
 * (stage.*, answer.delta, answer.ready, approval.pending) as they happen (POST /api/chat/stream).
 */
@Injectable()
export class ChatService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
    private readonly config: AppConfig,
  ) {}

  async chat(caller: Caller, request: ChatRequest, events?: EventSink): Promise<ChatResponse> {
    const sessionId = await this.access.openForChat(caller, request.session_id);
    const outcome = await this.pipeline.ask({
      question: request.question,
      sessionId,
      userId: caller.userId,
      connectionId: request.connection_id ?? null,
      ...(events ? { events } : {}),
    });
    const result = outcome.result;
    const limit = this.config.maxResultRows;
    const rows = result ? result.rows.slice(0, limit) : [];
    const columns = result?.columns ?? [];
    return {
      ...toQueryResponse(outcome),
      columns,
      rows,
      row_count: rows.length,
      truncated: Boolean(result && (result.truncated || result.rows.length > limit)),
      chart: outcome.success && result ? suggestChart(columns, rows) : null,
      trace_id: outcome.traceId,
      history_entry_id: outcome.historyEntryId,
      kind: outcome.kind,
      cached: outcome.cached,
      connection_id: outcome.connectionId,
      ...(outcome.pendingApproval ? { estimated_rows: outcome.estimatedRows ?? null } : {}),
      repairs: outcome.repairs.map(({ rule, from, to }) => ({ rule, from, to })),
    };
  }
}
