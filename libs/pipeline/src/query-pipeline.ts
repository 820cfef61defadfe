import type { DatabaseSchema, FeedbackSignal, HistoryEntry, ReadResult, SqlKind, TraceStatus } from '@nlq/contracts';
import { DatabaseError } from '@nlq/db-drivers';
import type { ConversationTurn, FewShotExample, LlmProvider } from '@nlq/llm-providers';
import { ApprovalConflictError, ApprovalExecutionError, NothingPendingError, PipelineError } from './errors';
import { RECENT_HISTORY_ENTRIES } from './ports';
import type { AuditLogger, EventSink, PendingOperation, PipelineConfig, QueryTarget, StateStore, TargetResolver } from './ports';
import { InMemoryResultCache } from './result-cache';
import { RecordBatcher } from './record-batcher';
import { recordId } from './record-id';
import type { CachedAnswer, ResultCache } from './result-cache';
import { TraceRecorder, safePublish } from './trace-recorder';
import { teeEvents } from './event-bus';
import type { AskInput, AskOutcome, ApprovalOutcome, RejectionOutcome } from './types';
import { checkQuestion } from './stages/intake';
import { connectionCachePrefix, NearDuplicateIndex, resultCacheKey } from './stages/cache';
import { SchemaCache } from './stages/schema';
import { linkSchema } from './stages/linking';
import type { LinkedSchema } from './stages/linking';
import type { SemanticScorer } from './linking/semantic-scores';
import { EXAMPLE_LIMIT, loadExamples } from './stages/examples';
import { generateSql } from './stages/generate';
import { CheckCache, describeReferenceErrors } from './stages/check';
import type { CheckResult, SqlRepair } from './stages/check';
import { decidePolicy } from './stages/policy';
import { executeRead, toDatabaseError } from './stages/execute';
import { decideCorrection, exhaustedMessage, isCorrectable } from './stages/correct';
import { writeAnswer } from './stages/answer';
import { conversationFingerprint, conversationWindow, DEFAULT_CONVERSATION_TURNS, linkingText } from './stages/conversation';
import { historyEntry } from './stages/record';
import { impactDetail, pendingResponse, previewImpact } from './stages/impact';
import { explainEmptyResult, withEmptyExplanation } from './stages/explain-empty';

/** Collaborators of the pipeline; resultCache defaults to an InMemoryResultCache, clock to Date.now (epoch ms). */
export interface QueryPipelineDeps {
  targets: TargetResolver;
  store: StateStore;
  config: PipelineConfig;
  audit: AuditLogger;
  events: EventSink;
  resultCache?: ResultCache;
  /**
   * Memory of recent questions for near-duplicate SQL reuse; default a new in-process NearDuplicateIndex. The api
   * passes one shared by its replicas (issue 14).
   */
  nearDuplicates?: NearDuplicateIndex;
  clock?: () => number;
  /**
   * Approval runs (docs/architecture.md "Approval"): `replicaId` names this replica as the executor of the writes it runs
   * (stable across restarts of one replica, so a restart finds its own interrupted runs; default `local`);
   * `leaseMs` is how long a run's claim holds without renewal (renewed every third of it; default 30,000 ms).
   */
  approvals?: { replicaId?: string; leaseMs?: number };
  /**
   * Optional semantic schema linking (issue 12): table and question embeddings from the model server, fused with the
   * lexical scores when the schema exceeds the prompt budget. A failing embedding server falls back to lexical.
   */
  semantic?: SemanticScorer | null;
}

/** The error an approval run cut short by a crash or stop is marked failed with. */
export const INTERRUPTED_APPROVAL_ERROR = 'interrupted: the service stopped while the statement ran; the database rolled it back';

/** How a request ends, before it is recorded. */
interface Ending {
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
}

/** Per-request state. */
interface Run {
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
}

/**
 * The question -> SQL -> checked SQL -> rows -> answer pipeline of docs/architecture.md, synchronous within one request, each
 * stage a trace span and a pair of stage.started / stage.finished live events. No HTTP, no NestJS.
 *
 * - `ask` never throws for pipeline failures (empty question, model or database unreachable, refused SQL, retries
 *   exhausted): it answers `success: false` with `error` set. It rejects only when the connection cannot be
 *   resolved (the resolver's NotFoundError) or the state store fails.
 * - `approve` / `reject` decide the session's pending write (spec section 3) exactly once, atomically.
 */
