import type { Role } from './roles';
/**
 * Wire types of the application surface under /api (docs/http-api.md "Contract: application surface"). The spec leaves payloads "not shown"; these
 * are nlq's, documented in OpenAPI at /docs. Every /api endpoint requires X-API-Key (docs/http-api.md "Contract: authentication" rule 2). Paging: `page`
 * starts at 1, `page_size` 1..100 (default 20).
 */
import type { AnswerWarning } from './answer-warning';
import type { HealthResponse, HistoryEntry, QueryResponse } from './query';
import type { SqlKind } from './sql';
import type { Trace, TraceStatus } from './trace';
import type { Dialect } from './schema';
import type { Clarification } from './clarification';
import type { KnowledgeUse } from './knowledge';
import type { ChartSuggestion } from './results';

/** A page of items. */
export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
  /**
   * Lists read by keyset (GET /api/traces, GET /api/sessions): pass as `cursor` to read the next page; null at the end. With a cursor
   * `page` is ignored.
   */
  next_cursor?: string | null;
}

/** Entries of a history page (GET /api/sessions/{id}, GET /session/{id}, MCP session_history) when `limit` is absent. */
export const HISTORY_PAGE_DEFAULT = 50;
/** Most entries of one history page (`limit` 1..100). */
export const HISTORY_PAGE_MAX = 100;

/**
 * Body of POST /api/chat. Either `question`, or `clarification_option` (with the `session_id` that was asked back):
 * the id of the chosen option of the session's open clarification, which answers that reading.
 */
export interface ChatRequest {
  question?: string;
  /** Id of an option of the session's open clarification (`ChatResponse.clarification.options[].id`). */
  clarification_option?: string;
  /** Existing session of the caller to continue; a new session id is created when absent. */
  session_id?: string;
  /** Connection to ask; the active connection when absent. */
  connection_id?: string;
}

/** Answer of POST /api/chat: everything POST /query answers, plus the rows and what the web app needs. */
export interface ChatResponse extends QueryResponse {
  columns: string[];
  rows: unknown[][];
  row_count: number;
  truncated: boolean;
  chart: ChartSuggestion | null;
  trace_id: string;
  history_entry_id: string;
  kind: SqlKind | null;
  cached: boolean;
  connection_id: string;
  /**
   * When pending_approval: rows the write would change, counted read-only before anyone decides (docs/architecture.md
   * "Approval"); null for DDL or when the count failed (the response text says "could not count"). Absent otherwise.
   */
  estimated_rows?: number | null;
  /**
   * Deterministic repairs made to the model's SQL before it ran (docs/architecture.md step 7), in text order: `rule`
   * (double-quoted-literal, keyword-identifier, aggregate-distinct-argument), the text before and after. Empty when
   * the SQL ran as written.
   */
  repairs: Array<{ rule: string; from: string; to: string }>;
  /**
   * What the executed SQL computed, in plain English, derived from the parsed statement, e.g. "Counted
   * orders with status 'shipped' placed in 2024, per customer country, largest first." Null when nothing ran.
   */
  reading: string | null;
  /**
   * Set (with success false, error null, sql null) when nlq asks back instead of guessing: the question and 2 to 5
   * options; answer with POST /api/chat `{ session_id, clarification_option: id }` or a new question. Null otherwise.
   */
  clarification: Clarification | null;
  /**
   * Rows the statement would have returned without the row limit, when the limit cut them (`truncated` true) and
   * they could be counted within the statement timeout; null otherwise.
   */
  total_rows: number | null;
  /**
   * The business definitions the question matched and the SQL was held to (docs/knowledge.md "At question
   * time"): kind, id, name (an instruction's text, cut) and the version used. Empty when none applied; this server
   * always sends it (optional for clients of older servers).
   */
  knowledge?: KnowledgeUse[];
  /**
   * What the answer check found in the SQL that ran and a person should check (docs/http-api.md "Answer warnings"):
   * `{ code, message, words? }` with stable codes (`unused_words`, `contradiction`, `type_mismatch`, `unknown_value`,
   * `count_distinct_group`, `key_aggregate`, `fan_out`, `limit_mismatch`, `order_by_key`). Empty when there is none.
   */
  warnings: AnswerWarning[];
}

