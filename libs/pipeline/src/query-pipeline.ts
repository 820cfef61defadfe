import type { AnswerWarning, DatabaseSchema, FeedbackSignal, HistoryEntry, SqlKind } from '@nlq/contracts';
import { DatabaseError } from '@nlq/db-drivers';
import type { LlmProvider } from '@nlq/llm-providers';
import { RECENT_HISTORY_ENTRIES } from './ports';
import type {
  AuditLogger,
  EventSink,
  PendingOperation,
  PipelineConfig,
  QueryTarget,
  StateStore,
  TargetResolver,
} from './ports';
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
import type { SemanticScorer } from './linking/semantic-scores';
import { preparePromptContext, type PromptContext } from './stages/prompt-context';
import { generateSql } from './stages/generate';
import { CheckCache, describeReferenceErrors } from './stages/check';
import type { CheckResult } from './stages/check';
import { decidePolicy } from './stages/policy';
import { executeRead } from './stages/execute';
import { decideCorrection, exhaustedMessage, isCorrectable } from './stages/correct';
import { conversationFingerprint, conversationWindow, DEFAULT_CONVERSATION_TURNS } from './stages/conversation';
import { FeedbackRecorder } from './feedback/feedback-recorder';
import { impactDetail, pendingResponse, previewImpact } from './stages/impact';
import { ApprovalFlow } from './approval/approval-flow';
import { askedBack, failure, OutcomeRecorder, type Ending, type Run } from './outcome-recorder';
import { chooseReading } from './stages/clarification';
import { countCutRows } from './stages/row-total';
import { answerRows } from './stages/answer-step';
import { ExampleCurator } from './examples/example-curator';
import { checkDefinitions, loadKnowledge, NO_KNOWLEDGE } from './knowledge/knowledge-step';
import { answerCheckStep } from './answer-check';

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