export class QueryPipeline {
  private readonly targets: TargetResolver;
  private readonly store: StateStore;
  private readonly config: PipelineConfig;
  private readonly audit: AuditLogger;
  private readonly events: EventSink;
  private readonly resultCache: ResultCache;
  private readonly clock: () => number;
  private readonly schemas: SchemaCache;
  private readonly nearDuplicates: NearDuplicateIndex;
  /** Id of the active connection as last resolved without an explicit id (for schemaAgeSeconds()). */
  private defaultConnectionId: string | null = null;
  /** Approval runs of this replica still executing (graceful shutdown waits for them). */
  private readonly runningApprovals = new Set<Promise<unknown>>();
  private readonly replicaId: string;
  private readonly leaseMs: number;
  private readonly semantic: SemanticScorer | null;
  private readonly records: RecordBatcher;
  private readonly checks = new CheckCache();

  constructor(deps: QueryPipelineDeps) {
    this.targets = deps.targets;
    this.store = deps.store;
    this.config = deps.config;
    this.audit = deps.audit;
    this.events = deps.events;
    this.clock = deps.clock ?? Date.now;
    this.resultCache = deps.resultCache ?? new InMemoryResultCache({ clock: this.clock });
    this.schemas = new SchemaCache(this.clock);
    this.nearDuplicates = deps.nearDuplicates ?? new NearDuplicateIndex({ ttlSeconds: deps.config.cacheTtlSeconds, clock: this.clock });
    this.replicaId = deps.approvals?.replicaId ?? 'local';
    this.leaseMs = deps.approvals?.leaseMs ?? 30_000;
    this.semantic = deps.semantic ?? null;
    this.records = new RecordBatcher(this.store);
  }

  /** Resolves once every answer's history entry and trace is committed (graceful shutdown, before the store closes). */
  flushRecords(): Promise<void> {
    return this.records.flush();
  }

  /** Answer one question (docs/architecture.md steps 1-12). */
  async ask(input: AskInput): Promise<AskOutcome> {
    const traceId = recordId();
    const rec = new TraceRecorder(traceId, { sessionId: input.sessionId, userId: input.userId }, input.events ? teeEvents(this.events, input.events) : this.events, this.clock);
    const run: Run = {
      input,
      question: typeof input.question === 'string' ? input.question : '',
      entryId: recordId(),
      rec,
      connectionId: input.connectionId ?? this.defaultConnectionId ?? '',
      repairs: [],
      conversation: [],
      context: '',
    };

    // 1. intake
    let span = rec.start('intake');
    const intake = checkQuestion(input.question, this.config.maxQuestionChars);
    if (!intake.ok) {
      span.end('error', { error: intake.error });
      run.question = run.question.slice(0, this.config.maxQuestionChars);
      return this.finish(run, failure('error', intake.error));
    }
    run.question = intake.question;
    span.end('ok', { detail: { chars: intake.question.length } });

    const target = await this.resolveTarget(input.connectionId ?? undefined);
    run.connectionId = target.connectionId;
    const provider = await this.targets.provider();

    // 3. schema (before the cache: the schema version is part of the cache key)
    span = rec.start('schema');
    let schema: DatabaseSchema;
    try {
      const loaded = await this.schemas.get(target.connectionId, target.driver);
      schema = loaded.schema;
      span.end(loaded.fromCache ? 'hit' : 'miss', { detail: { tables: schema.tables.length, version: schema.version, dialect: schema.dialect } });
    } catch (error) {
      const message = schemaErrorMessage(error);
      span.end('error', { error: message });
      return this.finish(run, failure('error', message));
    }

    // 2. cache: exact answer, else near-identical earlier question whose SQL is re-executed
    span = rec.start('cache');
    run.conversation = conversationWindow(await this.store.listHistory(input.sessionId, { newest: RECENT_HISTORY_ENTRIES }), {
      connectionId: target.connectionId,
      question: run.question,
      maxTurns: this.config.conversationTurns ?? DEFAULT_CONVERSATION_TURNS,
      tokenBudget: Math.floor(this.config.schemaTokenBudget / 4),
    });
    run.context = conversationFingerprint(run.conversation);
    const scope = { connectionId: target.connectionId, sessionId: input.sessionId, userId: input.userId, context: run.context };
    const key = resultCacheKey({ ...scope, question: run.question, modelId: provider.modelId, schemaVersion: schema.version });
    let hit: CachedAnswer | undefined;
    let cacheError: string | null = null;
    try {
      hit = await this.resultCache.get(key);
    } catch (error) {
      cacheError = error instanceof Error ? error.message : String(error);
    }
    if (hit) {
      span.end('hit', { detail: { match: 'exact', conversationTurns: run.conversation.length } });
      return this.finish(run, {
        status: 'ok',
        success: true,
        response: hit.response,
        sql: hit.sql,
        error: null,
        kind: hit.kind,
        result: hit.result,
        pendingApproval: false,
        cached: true,
      });
    }
    const near = this.nearDuplicates.find(scope, run.question, provider.modelId, schema.version);
    if (near) span.end('hit', { detail: { match: 'near', similarity: Number(near.similarity.toFixed(3)), reusedQuestion: near.question } });
    else span.end('miss', { error: cacheError, detail: { match: 'none', conversationTurns: run.conversation.length } });

    // 4-11
    const ending = await this.answerWithSql(run, target, provider, schema, key, near?.sql ?? null);
    return this.finish(run, ending);
  }

