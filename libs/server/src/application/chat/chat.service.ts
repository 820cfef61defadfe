import { Inject, Injectable } from '@nestjs/common';
import { publicClarification, type ChatRequest, type ChatResponse } from '@nlq/contracts';
import { ApiException } from '../../platform/common/api.exception';
import { QueryPipeline, type EventSink } from '@nlq/pipeline';
import type { Caller } from '../../platform/auth/caller';
import { SessionAccessService } from '../../platform/sessions/session-access.service';
import { AppConfig } from '../../platform/config/app-config';
import { toQueryResponse } from '../../platform/pipeline/query-response.mapper';
import { suggestChart } from './chart-suggestion';

/**
 * POST /api/chat: asks the pipeline in the caller's session (a new one when none is named; another user's answers
 * 404) on the chosen or the active connection, with the caller as the audited user. Answers the QueryResponse
 * fields plus at most MAX_RESULT_ROWS rows, a chart suggestion and the trace id. A pipeline failure is success
 * false with error set; an unknown connection_id is 404. `events`, when given, hears this request's live events
 * (stage.*, answer.delta, answer.ready, approval.pending, clarification.requested) as they happen (POST
 * /api/chat/stream). A `clarification_option` answers that option of the session's open clarification (409
 * NO_CLARIFICATION when it names none; 400 when neither it nor a question is given).
 */
@Injectable()
export class ChatService {
  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
    private readonly config: AppConfig,
  ) {}

  async chat(
    caller: Caller,
    request: ChatRequest,
    events?: EventSink,
  ): Promise<ChatResponse & Required<Pick<ChatResponse, 'knowledge'>>> {
    if (request.question === undefined && request.clarification_option === undefined) {
      throw ApiException.validation([
        { field: 'question', problems: ['question is required unless clarification_option is given'] },
      ]);
    }
    if (request.clarification_option !== undefined && request.session_id === undefined) {
      throw ApiException.validation([
        {
          field: 'session_id',
          problems: ['session_id is required with clarification_option (the session that was asked back)'],
        },
      ]);
    }
    const sessionId = await this.access.openForChat(caller, request.session_id);
    const outcome = await this.pipeline.ask({
      question: request.question ?? '',
      clarificationOption: request.clarification_option ?? null,
      sessionId,
      userId: caller.userId,
      agentKey: caller.agent ? (caller.keyId ?? null) : null,
      access: { role: caller.role, attributes: caller.attributes },
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
      reading: outcome.reading,
      clarification: outcome.clarification ? publicClarification(outcome.clarification) : null,
      total_rows: result?.truncated && typeof result.totalRows === 'number' ? result.totalRows : null,
      knowledge: outcome.knowledge.map(({ kind, id, name, version }) => ({ kind, id, name, version })),
      warnings: outcome.warnings.map(({ code, message, words }) => ({ code, message, ...(words ? { words } : {}) })),
    };
  }
}
