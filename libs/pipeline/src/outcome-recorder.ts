import type { DatabaseIdentity } from '@nlq/db-drivers';
import type { AppliedDataPolicy } from './data-policy/data-access';
import type { DescriptionDefinitionBody, RelationshipDefinitionBody } from '@nlq/contracts';
import {
  publicClarification,
  type AnswerWarning,
  type ReadResult,
  type SqlKind,
  type StoredClarification,
  type TraceStatus,
} from '@nlq/contracts';
import type { ConversationTurn } from '@nlq/llm-providers';
import type { AuditLogger } from './ports';
import type { RecordBatcher } from './record-batcher';
import type { CachedAnswer, ResultCache } from './result-cache';
import type { NearDuplicateIndex } from './stages/cache';
import type { SqlRepair } from './stages/check';
import { clarificationText } from './stages/clarification';
import { historyEntry } from './stages/record';
import { keptResult } from './kept-result';
import type { TraceRecorder } from './trace-recorder';
import type { AskInput, AskOutcome } from './types';
import type { KnowledgeMatch } from './knowledge/match-definitions';

/** How a request ends, before it is recorded. */
export interface Ending {
  status: TraceStatus;
  success: boolean;
  response: string;
  sql: string;
  error: string | null;
  kind: SqlKind | null;
  result: ReadResult | null;
  pendingApproval: boolean;
  cached: boolean;
  /** A held write's impact preview: rows it would change (null when not counted); absent for other endings. */
  estimatedRows?: number | null;
  /** Set for a successful, freshly answered read: stored in the result cache and the near-duplicate index. */
  cacheable?: { key: string; value: CachedAnswer };
  /** A successful read: what its SQL computed, in plain English (stages/reading). */
  reading?: string | null;
  /** The question was asked back (see {@link askedBack}). */
  clarification?: StoredClarification;
  /** Ids of the verified examples the SQL was written with (provenance, docs/architecture.md step 5); absent or empty when none. */
  examples?: string[];
  /** The answer check's warnings on an answered read (answer-check/); absent or empty when none. */
  warnings?: AnswerWarning[];
}

/** Per-request state. */
export interface Run {
  input: AskInput;
  question: string;
  entryId: string;
  rec: TraceRecorder;
  connectionId: string;
  /** Repairs the check stage applied to the final SQL (empty when it ran as the model wrote it). */
  repairs: SqlRepair[];
  /** The session's earlier answered turns sent with the question, oldest first (stages/conversation.ts). */
  conversation: ConversationTurn[];
  /** Fingerprint of `conversation` for cache keys and near-duplicate scopes ('' for none). */
  context: string;
  /** The business definitions that apply to the question (docs/knowledge.md; knowledge/match-definitions.ts). */
  knowledge: KnowledgeMatch;
  /** Their ids and versions, for cache keys and near-duplicate scopes ('' for none). */
  knowledgeKey: string;
  /** The data policy the question runs under (null: none applies); its key is part of `context`. */
  dataPolicy: AppliedDataPolicy | null;
  /** The database role and settings reads run under (PostgreSQL row-level security; null: none). */
  databaseIdentity: DatabaseIdentity | null;
  /** The connection's description and relationship definitions, laid over its schema (knowledge/schema-descriptions.ts). */
  descriptions?: ReadonlyArray<DescriptionDefinitionBody | RelationshipDefinitionBody>;
}

/** An ending that failed with `error` (the response is the error text). */
export function failure(status: TraceStatus, error: string, sql = '', kind: SqlKind | null = null): Ending {
  return {
    status,
    success: false,
    response: error,
    sql,
    error,
    kind,
    result: null,
    pendingApproval: false,
    cached: false,
  };
}

/**
 * An ending that asks back instead of answering (docs/architecture.md "Readings and clarifications"): success false, error null, no SQL, nothing executed; the
 * response states the question and the numbered options (what POST /query shows).
 */
export function askedBack(clarification: StoredClarification): Ending {
  return {
    status: 'clarification',
    success: false,
    response: clarificationText(clarification),
    sql: '',
    error: null,
    kind: null,
    result: null,
    pendingApproval: false,
    cached: false,
    clarification,
  };
}

/** What {@link OutcomeRecorder} needs from the pipeline. */
export interface OutcomeDeps {
  /** Epoch milliseconds. */
  clock: () => number;
  audit: AuditLogger;
  resultCache: ResultCache;
  nearDuplicates: NearDuplicateIndex;
  records: RecordBatcher;
  /** Result cache time to live, in seconds. */
  cacheTtlSeconds: number;
}

/**
 * Step 12 of docs/architecture.md ("record") for one question: the history entry, the audit line, the result cache
 * and near-duplicate entries of a fresh successful read, the history entry and trace in the next group commit, and
 * the answer.ready live event; then the outcome the caller returns.
 */
export class OutcomeRecorder {
  constructor(private readonly deps: OutcomeDeps) {}