  /** Steps 4-11: link, examples, generate, check, policy, execute, correct, answer. */
  private async answerWithSql(
    run: Run,
    target: QueryTarget,
    provider: LlmProvider,
    schema: DatabaseSchema,
    cacheKey: string,
    reusedSql: string | null,
  ): Promise<Ending> {
    const { rec } = run;
    const dialect = schema.dialect;
    let prompt: { linked: LinkedSchema; examples: FewShotExample[] } | null = null;
    const preparePrompt = async () => {
      if (prompt) return prompt;
      let span = rec.start('linking');
      const linkText = linkingText(run.question, run.conversation);
      let linked = linkSchema(linkText, schema, this.config.schemaTokenBudget);
      let semantic: { model: string } | { error: string } | null = null;
      if (linked.reduced && this.semantic) {
        try {
          linked = linkSchema(linkText, schema, this.config.schemaTokenBudget, { semanticScores: await this.semantic.scores(linkText, schema) });
          semantic = { model: this.semantic.modelId };
        } catch (error) {
          semantic = { error: `embeddings unavailable, lexical linking used: ${error instanceof Error ? error.message : String(error)}` };
        }
      }
      span.end('ok', {
        detail: { linkedTables: linked.linkedTables, reduced: linked.reduced, estimatedTokens: linked.estimatedTokens, totalTables: schema.tables.length, ...(semantic ? { semantic } : {}) },
      });
      span = rec.start('examples');
      const examples = await loadExamples(this.store, target.connectionId, EXAMPLE_LIMIT);
      span.end('ok', { detail: { count: examples.length } });
      prompt = { linked, examples };
      return prompt;
    };

    let sql: string | null = reusedSql;
    let previousAttempt: { sql: string; error: string } | null = null;
    let retriesUsed = 0;
    let lastKind: SqlKind | null = null;
    let fromReuse = reusedSql !== null;
    // Local-first cascade (issue 7): the first failure of the configured provider escalates once to the fallback.
    let active = provider;
    let escalated = false;
    const escalate = async (): Promise<boolean> => {
      if (escalated) return false;
      escalated = true;
      const fallback = (await this.targets.fallbackProvider?.()) ?? null;
      if (!fallback) return false;
      active = fallback;
      return true;
    };

    for (;;) {
      // 6. generate
      if (sql === null) {
        const { linked, examples } = await preparePrompt();
        const span = rec.start('generate');
        const generated = await generateSql(active, {
          question: run.question,
          dialect,
          schema: linked.schema,
          examples,
          previousAttempt,
          maxRows: this.config.maxResultRows,
          conversation: run.conversation,
        });
        const who = { provider: active.name, model: active.modelId, ...(active !== provider ? { escalated: true } : {}) };
        if (!generated.ok) {
          span.end('error', { error: generated.error, detail: { attempt: retriesUsed + 1, ...who, unanswerable: generated.unanswerable } });
          if (await escalate()) continue;
          return failure('error', generated.error, previousAttempt?.sql ?? '', lastKind);
        }
        span.end('ok', { tokens: generated.tokens, detail: { attempt: retriesUsed + 1, ...who } });
        sql = generated.sql;
        fromReuse = false;
      }

      // 7. check
      let span = rec.start('check');
      let checked: CheckResult;
      try {
        checked = this.checks.check(sql, dialect, schema);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        checked = { sql, classification: { kind: 'refused', reason: `the SQL could not be checked (${reason})`, tables: [] }, referenceErrors: [], repairs: [] };
      }
      sql = checked.sql;
      const { classification } = checked;
      lastKind = classification.kind;
      // Deterministic repairs (docs/architecture.md step 7) of the SQL that now runs: traced here, returned with the outcome.
      run.repairs = checked.repairs;
      const repairDetail = { ...(checked.repairs.length > 0 ? { repairs: checked.repairs } : {}), ...(checked.doubleQuoted ? { doubleQuoted: checked.doubleQuoted } : {}) };
      if (checked.referenceErrors.length > 0) {
        const feedback = describeReferenceErrors(checked.referenceErrors);
        span.end('error', { error: feedback, detail: { kind: classification.kind, unknown: checked.referenceErrors, attempt: retriesUsed + 1, ...repairDetail } });
        if (!fromReuse && (await escalate())) {
          previousAttempt = { sql, error: feedback };
          sql = null;
          continue;
        }
        if (retriesUsed < this.config.maxRetries) {
          previousAttempt = { sql, error: feedback };
          retriesUsed++;
          sql = null;
          continue;
        }
        return failure('error', exhaustedMessage(retriesUsed, feedback), sql, classification.kind);
      }
      span.end(classification.kind === 'refused' ? 'error' : 'ok', {
        error: classification.kind === 'refused' ? classification.reason ?? 'refused' : null,
        detail: { kind: classification.kind, statementType: classification.statementType ?? null, tables: classification.tables, reused: fromReuse, ...repairDetail },
      });

      // 8. policy
      span = rec.start('policy');
      const decision = decidePolicy(this.config.mode, classification);
      if (decision.action === 'deny') {
        span.end('error', { error: decision.error, detail: { mode: this.config.mode, kind: classification.kind } });
        return failure('refused', decision.error, sql, classification.kind);
      }
      if (decision.action === 'hold') {
        // Impact preview (docs/architecture.md "Approval"): the rows it would change, counted read-only before anyone decides.
        const impact = await previewImpact(target.driver, sql, classification.kind, schema, this.config.statementTimeoutMs);
        const operation: PendingOperation = {
          id: recordId(),
          sessionId: run.input.sessionId,
          userId: run.input.userId,
          connectionId: target.connectionId,
          question: run.question,
          sql,
          kind: classification.kind,
          state: 'pending',
          queryEntryId: run.entryId,
          createdAt: new Date(this.clock()).toISOString(),
          decidedAt: null,
          decidedBy: null,
          estimatedRows: impact.rows,
        };
        await this.store.savePending(operation);
        span.end('pending', { detail: { mode: this.config.mode, kind: classification.kind, operationId: operation.id, impact: impactDetail(impact) } });
        rec.publish('approval.pending', { sql, kind: classification.kind, connectionId: target.connectionId, estimatedRows: impact.rows, impact: impact.phrase });
        return {
          status: 'pending_approval',
          success: true,
          response: pendingResponse(classification.kind, impact, run.input.sessionId),
          sql,
          error: null,
          kind: classification.kind,
          result: null,
          pendingApproval: true,
          cached: false,
          estimatedRows: impact.rows,
        };
      }
      span.end('ok', { detail: { mode: this.config.mode, kind: classification.kind } });

      // 9. execute
      span = rec.start('execute');
      const executed = await executeRead(target.driver, sql, { maxRows: this.config.maxResultRows, timeoutMs: this.config.statementTimeoutMs });
      if (!executed.ok) {
        span.end('error', { error: executed.error.message, detail: { kind: executed.error.kind, engineCode: executed.error.engineCode ?? null, attempt: retriesUsed + 1 } });
        // 10. correct (a SQL error escalates once to the fallback provider first, when one is configured)
        if (isCorrectable(executed.error) && !fromReuse && (await escalate())) {
          rec.start('correct').end('ok', { detail: { escalatedTo: active.modelId, error: executed.error.message } });
          previousAttempt = { sql, error: executed.error.message };
          sql = null;
          continue;
        }
        const correction = decideCorrection(executed.error, sql, retriesUsed, this.config.maxRetries);
        const correctSpan = rec.start('correct');
        if (correction.action === 'retry') {
          correctSpan.end('ok', { detail: { retry: retriesUsed + 1, of: this.config.maxRetries, error: executed.error.message } });
          previousAttempt = correction.previousAttempt;
          retriesUsed++;
          sql = null;
          continue;
        }
        correctSpan.end('error', { error: correction.error, detail: { retriesUsed } });
        return failure(correction.status, correction.error, sql, classification.kind);
      }
      const result = executed.result;
      span.end('ok', { detail: { rows: result.rowCount, truncated: result.truncated, durationMs: result.durationMs } });
      // An empty result says why (docs/architecture.md step 11): each literal condition probed read-only with the statement timeout.
      const emptyWhy = await explainEmptyResult(target.driver, sql, result, schema, this.config.statementTimeoutMs);

      // 11. answer (a model's wording streams out as answer.delta live events, which concatenate to the answer)
      span = rec.start('answer');
      let streamed = '';
      const answer = await writeAnswer(active, run.question, sql, result, this.config.answerRowLimit, this.config.answerMode ?? 'auto', (text) => {
        streamed += text;
        rec.publish('answer.delta', { text });
      });
      answer.text = withEmptyExplanation(answer.text, emptyWhy);
      if (streamed && answer.text.length > streamed.length && answer.text.startsWith(streamed)) rec.publish('answer.delta', { text: answer.text.slice(streamed.length) });
      span.end(answer.error ? 'error' : 'ok', {
        tokens: answer.tokens,
        error: answer.error,
        detail: { rowsShown: Math.min(result.rows.length, this.config.answerRowLimit), fallback: answer.error !== null, answeredBy: answer.source, ...(answer.source === 'model' ? { provider: active.name, model: active.modelId } : {}), ...(emptyWhy ? { emptyResult: emptyWhy.detail } : {}) },
      });
      return {
        status: 'ok',
        success: true,
        response: answer.text,
        sql,
        error: null,
        kind: classification.kind,
        result,
        pendingApproval: false,
        cached: false,
        cacheable:
          answer.error === null
            ? {
                key: cacheKey,
                value: {
                  question: run.question,
                  sql,
                  response: answer.text,
                  kind: classification.kind,
                  result,
                  modelId: provider.modelId,
                  schemaVersion: schema.version,
                  createdAt: new Date(this.clock()).toISOString(),
                },
              }
            : undefined,
      };
    }
  }

