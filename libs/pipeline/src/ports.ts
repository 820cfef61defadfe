import type {
  DecidedTraceStatus,
  ExampleStatus,
  HistoryEntry,
  KnowledgeDefinition,
  LiveEvent,
  SqlKind,
  Trace,
  VerifiedExample,
} from '@nlq/contracts';
import type { DatabaseDriver } from '@nlq/db-drivers';
import type { FewShotExample, LlmProvider } from '@nlq/llm-providers';

/** Bound of a {@link StateStore.listHistory} read. */
export interface HistoryReadOptions {
  /** Only the newest this many entries of the session (a positive integer). */
  newest?: number;
  /**
   * Leave out the kept result rows of query entries (`HistoryEntry.result`, up to 64 KiB each): the pipeline's own
   * reads (the conversation window, the entry feedback rates) never need them.
   */
  omitResults?: boolean;
}

/**
 * History entries the pipeline reads per question for the conversation window (stages/conversation.ts): the newest
 * 20 of the session, so a cache hit or miss costs the same in a session of 10 or of 100,000 entries (before, a
 * session's whole history was read and parsed on every question: the benchmark's cache-hit session, which grows by
 * one entry per request, fell from 115 to 48 requests/s within 10 s). 20 holds the window's default 5 turns unless
 * more than 15 of the newest entries are failures, repeats of the question, feedback or approvals.
 */
export const RECENT_HISTORY_ENTRIES = 20;

/** Which page of a session's history {@link StateStore.historyPage} reads. */
export interface HistoryPageRequest {
  /** Most entries on the page (a positive integer; the caller bounds it). */
  limit: number;
  /** A `nextCursor` of an earlier page: the entries older than that page. Null or absent: the newest entries. */
  cursor?: string | null;
  /** Leave out the kept result rows (HistoryReadOptions.omitResults). */
  omitResults?: boolean;
}

/** One page of a session's history: entries oldest first, and the cursor of the older page (null at the start). */
export interface HistoryPage {
  entries: HistoryEntry[];
  nextCursor: string | null;
}

/** A history cursor a store did not issue (malformed): the caller answers 400. */
export class InvalidHistoryCursorError extends Error {
  constructor(cursor: string) {
    super(`cursor "${cursor.slice(0, 64)}" is not a cursor this list returned`);
    this.name = 'InvalidHistoryCursorError';
  }
}

/** A write or DDL held for a human's decision (docs/architecture.md "Approval"). */
export interface PendingOperation {
  id: string;
  sessionId: string;
  userId: string;
  connectionId: string;
  question: string;
  sql: string;
  kind: SqlKind;
  /**
   * pending -> executing (an approve claimed it; `executor` and `leaseUntil` set) -> approved (ran once,
   * `rowsAffected`) | failed (`error`; the database rolled it back or refused it, so it may be approved again);
   * pending | failed -> rejected; superseded when a newer pending operation arrives in the same session
   * (docs/architecture.md "Approval").
   */
  state: OperationState;
  /** History entry id of the query that produced it. */
  queryEntryId: string;
  /**
   * Rows the write would change, counted read-only before anyone decides (docs/architecture.md "Approval"); null for DDL and
   * when the count failed or timed out (absent on operations stored before the preview existed).
   */
  estimatedRows?: number | null;
  /** Fingerprint of the key of the MCP agent whose question held it (AskInput.agentKey); null otherwise. */
  agentKey?: string | null;
  createdAt: string;
  decidedAt?: string | null;
  decidedBy?: string | null;
  /** Replica id running the write while `executing` (kept afterwards for the record). */
  executor?: string | null;
  /** ISO-8601 end of the executor's lease while `executing`: past it, any replica may mark the run interrupted. */
  leaseUntil?: string | null;
  /** Rows the write changed, once `approved`. */
  rowsAffected?: number | null;
  /** Why the run failed, once `failed`. */
  error?: string | null;
}

/** States of a {@link PendingOperation}. */
export type OperationState = 'pending' | 'executing' | 'approved' | 'failed' | 'rejected' | 'superseded';

