import type { QueryResponse } from '@nlq/contracts';
import type { AskOutcome } from '@nlq/pipeline';

/**
 * The QueryResponse fields (spec section 2) of a pipeline outcome, in wire order: response, sql, success,
 * pending_approval, session_id, error. POST /query answers exactly these; POST /api/chat adds its own after them.
 */
export function toQueryResponse(outcome: AskOutcome): QueryResponse {
  return {
    response: outcome.response,
    sql: outcome.sql,
    success: outcome.success,
    pending_approval: outcome.pendingApproval,
    session_id: outcome.sessionId,
    error: outcome.error,
  };
}