  /**
   * Step 12: audit line, cache entry, history entry and trace (one group commit, awaited: record-batcher.ts),
   * answer.ready event; builds the outcome.
   */
  private async finish(run: Run, ending: Ending): Promise<AskOutcome> {
    const { rec, input } = run;
    const span = rec.start('record');
    const entry = historyEntry(
      {
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
        rlhf_signal: input.rlhfSignal ?? null,
        trace_id: rec.traceId,
        connection_id: run.connectionId || null,
      },
      this.clock(),
    );
    this.audit.audit('query', {
      userId: input.userId,
      sessionId: input.sessionId,
      traceId: rec.traceId,
      status: ending.status,
      sqlKind: ending.kind,
      connectionId: run.connectionId || null,
      cached: ending.cached,
    });
    let cacheError: string | null = null;
    if (ending.cacheable) {
      try {
        await this.resultCache.set(ending.cacheable.key, ending.cacheable.value, this.config.cacheTtlSeconds);
      } catch (error) {
        cacheError = error instanceof Error ? error.message : String(error);
      }
      const value = ending.cacheable.value;
      this.nearDuplicates.remember(
        { connectionId: run.connectionId, sessionId: input.sessionId, userId: input.userId, context: run.context },
        { question: value.question, sql: value.sql, modelId: value.modelId, schemaVersion: value.schemaVersion },
      );
    }
    span.end('ok', { error: cacheError, detail: { historyEntryId: entry.id, cached: Boolean(ending.cacheable) && cacheError === null } });
    // History entry and trace go in the next group commit; the answer is returned only once both are committed.
    await this.records.record([entry], [rec.toTrace({ question: run.question, sql: ending.sql || null, status: ending.status, error: ending.error })]);
    rec.publish('answer.ready', {
      success: ending.success,
      sql: ending.sql,
      response: ending.response,
      error: ending.error,
      rowCount: ending.result ? ending.result.rowCount : null,
      pendingApproval: ending.pendingApproval,
    });
    return {
      success: ending.success,
      response: ending.response,
      sql: ending.sql,
      pendingApproval: ending.pendingApproval,
      sessionId: input.sessionId,
      error: ending.error,
      kind: ending.kind,
      result: ending.result,
      traceId: rec.traceId,
      historyEntryId: entry.id,
      cached: ending.cached,
      connectionId: run.connectionId,
      repairs: run.repairs,
      ...(ending.pendingApproval ? { estimatedRows: ending.estimatedRows ?? null } : {}),
    };
  }