export { INTERRUPTED_APPROVAL_ERROR } from './approval/approval-flow';

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
  /** Step 12, record (outcome-recorder.ts). */
  private readonly outcomes: OutcomeRecorder;
  /** The approval state machine (approval/approval-flow.ts). */
  private readonly approvals: ApprovalFlow;
  private readonly semantic: SemanticScorer | null;
  private readonly records: RecordBatcher;
  private readonly checks = new CheckCache();
  /** Verified examples (issue 23 item 4): candidates from thumbs-up, promotion, re-verification (examples/example-curator.ts). */
  readonly examples: ExampleCurator;
  private readonly feedback: FeedbackRecorder;

  constructor(deps: QueryPipelineDeps) {
    this.targets = deps.targets;
    this.store = deps.store;
    this.config = deps.config;
    this.audit = deps.audit;
    this.events = deps.events;
    this.clock = deps.clock ?? Date.now;
    this.resultCache = deps.resultCache ?? new InMemoryResultCache({ clock: this.clock });
    this.schemas = new SchemaCache(this.clock);
    this.nearDuplicates =
      deps.nearDuplicates ?? new NearDuplicateIndex({ ttlSeconds: deps.config.cacheTtlSeconds, clock: this.clock });
    this.records = new RecordBatcher(this.store);
    this.outcomes = new OutcomeRecorder({
      clock: this.clock,
      audit: this.audit,
      resultCache: this.resultCache,
      nearDuplicates: this.nearDuplicates,
      records: this.records,
      cacheTtlSeconds: this.config.cacheTtlSeconds,
    });
    this.approvals = new ApprovalFlow({
      store: this.store,
      targets: this.targets,
      audit: this.audit,
      events: this.events,
      clock: this.clock,
      mode: this.config.mode,
      statementTimeoutMs: this.config.statementTimeoutMs,
      replicaId: deps.approvals?.replicaId ?? 'local',
      leaseMs: deps.approvals?.leaseMs ?? 30_000,
      afterWrite: (connectionId) => this.clearConnectionCache(connectionId),
    });
    this.semantic = deps.semantic ?? null;
    this.examples = new ExampleCurator({
      store: this.store,
      targets: this.targets,
      limits: { maxResultRows: this.config.maxResultRows, statementTimeoutMs: this.config.statementTimeoutMs },
      clock: this.clock,
      schemaVersion: (connectionId) => this.schemas.peek(connectionId)?.version ?? null,
    });
    this.feedback = new FeedbackRecorder({
      store: this.store,
      audit: this.audit,
      examples: this.examples,
      clock: this.clock,
    });
  }

  /** Resolves once every answer's history entry and trace is committed (graceful shutdown, before the store closes). */
  flushRecords(): Promise<void> {
    return this.records.flush();
  }

  /**
   * Answer one question (docs/architecture.md steps 1-12). A reply to the session's open clarification (an option id,
   * or its number or words as the question) asks the chosen reading's restated question (stages/clarification.ts).
   * @throws NoSuchClarificationError when `input.clarificationOption` names no option of an open clarification
   */
  async ask(input: AskInput): Promise<AskOutcome> {
    const recent = await this.store.listHistory(input.sessionId, { newest: RECENT_HISTORY_ENTRIES, omitResults: true });
    const chosen = chooseReading(input.sessionId, recent, {
      optionId: input.clarificationOption,
      question: input.question,
    });
    if (chosen) input = { ...input, question: chosen.question };
    const traceId = recordId();
    const rec = new TraceRecorder(
      traceId,
      { sessionId: input.sessionId, userId: input.userId },
      input.events ? teeEvents(this.events, input.events) : this.events,
      this.clock,
    );
    const run: Run = {
      input,
      question: typeof input.question === 'string' ? input.question : '',
      entryId: recordId(),
      rec,
      connectionId: input.connectionId ?? this.defaultConnectionId ?? '',
      repairs: [],
      conversation: [],
      context: '',
      knowledge: NO_KNOWLEDGE,
      knowledgeKey: '',
    };

    // 1. intake
    let span = rec.start('intake');
    const intake = checkQuestion(input.question, this.config.maxQuestionChars);
    if (!intake.ok) {
      span.end('error', { error: intake.error });
      run.question = run.question.slice(0, this.config.maxQuestionChars);
      return this.outcomes.finish(run, failure('error', intake.error));
    }
    run.question = intake.question;
    span.end('ok', {
      detail: {
        chars: intake.question.length,
        ...(chosen ? { clarificationOption: chosen.optionId, chosenReading: chosen.label } : {}),
      },
    });

    const target = await this.resolveTarget(input.connectionId ?? undefined);
    run.connectionId = target.connectionId;
    const provider = await this.targets.provider();

    // 3. schema (before the cache: the schema version is part of the cache key)
    span = rec.start('schema');
    let schema: DatabaseSchema;
    try {
      const loaded = await this.schemas.get(target.connectionId, target.driver);
      schema = loaded.schema;
      span.end(loaded.fromCache ? 'hit' : 'miss', {
        detail: { tables: schema.tables.length, version: schema.version, dialect: schema.dialect },
      });
    } catch (error) {
      const message = schemaErrorMessage(error);
      span.end('error', { error: message });
      return this.outcomes.finish(run, failure('error', message));
    }

    // the session's earlier answered turns sent with the question (a follow-up keeps their definitions, below)
    run.conversation = conversationWindow(recent, {
      connectionId: target.connectionId,
      question: run.question,
      maxTurns: this.config.conversationTurns ?? DEFAULT_CONVERSATION_TURNS,
      tokenBudget: Math.floor(this.config.schemaTokenBudget / 4),
    });
    run.context = conversationFingerprint(run.conversation);

    // knowledge (issue 23): the connection's business definitions that apply to the question (before the cache: their
    // ids and versions are part of the cache key, so a changed definition never serves an old answer)
    // by meaning too when embeddings are configured, for a model only (the offline engine applies what the words name)
    const embed =
      this.semantic && !provider.answersLocally
        ? {
            modelId: this.semantic.modelId,
            similarities: (q: string, docs: string[]) => this.semantic!.similarities(q, docs),
          }
        : null;
    const knowledge = await loadKnowledge(
      this.store,
      target.connectionId,
      run.question,
      rec,
      embed,
      run.conversation.at(-1)?.question,
    );
    if ('error' in knowledge) return this.outcomes.finish(run, failure('error', knowledge.error));
    run.knowledge = knowledge.match;
    run.knowledgeKey = knowledge.key;

    // 2. cache: exact answer, else near-identical earlier question whose SQL is re-executed
    span = rec.start('cache');
    const scope = {
      connectionId: target.connectionId,
      sessionId: input.sessionId,
      userId: input.userId,
      context: run.context,
      knowledge: run.knowledgeKey,
    };
    const key = resultCacheKey({
      ...scope,
      question: run.question,
      modelId: provider.modelId,
      schemaVersion: schema.version,
    });
    let hit: CachedAnswer | undefined;
    let cacheError: string | null = null;
    try {
      hit = await this.resultCache.get(key);
    } catch (error) {
      cacheError = error instanceof Error ? error.message : String(error);
    }
    if (hit) {
      span.end('hit', { detail: { match: 'exact', conversationTurns: run.conversation.length } });
      return this.outcomes.finish(run, {
        status: 'ok',
        success: true,
        response: hit.response,
        sql: hit.sql,
        error: null,
        kind: hit.kind,
        result: hit.result,
        pendingApproval: false,
        cached: true,
        reading: hit.reading ?? null,
        warnings: hit.warnings ?? [],
      });
    }
    const near = this.nearDuplicates.find(scope, run.question, provider.modelId, schema.version);
    if (near)
      span.end('hit', {
        detail: { match: 'near', similarity: Number(near.similarity.toFixed(3)), reusedQuestion: near.question },
      });
    else span.end('miss', { error: cacheError, detail: { match: 'none', conversationTurns: run.conversation.length } });

    // 4-11
    const ending = await this.answerWithSql(run, target, provider, schema, key, near?.sql ?? null);
    return this.outcomes.finish(run, ending);
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
    let prompt: Promise<PromptContext> | null = null;
    const preparePrompt = () =>
      (prompt ??= preparePromptContext(
        rec,
        { question: run.question, conversation: run.conversation, schema, connectionId: target.connectionId },
        { store: this.store, semantic: this.semantic, schemaTokenBudget: this.config.schemaTokenBudget },
      ));

    let sql: string | null = reusedSql;
    let previousAttempt: { sql: string; error: string } | null = null;
    let retriesUsed = 0;
    let lastKind: SqlKind | null = null;
    let fromReuse = reusedSql !== null;
    // Provenance (issue 23 item 5): the verified examples the SQL that runs was written with.
    let examplesUsed: string[] = [];
    // Business definitions (issue 23 item 3): SQL that does not apply a matched metric or filter is re-prompted once.
    let definitionRetried = false;
    // Answer check (docs/architecture.md "Answer check"): a model is re-prompted once with the findings, then warned.
    let answerCheckRetried = false;
    let warnings: AnswerWarning[] = [];
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
          knowledge: run.knowledge.definitions,
        });
        const who = {
          provider: active.name,
          model: active.modelId,
          ...(active !== provider ? { escalated: true } : {}),
        };
        if (!generated.ok && 'clarification' in generated) {
          // The provider asks back (issue 22): nothing is executed; the person chooses a reading.
          span.end('ok', {
            detail: {
              attempt: retriesUsed + 1,
              ...who,
              clarification: {
                question: generated.clarification.question,
                options: generated.clarification.options.length,
              },
            },
          });
          return askedBack(generated.clarification);
        }
        if (!generated.ok) {
          span.end('error', {
            error: generated.error,
            detail: { attempt: retriesUsed + 1, ...who, unanswerable: generated.unanswerable },
          });
          if (await escalate()) continue;
          // An honest "cannot answer" on the first attempt is a refusal, not an error (issue 24 item 6).
          const refused = generated.unanswerable && previousAttempt === null;
          return failure(refused ? 'refused' : 'error', generated.error, previousAttempt?.sql ?? '', lastKind);
        }
        span.end('ok', {
          tokens: generated.tokens,
          detail: {
            attempt: retriesUsed + 1,
            ...who,
            ...(generated.examplesUsed.length ? { examplesUsed: generated.examplesUsed } : {}),
          },
        });
        sql = generated.sql;
        examplesUsed = generated.examplesUsed;
        fromReuse = false;
      }

      // 7. check
      let span = rec.start('check');
      let checked: CheckResult;
      try {
        checked = this.checks.check(sql, dialect, schema);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        checked = {
          sql,
          classification: { kind: 'refused', reason: `the SQL could not be checked (${reason})`, tables: [] },
          referenceErrors: [],
          repairs: [],
        };
      }
      sql = checked.sql;
      const { classification } = checked;
      lastKind = classification.kind;
      // Deterministic repairs (docs/architecture.md step 7) of the SQL that now runs: traced here, returned with the outcome.
      run.repairs = checked.repairs;
      const repairDetail = {
        ...(checked.repairs.length > 0 ? { repairs: checked.repairs } : {}),
        ...(checked.doubleQuoted ? { doubleQuoted: checked.doubleQuoted } : {}),
      };
      if (checked.referenceErrors.length > 0) {
        const feedback = describeReferenceErrors(checked.referenceErrors);
        span.end('error', {
          error: feedback,
          detail: {
            kind: classification.kind,
            unknown: checked.referenceErrors,
            attempt: retriesUsed + 1,
            ...repairDetail,
          },
        });
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
        error: classification.kind === 'refused' ? (classification.reason ?? 'refused') : null,
        detail: {
          kind: classification.kind,
          statementType: classification.statementType ?? null,
          tables: classification.tables,
          reused: fromReuse,
          ...repairDetail,
        },
      });

      // Business definitions applied (issue 23 item 3, knowledge/definition-containment.ts): on the parsed SQL, every
      // matched metric's expression with its filter and every matched filter's condition; else re-prompt once with
      // the difference, then refuse: never a number that ignores a definition.
      if (classification.kind === 'read') {
        // the offline engine writes the same SQL again: it is refused at once
        const applied = checkDefinitions(rec, run.knowledge, {
          sql,
          dialect,
          schema,
          attempt: retriesUsed + 1,
          mayRetry: !definitionRetried && active.name !== 'offline',
        });
        if (applied.action === 'retry') {
          definitionRetried = true;
          previousAttempt = { sql, error: applied.error };
          sql = null;
          continue;
        }
        if (applied.action === 'refuse') return failure('refused', applied.error, sql, classification.kind);
        const answerCheck = await answerCheckStep(rec, {
          question: run.question,
          sql,
          dialect,
          schema,
          rowLimit: this.config.maxResultRows,
          attempt: retriesUsed + 1,
          mayRetry: !answerCheckRetried,
          refuse: active.name === 'offline',
          probe: { driver: target.driver, timeoutMs: this.config.statementTimeoutMs },
        });
        if (answerCheck.action === 'retry') {
          answerCheckRetried = true;
          previousAttempt = { sql, error: answerCheck.error };
          sql = null;
          continue;
        }
        if (answerCheck.action === 'refuse') return failure('refused', answerCheck.error, sql, classification.kind);
        warnings = answerCheck.warnings;
      }

      // 8. policy
      span = rec.start('policy');
      const decision = decidePolicy(this.config.mode, classification);
      if (decision.action === 'deny') {
        span.end('error', { error: decision.error, detail: { mode: this.config.mode, kind: classification.kind } });
        return failure('refused', decision.error, sql, classification.kind);
      }
      if (decision.action === 'hold') {
        // Impact preview (docs/architecture.md "Approval"): the rows it would change, counted read-only before anyone decides.
        const impact = await previewImpact(
          target.driver,
          sql,
          classification.kind,
          schema,
          this.config.statementTimeoutMs,
        );
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
        span.end('pending', {
          detail: {
            mode: this.config.mode,
            kind: classification.kind,
            operationId: operation.id,
            impact: impactDetail(impact),
          },
        });
        rec.publish('approval.pending', {
          sql,
          kind: classification.kind,
          connectionId: target.connectionId,
          estimatedRows: impact.rows,
          impact: impact.phrase,
        });
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
      const executed = await executeRead(target.driver, sql, {
        maxRows: this.config.maxResultRows,
        timeoutMs: this.config.statementTimeoutMs,
      });
      if (!executed.ok) {
        span.end('error', {
          error: executed.error.message,
          detail: {
            kind: executed.error.kind,
            engineCode: executed.error.engineCode ?? null,
            attempt: retriesUsed + 1,
          },
        });
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
          correctSpan.end('ok', {
            detail: { retry: retriesUsed + 1, of: this.config.maxRetries, error: executed.error.message },
          });
          previousAttempt = correction.previousAttempt;
          retriesUsed++;
          sql = null;
          continue;
        }
        correctSpan.end('error', { error: correction.error, detail: { retriesUsed } });
        return failure(correction.status, correction.error, sql, classification.kind);
      }
      // Honest counts (issue 22): a result cut by the row limit says so, with the uncapped rows counted when they can be.
      const cut = await countCutRows(target.driver, sql, dialect, executed.result, {
        maxRows: this.config.maxResultRows,
        timeoutMs: this.config.statementTimeoutMs,
      });
      const result = {
        ...executed.result,
        truncated: cut.truncated,
        ...(cut.totalRows !== null ? { totalRows: cut.totalRows } : {}),
      };
      span.end('ok', {
        detail: {
          rows: result.rowCount,
          truncated: result.truncated,
          totalRows: cut.totalRows,
          durationMs: result.durationMs,
        },
      });

      // 11. answer: words (a model's streamed as answer.delta), why a result is empty, notes on filter values, the reading
      const { answer, reading } = await answerRows(
        rec,
        active,
        target.driver,
        { question: run.question, sql, schema, result },
        {
          answerRowLimit: this.config.answerRowLimit,
          answerMode: this.config.answerMode ?? 'auto',
          statementTimeoutMs: this.config.statementTimeoutMs,
          maxResultRows: this.config.maxResultRows,
          definitions: run.knowledge.uses,
          knowledge: run.knowledge.definitions,
        },
      );
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
        reading,
        examples: examplesUsed,
        warnings,
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
                  reading,
                  warnings,
                },
              }
            : undefined,
      };
    }
  }

  /**
   * Approve the session's pending (or failed) write: see {@link ApprovalFlow.approve} (approval/approval-flow.ts).
   * @throws NothingPendingError (404), ApprovalConflictError (409), ApprovalExecutionError, PipelineError SQL_REFUSED (422)
   */
  approve(sessionId: string, userId: string): Promise<ApprovalOutcome> {
    return this.approvals.approve(sessionId, userId);
  }

  /** Mark failed the approval runs whose lease ran out: see {@link ApprovalFlow.recoverInterruptedApprovals}. */
  recoverInterruptedApprovals(options: { atStart?: boolean } = {}): Promise<number> {
    return this.approvals.recoverInterruptedApprovals(options);
  }

  /** Approval runs of this replica still executing (0 when idle). */
  get executingApprovals(): number {
    return this.approvals.executingApprovals;
  }

  /** Resolve once this replica's approval runs have finished, or after `deadlineMs` (ms): the number still running. */
  drainApprovals(deadlineMs: number): Promise<number> {
    return this.approvals.drainApprovals(deadlineMs);
  }

  /** Reject the session's pending write: see {@link ApprovalFlow.reject}. @throws NothingPendingError, ApprovalConflictError */
  reject(sessionId: string, userId: string): Promise<RejectionOutcome> {
    return this.approvals.reject(sessionId, userId);
  }

  /**
   * Save feedback on one query entry of the session (`ref_id` points at it; question and SQL are copied): the entry
   * `entryId` names (issue 24 item 3, POST /api/sessions/{id}/feedback with `entry_id`), else the session's latest
   * query (spec 4.1, POST /feedback/{session_id}). A thumbs-up on an answered read makes a candidate example of that
   * entry's question and SQL (examples/), never a few-shot example by itself; a thumbs-down sends the verified
   * examples that entry used back to candidate (feedback/feedback-recorder.ts). Resolves with the stored `feedback` entry.
   * @throws FeedbackTargetError reason `not_found` when `entryId` is not an entry of the session (HTTP 404),
   *   `not_an_answer` when it is not an answer: a feedback, approval or rejection entry, or a question asked back (400)
   */
  recordFeedback(sessionId: string, userId: string, signal: FeedbackSignal, entryId?: string): Promise<HistoryEntry> {
    return this.feedback.record(sessionId, userId, signal, entryId);
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
    // A schema change re-verifies the connection's verified examples (issue 23 item 4): broken ones are retired.
    await this.examples.reverify(target.connectionId, schema.version);
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

  /**
   * The connection's introspected schema (the active connection when absent), from the schema cache: loaded once if
   * not cached yet, as a question would. Answers the connection's id with it. Rejects like refreshSchema.
   */
  async connectionSchema(connectionId?: string): Promise<{ connectionId: string; schema: DatabaseSchema }> {
    const target = await this.resolveTarget(connectionId);
    return {
      connectionId: target.connectionId,
      schema: (await this.schemas.get(target.connectionId, target.driver)).schema,
    };
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

function schemaErrorMessage(error: unknown): string {
  if (error instanceof DatabaseError && error.kind === 'connection')
    return `The database could not be reached: ${error.message}`;
  return `The database schema could not be read: ${error instanceof Error ? error.message : String(error)}`;
}
