import type { FeedbackRequest } from './query';

/**
 * Body of POST /api/sessions/{id}/feedback: the signal, and optionally the history entry it rates
 * (`ChatResponse.history_entry_id`, or a query entry's id from GET /api/sessions/{id}). Without `entry_id` it rates
 * the session's latest question, the meaning of POST /feedback/{session_id} (docs/http-api.md "Contract: query adapter").
 */
export interface ApiFeedbackRequest extends FeedbackRequest {
  entry_id?: string;
}