  /**
   * Approve the session's pending (or failed) write (spec section 3, docs/architecture.md "Approval"): claimed atomically as
   * `executing` for this replica under a lease (renewed while the statement runs), run once with
   * `driver.runWrite` (one transaction) on the operation's connection, then marked `approved` with the rows
   * affected or `failed` with the error (a failed write may be approved again). Records an `approval` history entry
   * (status approved, rows_affected; or error), an audit line, approval.executing then approval.approved or
   * approval.failed events, and clears the connection's result cache (the data changed).
   * @throws NothingPendingError when the session never had a pending operation (404).
   * @throws ApprovalConflictError when it was already decided, is executing, or another approve won the race (409).
   * @throws ApprovalExecutionError when the database refused or could not run the write, or its connection no
   * longer exists (recorded in history; the operation is `failed`).
   * @throws PipelineError SQL_REFUSED (422) in mode `user`, which runs reads only (docs/architecture.md step 8): a write held
   * while the service ran in admin mode stays pending and unrun (it may still be rejected).
   */
  async approve(sessionId: string, userId: string): Promise<ApprovalOutcome> {
    if (this.config.mode !== 'admin') {
      const latest = await this.store.latestOperation(sessionId);
      if (!latest) throw new NothingPendingError(sessionId);
      if (latest.state !== 'pending' && latest.state !== 'failed') throw new ApprovalConflictError(sessionId, latest.state);
      throw new PipelineError(
        'SQL_REFUSED',
        `The pending SQL of session "${sessionId}" was not run: the service runs in user mode, which runs reads only. It stays pending until the service runs in admin mode; it can be rejected now.`,
      );
    }
    // A run another replica left behind when its lease ran out is failed first, so it shows and can be re-approved.
    await this.recoverInterruptedApprovals();
    const operation = await this.claim(sessionId, 'executing', userId);
    const run = this.execute(operation, userId);
    this.runningApprovals.add(run);
    try {
      return await run;
    } finally {
      this.runningApprovals.delete(run);
    }
  }