/** GET /api/health: the /health fields plus reachability of the active database and model. */
export interface ApiHealthResponse extends HealthResponse {
  database: {
    connection_id: string;
    dialect: Dialect | null;
    reachable: boolean;
    latency_ms: number | null;
    error: string | null;
  };
  model: { provider: string; model: string; reachable: boolean; latency_ms: number | null; error: string | null };
  /**
   * What the active query connection's credential may do (null fields: could not be told), and in user mode a
   * warning when it can write or administer (docs/operations.md "A read-only database role for nlq").
   */
  privileges?: { superuser: boolean | null; can_write: boolean | null; warning: string | null };
}

/** One row of GET /api/traces (spans omitted; GET /api/traces/{id} returns the whole Trace). */
export type TraceSummary = Omit<Trace, 'spans'> & { span_count: number };

export interface TraceQuery {
  page?: number;
  page_size?: number;
  session_id?: string;
  status?: TraceStatus;
}

/** One row of GET /api/sessions. */
export interface SessionSummary {
  id: string;
  user_id: string;
  last_question: string | null;
  last_question_at: string | null;
  query_count: number;
  error_count: number;
  last_activity: string;
}

/**
 * GET /api/sessions/{id}: the session's summary (over every entry) and one page of its history: the newest `limit`
 * entries older than `cursor`, oldest first, each kept result capped (HISTORY_LIST_RESULT_MAX_ROWS and _BYTES).
 */
export interface SessionDetail {
  session: SessionSummary;
  history: HistoryEntry[];
  /** The feedback entries of this page. */
  feedback: HistoryEntry[];
  /** Cursor of the page of older entries; null when this page starts the session. */
  next_cursor: string | null;
  /** The page size used. */
  limit: number;
}

/** A database connection as every endpoint returns it: never the password. */
export interface ConnectionView {
  id: string;
  name: string;
  /** The URL with the password replaced by ***. */
  url: string;
  dialect: Dialect;
  has_password: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** POST /api/connections and PATCH /api/connections/{id} (all fields optional on PATCH). */
export interface ConnectionInput {
  name: string;
  /** Connection URL, e.g. postgres://user:pw@host:5432/db; the password is encrypted at rest. */
  url: string;
}

/** POST /api/connections/{id}/test and POST /api/llms/{id}/test. */
export interface TestResult {
  ok: boolean;
  latency_ms: number | null;
  error: string | null;
  /** Connections: number of tables seen. */
  tables?: number;
}

export type LlmProviderName = 'offline' | 'ollama' | 'openai' | 'anthropic';

/** A model provider setting: never the API key. */
export interface LlmView {
  id: string;
  name: string;
  provider: LlmProviderName;
  model: string | null;
  base_url: string | null;
  has_api_key: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface LlmInput {
  name: string;
  provider: LlmProviderName;
  model?: string | null;
  base_url?: string | null;
  /** Encrypted at rest; never returned. Send null to clear it on PATCH. */
  api_key?: string | null;
}

/** An issued user key (POST /api/keys answers the secret once, in `key`). */
export interface ApiKeyView {
  id: string;
  user_id: string;
  /** First characters of the key, to recognise it. */
  prefix: string;
  /** The key's role (contracts ROLES). */
  role: Role;
  /** The user's attributes, bound as parameters of data-policy row filters (e.g. `{ "country": "Germany" }`). */
  attributes: Record<string, string>;
  created_at: string;
  key?: string;
}

/** Who the caller is (GET /api/me). */
export interface WhoAmI {
  user_id: string;
  /** true for the service key: it may issue and revoke user keys and sees every session. */
  service: boolean;
  /** The caller's role (docs/http-api.md "Roles and data policies"). */
  role: Role;
  /** The caller's attributes (row filters bind them as `:user.<name>`). */
  attributes: Record<string, string>;
}