/** Who runs an approved write and until when (ISO-8601) its claim holds unless renewed. */
export interface ExecutionLease {
  executor: string;
  leaseUntil: string;
}

/** How a run ended: the write committed (rows affected) or it failed (the error text). */
export type ExecutionOutcome = { state: 'approved'; rowsAffected: number } | { state: 'failed'; error: string };

/**
 * Durable state the pipeline reads and writes (implemented with TypeORM in apps/api). Every method may reject
 * with the store's own error; the pipeline lets those surface as 500s.
 */
export interface StateStore {
  appendHistory(entry: HistoryEntry): Promise<void>;
  /**
   * The session's entries, oldest first. With `options.newest`, only the newest that many entries (still oldest
   * first), so a request's read is bounded however long the session grows (the pipeline's conversation window reads
   * {@link RECENT_HISTORY_ENTRIES}). A store may ignore the option and return every entry: callers must accept more.
   */
  listHistory(sessionId: string, options?: HistoryReadOptions): Promise<HistoryEntry[]>;
  /**
   * Optional: one page of the session's history, newest first by pages (each page oldest first), read with a keyset
   * (LIMIT, never the whole session), so a session of any length answers in bounded time and memory. Without it the
   * pipeline pages listHistory's whole read.
   * @throws InvalidHistoryCursorError for a cursor it did not issue
   */
  historyPage?(sessionId: string, page: HistoryPageRequest): Promise<HistoryPage>;
  /**
   * Optional: claim the open clarification of query entry `entryId` for one reply (one conditional UPDATE ... WHERE
   * clarification_state = 'open', won when it changed one row), so a clarification is answered exactly once however
   * many replies arrive together, on any replica. Resolves true for the one winner, false for every other call.
   * Without it a store cannot tell concurrent replies apart and each is answered.
   */
  claimClarification?(entryId: string): Promise<boolean>;
  /**
   * Positively rated, successful read questions with their SQL for this connection, newest first. No longer read by
   * the pipeline: its few-shot examples are the verified examples ({@link StateStore.verifiedExamples}).
   */
  listPositiveExamples(connectionId: string, limit: number): Promise<FewShotExample[]>;
  /** Store a new pending operation and mark any older pending or failed one of the same session superseded. */
  savePending(operation: PendingOperation): Promise<void>;
  /**
   * Atomically move the session's newest decidable operation (state `pending`, or `failed`: a failed run may be
   * approved again or rejected) to `state` (UPDATE ... WHERE state IN ('pending','failed')); `executing` needs the
   * lease. Resolves with the operation when this call won, null when nothing was decidable (or another caller won).
   */
  claimPending(
    sessionId: string,
    state: 'approved' | 'rejected' | 'executing',
    decidedBy: string,
    lease?: ExecutionLease,
  ): Promise<PendingOperation | null>;
  /** Extend the lease of an `executing` operation this executor owns; false when it no longer does. */
  renewLease(operationId: string, lease: ExecutionLease): Promise<boolean>;
  /**
   * End the run of an `executing` operation this executor owns (UPDATE ... WHERE state = 'executing' AND
   * executor = ?); resolves with the operation as stored, or null when it was no longer this executor's. A
   * committed write (`approved`) also overrides a `failed` mark another replica set after the lease ran out, so it
   * cannot be approved and run a second time.
   */
  finishExecution(operationId: string, executor: string, outcome: ExecutionOutcome): Promise<PendingOperation | null>;
  /**
   * Mark failed with `error` every `executing` operation whose lease ended before `now` (ISO-8601) or, when given,
   * whose executor is `restartedExecutor` (that replica restarted: its runs died with it); resolves with the
   * operations so marked.
   */
  failInterrupted(error: string, now: string, restartedExecutor?: string): Promise<PendingOperation[]>;
  /** The session's most recent operation in any state, or null. */
  latestOperation(sessionId: string): Promise<PendingOperation | null>;
  saveTrace(trace: Trace): Promise<void>;
  /**
   * Optional: the decision on a held write reaches the trace of the question that held it: the
   * trace of history entry `queryEntryId` (its `trace_id`) gets `status` and `error` (the failure's text, else null).
   * Resolves without change when the entry or its trace is gone (pruned). Without it such a trace stays
   * `pending_approval`.
   */
  decideTrace?(queryEntryId: string, status: DecidedTraceStatus, error: string | null): Promise<void>;
  /**
   * Optional: store history entries and traces together in one transaction (all or none), so the pipeline's group
   * commit (record-batcher.ts) pays one commit for every request that ended while the previous batch was written.
   * Without it the batcher calls appendHistory and saveTrace once per record.
   */
  appendRecords?(records: StateRecords): Promise<void>;
  /**
   * Optional: the verified examples (libs/pipeline/src/examples/). Without it a store offers no
   * few-shot examples at all: a thumbs-up alone never reaches a prompt.
   */
  verifiedExamples?: VerifiedExampleStore;
  /**
   * Optional: the live (not deleted) business definitions of a connection (docs/knowledge.md), oldest first.
   * May be cached briefly (a store forgets its cache when a definition of the connection is written). Without it no
   * definition applies to any question.
   */
  listDefinitions?(connectionId: string): Promise<KnowledgeDefinition[]>;
}