  /**
   * Mark failed ({@link INTERRUPTED_APPROVAL_ERROR}) the approval runs whose lease ran out, and with
   * `{ atStart: true }` also this replica's own runs left `executing` by a previous process (call once at start,
   * before serving). Each gets an `approval` history entry with status `interrupted`, an audit line and an
   * approval.failed event `{ sql, error, interrupted: true }`; the write may then be approved again. Resolves with
   * the number marked; rejects only with the store's error.
   */
  async recoverInterruptedApprovals(options: { atStart?: boolean } = {}): Promise<number> {
    const now = new Date(this.clock()).toISOString();
    const marked = await this.store.failInterrupted(INTERRUPTED_APPROVAL_ERROR, now, options.atStart ? this.replicaId : undefined);
    for (const operation of marked) {
      await this.store.appendHistory(
        historyEntry(
          {
            kind: 'approval',
            session_id: operation.sessionId,
            user_id: operation.decidedBy ?? operation.userId,
            question: operation.question,
            sql: operation.sql,
            status: 'interrupted',
            error: INTERRUPTED_APPROVAL_ERROR,
            ref_id: operation.queryEntryId,
            connection_id: operation.connectionId,
          },
          this.clock(),
        ),
      );
      this.audit.audit('approve', { userId: operation.decidedBy ?? operation.userId, sessionId: operation.sessionId, operationId: operation.id, status: 'interrupted', sqlKind: operation.kind, connectionId: operation.connectionId, executor: operation.executor });
      this.publishDecision('approval.failed', operation, operation.decidedBy ?? operation.userId, { sql: operation.sql, error: INTERRUPTED_APPROVAL_ERROR, interrupted: true });
    }
    return marked.length;
  }

  /** Approval runs of this replica still executing (0 when idle); graceful shutdown waits on {@link drainApprovals}. */
  get executingApprovals(): number {
    return this.runningApprovals.size;
  }

