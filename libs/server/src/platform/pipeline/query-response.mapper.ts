import { framedProse, type QueryResponse } from '@nlq/contracts';
import type { AskOutcome } from '@nlq/pipeline';
import { scrubMessage } from '../security/secret-scrubber';

/**
 * The QueryResponse fields (docs/http-api.md "Contract: query adapter") of a pipeline outcome, in wire order: response, sql, success,
 * pending_approval, session_id, error. POST /query answers exactly these; POST /api/chat adds its own after them.
 * A failure's `response` and `error` (a driver's or provider's text) pass through scrubMessage: no credentials. A
 * question asked back has `sql` null, `error` null and the question with numbered options as `response`.
 * `response` is framed (framedProse): a line of it that looks like one of nlq's sections (`SQL:`, `Session:`, ...) is
 * quoted with `> `, and it is cut at 8,000 characters.
 */
export function toQueryResponse(outcome: AskOutcome): QueryResponse {
  return {
    response: framedProse(outcome.success ? outcome.response : scrubMessage(outcome.response)),
    sql: outcome.clarification ? null : outcome.sql,
    success: outcome.success,
    pending_approval: outcome.pendingApproval,
    session_id: outcome.sessionId,
    error: outcome.error === null ? null : scrubMessage(outcome.error),
  };
}