/** Which verified examples a {@link VerifiedExampleStore.listExamples} call reads. */
export interface ExampleFilter {
  connectionId?: string;
  status?: ExampleStatus;
  /** At most this many (newest change first). */
  limit?: number;
}

/** The fields a {@link VerifiedExampleStore.updateExample} call may change (`updated_at` is always set). */
export type ExampleChange = Partial<
  Pick<VerifiedExample, 'status' | 'reason' | 'schema_version' | 'result_fingerprint' | 'updated_at'>
>;

/** Storage of verified examples and their candidates (docs/architecture.md step 5). Rejects with the store's error. */
export interface VerifiedExampleStore {
  insertExample(example: VerifiedExample): Promise<void>;
  getExample(id: string): Promise<VerifiedExample | null>;
  /** Matching examples, newest change (`updated_at`, then `created_at`) first. */
  listExamples(filter: ExampleFilter): Promise<VerifiedExample[]>;
  /**
   * Apply `change` to the example when its status is one of `from` (one conditional UPDATE, so two concurrent
   * transitions cannot both win); resolves with the example as stored, or null when it was not in `from` (or unknown).
   */
  updateExample(id: string, from: readonly ExampleStatus[], change: ExampleChange): Promise<VerifiedExample | null>;
  /** The verified examples of the connection for a prompt, newest change first, at most `limit`; may be cached briefly. */
  fewShotExamples(connectionId: string, limit: number): Promise<Array<{ id: string; question: string; sql: string }>>;
}

/** What one {@link StateStore.appendRecords} call stores: history entries, in order, and traces (upserted by id). */
export interface StateRecords {
  history: HistoryEntry[];
  traces: Trace[];
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

/** Audit log: one line per query, approval and rejection, naming the user (docs/http-api.md "Contract: query adapter" rule 6). */
export interface AuditLogger {
  audit(event: 'query' | 'approve' | 'reject' | 'feedback', fields: Record<string, unknown>): void;
}

/** Who words answers (ANSWER_MODE): always a template, always the model, or a template where it is exact. */
export type AnswerMode = 'auto' | 'template' | 'model';

/** Pipeline limits, from configuration (never from the request body). */
export interface PipelineConfig {
  mode: 'user' | 'admin';
  /**
   * POSTGRES_RLS_ROLE_PREFIX: when set, each read on a PostgreSQL connection of a question asked with a role runs
   * under `SET LOCAL ROLE <prefix><role>` with `nlq.user_id` and `nlq.user_<attribute>` set for its transaction
   * (databaseIdentity), so native row-level security applies. Unset: off.
   */
  postgresRlsRolePrefix?: string | null;
  maxQuestionChars: number;
  maxResultRows: number;
  statementTimeoutMs: number;
  maxRetries: number;
  /** Result cache time to live in seconds (docs/http-api.md "Contract: limits": 300). */
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