  /**
   * Resolve once every approval run of this replica has finished (approved or failed), or after `deadlineMs`;
   * resolves with the number still running at the deadline (0 when all finished).
   */
  async drainApprovals(deadlineMs: number): Promise<number> {
    if (this.runningApprovals.size === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
    await Promise.race([Promise.allSettled([...this.runningApprovals]), deadline]);
    clearTimeout(timer);
    return this.runningApprovals.size;
  }

  private lease(): { executor: string; leaseUntil: string } {
    return { executor: this.replicaId, leaseUntil: new Date(this.clock() + this.leaseMs).toISOString() };
  }

  /** Run a claimed (`executing`) operation once and record its outcome; see {@link approve}. */
  private async execute(operation: PendingOperation, userId: string): Promise<ApprovalOutcome> {
    const sessionId = operation.sessionId;
    const base = {
      kind: 'approval' as const,
      session_id: sessionId,
      user_id: userId,
      question: operation.question,
      sql: operation.sql,
      ref_id: operation.queryEntryId,
      connection_id: operation.connectionId,
    };
    this.publishDecision('approval.executing', operation, userId, { sql: operation.sql, executor: this.replicaId });
    const renewal = setInterval(() => {
      this.store.renewLease(operation.id, this.lease()).catch(() => undefined);
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    renewal.unref?.();
    let rowsAffected: number;
    try {
      // Inside the try: a connection deleted since the write was held is a recorded failure, not a silent claim.
      const target = await this.targets.connection(operation.connectionId);
      await target.driver.connect();
      rowsAffected = (await target.driver.runWrite(operation.sql, { timeoutMs: this.config.statementTimeoutMs })).rowsAffected;
    } catch (raw) {
      clearInterval(renewal);
      const error = toDatabaseError(raw);
      const message = `The approved SQL failed at the database: ${error.message}`;
      await this.store.finishExecution(operation.id, this.replicaId, { state: 'failed', error: message });
      await this.store.appendHistory(historyEntry({ ...base, status: 'error', error: message }, this.clock()));
      this.audit.audit('approve', { userId, sessionId, operationId: operation.id, status: 'error', sqlKind: operation.kind, connectionId: operation.connectionId });
      this.publishDecision('approval.failed', operation, userId, { sql: operation.sql, error: message, interrupted: false });
      throw new ApprovalExecutionError(message, error.kind === 'connection');
    }
    clearInterval(renewal);
    await this.store.finishExecution(operation.id, this.replicaId, { state: 'approved', rowsAffected });
    const entry = historyEntry({ ...base, status: 'approved', rows_affected: rowsAffected }, this.clock());
    await this.store.appendHistory(entry);
    this.audit.audit('approve', { userId, sessionId, operationId: operation.id, status: 'approved', sqlKind: operation.kind, rowsAffected, connectionId: operation.connectionId });
    await this.clearConnectionCache(operation.connectionId);
    this.publishDecision('approval.approved', operation, userId, { sql: operation.sql, rowsAffected });
    return { sessionId, sql: operation.sql, rowsAffected, historyEntryId: entry.id };
  }

  /**
   * Reject the session's pending write: claimed atomically, nothing runs; a `rejection` history entry, an audit
   * line and an approval.rejected event.
   * @throws NothingPendingError (404) or ApprovalConflictError (409) as for approve.
   */
  async reject(sessionId: string, userId: string): Promise<RejectionOutcome> {
    const operation = await this.claim(sessionId, 'rejected', userId);
    const entry = historyEntry(
      {
        kind: 'rejection',
        session_id: sessionId,
        user_id: userId,
        question: operation.question,
        sql: operation.sql,
        status: 'rejected',
        ref_id: operation.queryEntryId,
        connection_id: operation.connectionId,
      },
      this.clock(),
    );
    await this.store.appendHistory(entry);
    this.audit.audit('reject', { userId, sessionId, operationId: operation.id, status: 'rejected', sqlKind: operation.kind, connectionId: operation.connectionId });
    this.publishDecision('approval.rejected', operation, userId, { sql: operation.sql });
    return { sessionId, sql: operation.sql, historyEntryId: entry.id };
  }

  private async claim(sessionId: string, state: 'executing' | 'rejected', userId: string): Promise<PendingOperation> {
    const operation = await this.store.claimPending(sessionId, state, userId, state === 'executing' ? this.lease() : undefined);
    if (operation) return operation;
    const latest = await this.store.latestOperation(sessionId);
    if (!latest) throw new NothingPendingError(sessionId);
    const what = latest.state === 'pending' || latest.state === 'failed' ? 'being decided' : latest.state === 'executing' ? 'approved and is executing' : latest.state;
    throw new ApprovalConflictError(sessionId, what);
  }

  private publishDecision(type: 'approval.approved' | 'approval.rejected' | 'approval.executing' | 'approval.failed', operation: PendingOperation, decidedBy: string, data: Record<string, unknown>): void {
    safePublish(this.events, {
      type,
      sessionId: operation.sessionId,
      userId: operation.userId,
      traceId: null,
      at: new Date(this.clock()).toISOString(),
      data: { ...data, decidedBy, connectionId: operation.connectionId },
    });
  }

  /**
   * Save feedback on the session's latest query entry (`ref_id` points at it; question and SQL are copied so a
   * store can offer positive ones as few-shot examples). Resolves with the stored `feedback` entry.
   */
  async recordFeedback(sessionId: string, userId: string, signal: FeedbackSignal): Promise<HistoryEntry> {
    // the newest entries almost always hold the latest query; the whole history only when they do not
    const latest = (entries: HistoryEntry[]) => [...entries].reverse().find((e) => e.kind === 'query') ?? null;
    const latestQuery = latest(await this.store.listHistory(sessionId, { newest: RECENT_HISTORY_ENTRIES })) ?? latest(await this.store.listHistory(sessionId));
    const entry = historyEntry(
      {
        kind: 'feedback',
        session_id: sessionId,
        user_id: userId,
        status: 'ok',
        signal,
        question: latestQuery?.question ?? null,
        sql: latestQuery?.sql ?? null,
        trace_id: latestQuery?.trace_id ?? null,
        ref_id: latestQuery?.id ?? null,
        connection_id: latestQuery?.connection_id ?? null,
      },
      this.clock(),
    );
    await this.store.appendHistory(entry);
    this.audit.audit('feedback', { userId, sessionId, signal, refId: entry.ref_id });
    return entry;
  }

  /** The session's history, oldest first. */
  history(sessionId: string): Promise<HistoryEntry[]> {
    return this.store.listHistory(sessionId);
  }

  /**
   * Reload the schema of the connection (the active one when absent), publish schema.refreshed and clear that
   * connection's result cache and near-duplicate memory. Rejects with the driver's DatabaseError or the resolver's
   * NotFoundError.
   */
  async refreshSchema(connectionId?: string): Promise<DatabaseSchema> {
    const target = await this.resolveTarget(connectionId);
    const schema = await this.schemas.refresh(target.connectionId, target.driver);
    await this.clearConnectionCache(target.connectionId);
    this.nearDuplicates.clear(target.connectionId);
    safePublish(this.events, {
      type: 'schema.refreshed',
      sessionId: null,
      userId: null,
      traceId: null,
      at: new Date(this.clock()).toISOString(),
      data: { connectionId: target.connectionId, tables: schema.tables.length, version: schema.version },
    });
    return schema;
  }

  /** Whole seconds since the schema of the connection (default: the active one last seen) was loaded; 0 if never. */
  schemaAgeSeconds(connectionId?: string): number {
    const id = connectionId ?? this.defaultConnectionId;
    return id ? this.schemas.ageSeconds(id) : 0;
  }

  /** Load the connection's schema (the active one when absent) if it is not cached yet; rejects like refreshSchema. */
  async warmUp(connectionId?: string): Promise<void> {
    const target = await this.resolveTarget(connectionId);
    await this.schemas.get(target.connectionId, target.driver);
  }

  private async resolveTarget(connectionId?: string): Promise<QueryTarget> {
    const target = await this.targets.connection(connectionId);
    if (!connectionId) this.defaultConnectionId = target.connectionId;
    return target;
  }

  private async clearConnectionCache(connectionId: string): Promise<void> {
    try {
      await this.resultCache.clear(connectionCachePrefix(connectionId));
    } catch {
      // a cache outage must not fail an approval or refresh; entries still expire after their TTL
    }
  }
}

function failure(status: TraceStatus, error: string, sql = '', kind: SqlKind | null = null): Ending {
  return { status, success: false, response: error, sql, error, kind, result: null, pendingApproval: false, cached: false };
}

function schemaErrorMessage(error: unknown): string {
  if (error instanceof DatabaseError && error.kind === 'connection') return `The database could not be reached: ${error.message}`;
  return `The database schema could not be read: ${error instanceof Error ? error.message : String(error)}`;
}
