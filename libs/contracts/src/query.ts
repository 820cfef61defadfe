/** Wire types of the query adapter surface (docs/http-api.md "Contract: query adapter"). */
import type { AnswerWarning } from './answer-warning';
import type { StoredClarification } from './clarification';
import type { KeptResult } from './kept-result';
import type { KnowledgeUse } from './knowledge';

/** Body of POST /query (docs/http-api.md "Contract: query adapter", QueryRequest). */
export interface QueryRequest {
  question: string;
  /** Session owner; becomes the session id. Default `rest_user` (docs/http-api.md "Contract: query adapter" rule 1). */
  user_id?: string;
  /** Feedback signal forwarded into the pipeline to pre-tag the request; stored with the history entry. */
  rlhf_signal?: string;
}

/** Answer of POST /query (docs/http-api.md "Contract: query adapter", QueryResponse). A pipeline failure is success false with error set, not HTTP. */
export interface QueryResponse {
  response: string;
  /** The generated SQL ('' when none was written); null only when nlq asked back instead of answering. */
  sql: string | null;
  success: boolean;
  pending_approval: boolean;
  session_id: string;
  error: string | null;
}

/** Answer of POST /approve/{id} and POST /reject/{id}. rows_affected is set on approve (docs/architecture.md "Approval"). */
export interface ApprovalDecisionResponse {
  status: 'approved' | 'rejected';
  session_id: string;
  rows_affected?: number;
}

export type FeedbackSignal = 'positive' | 'negative';
export const FEEDBACK_SIGNALS: readonly FeedbackSignal[] = ['positive', 'negative'];

export interface FeedbackRequest {
  signal: FeedbackSignal;
}

export interface FeedbackResponse {
  status: 'ok';
  signal: FeedbackSignal;
}

/** Kinds of entries in a session history. */
export type HistoryEntryKind = 'query' | 'approval' | 'rejection' | 'feedback';

/**
 * One stored history entry (the spec leaves the fields open; these are nlq's).
 * `status` for a query: ok, error, pending_approval, refused, clarification; for approval: approved (or error); rejection: rejected.
 */
export interface HistoryEntry {
  id: string;
  kind: HistoryEntryKind;
  session_id: string;
  user_id: string;
  question: string | null;
  sql: string | null;
  answer: string | null;
  status: string;
  error: string | null;
  row_count: number | null;
  rows_affected: number | null;
  signal: string | null;
  rlhf_signal: string | null;
  trace_id: string | null;
  /** Id of the query entry this feedback/approval refers to, when any. */
  ref_id: string | null;
  /** Connection the entry's SQL ran on (query, approval, feedback), when known; lets a store pick few-shot examples per connection. */
  connection_id?: string | null;
  /**
   * A query held for approval: rows its write would change, counted read-only before anyone decides (null for DDL
   * or when it could not be counted); absent or null on other entries.
   */
  estimated_rows?: number | null;
  /** A successful query: what its SQL computed in plain English; absent or null otherwise. */
  reading?: string | null;
  /**
   * A query asked back (status `clarification`): the question and its options, each with the restated question that
   * answers it; absent or null otherwise.
   */
  clarification?: StoredClarification | null;
  /**
   * A query's provenance: the business definitions (id, version) its SQL was held to; absent when
   * none applied.
   */
  knowledge?: KnowledgeUse[] | null;
  /** A query's provenance: ids of the verified examples its SQL was written with (few-shot or matched); absent when none. */
  examples?: string[] | null;
  /**
   * An answered read: the first page of its rows as kept in history (kept-result.ts), so a reloaded
   * session shows its table and chart; absent or null otherwise.
   */
  result?: KeptResult | null;
  /**
   * An answered query's warnings from the answer check (docs/http-api.md "Answer warnings"); absent or empty when
   * there were none.
   */
  warnings?: AnswerWarning[] | null;
  created_at: string;
}

/**
 * GET /session/{session_id}: the session's most recent entries (at most `limit`, default HISTORY_PAGE_DEFAULT),
 * oldest first; `next_cursor` reads the older ones (null when the history starts here).
 */
export interface SessionHistoryResponse {
  history: HistoryEntry[];
  next_cursor?: string | null;
}

export interface RefreshResponse {
  status: 'ok' | 'error';
  message: string;
}

export type ServiceMode = 'user' | 'admin';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  integration: 'rest';
  schema_age_seconds: number;
  mode: ServiceMode;
}
