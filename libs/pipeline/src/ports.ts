import type { HistoryEntry, LiveEvent, SqlKind, Trace } from '@nlq/contracts';
import type { DatabaseDriver } from '@nlq/db-drivers';
import type { FewShotExample, LlmProvider } from '@nlq/llm-providers';

/** A write or DDL held for a human's decision (DESIGN.md "Approval"). */
export interface PendingOperation {
  id: string;
  sessionId: string;
  userId: string;
  connectionId: string;
  question: string;
  sql: string;
  kind: SqlKind;
  /** pending -> approved | rejected; superseded when a newer pending operation arrives in the same session. */
  state: 'pending' | 'approved' | 'rejected' | 'superseded';
  /** History entry id of the query that produced it. */
  queryEntryId: string;
  /**
   * Rows the write would change, counted read-only before anyone decides (DESIGN.md "Approval"); null for DDL and
   * when the count failed or timed out (absent on operations stored before the preview existed).
   */
  estimatedRows?: number | null;
  createdAt: string;
  decidedAt?: string | null;
  decidedBy?: string | null;
}

/**
 * Durable state the pipeline reads and writes (implemented with TypeORM in apps/api). Every method may reject
 * with the store's own error; the pipeline lets those surface as 500s.
 */
export interface StateStore {
  appendHistory(entry: HistoryEntry): Promise<void>;
  /** Oldest first. */
  listHistory(sessionId: string): Promise<HistoryEntry[]>;
  /** Positively rated, successful read questions with their SQL for this connection, newest first. */
  listPositiveExamples(connectionId: string, limit: number): Promise<FewShotExample[]>;
  /** Store a new pending operation and mark any older pending one of the same session superseded. */
  savePending(operation: PendingOperation): Promise<void>;
  /**
   * Atomically move the session's pending operation to `state` (UPDATE ... WHERE state = 'pending'); resolves with
   * the operation when this call won, null when nothing was pending (or another caller won the race).
   */
  claimPending(sessionId: string, state: 'approved' | 'rejected', decidedBy: string): Promise<PendingOperation | null>;
  /** The session's most recent operation in any state, or null. */
  latestOperation(sessionId: string): Promise<PendingOperation | null>;
  saveTrace(trace: Trace): Promise<void>;
}

/** The database a question is asked of. */
export interface QueryTarget {
  connectionId: string;
  driver: DatabaseDriver;
}

/** Resolves connections and the model provider per request, so the active ones can change at run time. */
export interface TargetResolver {
  /** The named connection, or the active one when id is absent. Rejects with NotFoundError for an unknown id. */
  connection(connectionId?: string): Promise<QueryTarget>;
  provider(): Promise<LlmProvider>;
  /**
   * The optional second provider of the local-first cascade (LLM_FALLBACK_*): a question whose SQL from provider()
   * fails generation, checking or execution escalates to it once. Null or absent: no cascade.
   */
  fallbackProvider?(): Promise<LlmProvider | null>;
}

/** Where live events go (in-process bus or Redis pub/sub); must never throw. */
export interface EventSink {
  publish(event: LiveEvent): void;
}

/** Audit log: one line per query, approval and rejection, naming the user (spec 1.9). */
export interface AuditLogger {
  audit(event: 'query' | 'approve' | 'reject' | 'feedback', fields: Record<string, unknown>): void;
}

/** Who words answers (ANSWER_MODE): always a template, always the model, or a template where it is exact. */
export type AnswerMode = 'auto' | 'template' | 'model';

/** Pipeline limits, from configuration (never from the request body). */
export interface PipelineConfig {
  mode: 'user' | 'admin';
  maxQuestionChars: number;
  maxResultRows: number;
  statementTimeoutMs: number;
  maxRetries: number;
  /** Result cache time to live in seconds (spec 8: 300). */
  cacheTtlSeconds: number;
  /** Rows the answer writer sees at most. */
  answerRowLimit: number;
  /** Approximate prompt budget for the linked schema, in tokens (4 characters a token). */
  schemaTokenBudget: number;
  /** Who words answers (default auto: a template where it states the result exactly, else the provider). */
  answerMode?: AnswerMode;
  /** Earlier answered turns of the session sent with a question, newest last (default 5; 0 turns conversation off). */
  conversationTurns?: number;
}