  /**
   * Step 12: audit line, cache entry, history entry and trace (one group commit, awaited: record-batcher.ts),
   * answer.ready event; builds the outcome.
   */
  async finish(run: Run, ending: Ending): Promise<AskOutcome> {
    const { rec, input } = run;
    const span = rec.start('record');
    const entry = historyEntry(entryFields(run, ending), this.deps.clock());
    this.deps.audit.audit('query', {
      userId: input.userId,
      sessionId: input.sessionId,
      traceId: rec.traceId,
      status: ending.status,
      sqlKind: ending.kind,
      connectionId: run.connectionId || null,
      cached: ending.cached,
    });
    const cacheError = ending.cacheable ? await this.remember(run, ending.cacheable) : null;
    span.end('ok', {
      error: cacheError,
      detail: {
        historyEntryId: entry.id,
        cached: Boolean(ending.cacheable) && cacheError === null,
        ...(run.knowledge.uses.length ? { knowledge: run.knowledge.uses } : {}),
      },
    });
    // History entry and trace go in the next group commit; the answer is returned only once both are committed.
    await this.deps.records.record(
      [entry],
      [rec.toTrace({ question: run.question, sql: ending.sql || null, status: ending.status, error: ending.error })],
    );
    if (ending.clarification) rec.publish('clarification.requested', { ...publicClarification(ending.clarification) });
    rec.publish('answer.ready', {
      success: ending.success,
      sql: ending.sql,
      response: ending.response,
      error: ending.error,
      rowCount: ending.result ? ending.result.rowCount : null,
      pendingApproval: ending.pendingApproval,
      reading: ending.reading ?? null,
      warnings: ending.warnings ?? [],
    });
    return askOutcome(run, ending, entry.id);
  }

  /**
   * Store a fresh answer in the result cache (an outage is answered as its message, else null) and its question in
   * the near-duplicate index of its scope.
   */
  private async remember(run: Run, cacheable: { key: string; value: CachedAnswer }): Promise<string | null> {
    let cacheError: string | null = null;
    try {
      await this.deps.resultCache.set(cacheable.key, cacheable.value, this.deps.cacheTtlSeconds);
    } catch (error) {
      cacheError = error instanceof Error ? error.message : String(error);
    }
    const { value } = cacheable;
    this.deps.nearDuplicates.remember(
      {
        connectionId: run.connectionId,
        sessionId: run.input.sessionId,
        userId: run.input.userId,
        context: run.context,
        knowledge: run.knowledgeKey,
      },
      { question: value.question, sql: value.sql, modelId: value.modelId, schemaVersion: value.schemaVersion },
    );
    return cacheError;
  }
}

/** The fields of the request's `query` history entry (stages/record.ts adds the time). */
function entryFields(run: Run, ending: Ending): Parameters<typeof historyEntry>[0] {
  const { input } = run;
  return {
    id: run.entryId,
    kind: 'query',
    session_id: input.sessionId,
    user_id: input.userId,
    question: run.question,
    sql: ending.sql || null,
    answer: ending.success ? ending.response : null,
    status: ending.status,
    error: ending.error,
    row_count: ending.result ? ending.result.rowCount : null,
    ...(ending.pendingApproval ? { estimated_rows: ending.estimatedRows ?? null } : {}),
    ...(ending.reading ? { reading: ending.reading } : {}),
    ...(ending.clarification ? { clarification: ending.clarification } : {}),
    ...(run.knowledge.uses.length ? { knowledge: run.knowledge.uses } : {}),
    ...(ending.examples?.length ? { examples: ending.examples } : {}),
    ...(ending.warnings?.length ? { warnings: ending.warnings } : {}),
    // an answered read keeps the first page of its rows, so a reloaded session shows its table
    ...(ending.success && ending.result && !ending.pendingApproval ? { result: keptResult(ending.result) } : {}),
    rlhf_signal: input.rlhfSignal ?? null,
    trace_id: run.rec.traceId,
    connection_id: run.connectionId || null,
  };
}

/** What `ask` answers for a recorded ending. */
function askOutcome(run: Run, ending: Ending, historyEntryId: string): AskOutcome {
  return {
    status: ending.status,
    success: ending.success,
    response: ending.response,
    sql: ending.sql,
    pendingApproval: ending.pendingApproval,
    sessionId: run.input.sessionId,
    error: ending.error,
    kind: ending.kind,
    result: ending.result,
    traceId: run.rec.traceId,
    historyEntryId,
    cached: ending.cached,
    connectionId: run.connectionId,
    repairs: run.repairs,
    reading: ending.reading ?? null,
    clarification: ending.clarification ?? null,
    knowledge: run.knowledge.uses,
    examples: ending.examples ?? [],
    warnings: ending.warnings ?? [],
    ...(ending.pendingApproval ? { estimatedRows: ending.estimatedRows ?? null } : {}),
  };
}
