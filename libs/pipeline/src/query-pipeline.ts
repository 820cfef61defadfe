import { databaseIdentity, identityKey } from './data-policy/database-identity';
import {
  admitsUnder,
  appliedDataPolicy,
  visibleSchema,
  type DataAccess,
  type DataPolicySource,
} from './data-policy/data-access';
import { descriptionsOf, withSchemaDefinitions } from './knowledge/schema-descriptions';
import type { DatabaseSchema, FeedbackSignal, HistoryEntry, Dialect } from '@nlq/contracts';
import { DatabaseError } from '@nlq/db-drivers';
import type { LlmProvider } from '@nlq/llm-providers';
import { RECENT_HISTORY_ENTRIES } from './ports';
import { pageOfHistory } from './history-page';
import type {
  AuditLogger,
  EventSink,
  HistoryPage,
  HistoryPageRequest,
  PipelineConfig,
  QueryTarget,
  StateStore,
  TargetResolver,
} from './ports';
import { NoSuchClarificationError } from './errors';
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
import { conversationFingerprint, conversationWindow, DEFAULT_CONVERSATION_TURNS } from './stages/conversation';
import { FeedbackRecorder } from './feedback/feedback-recorder';
import { ApprovalFlow } from './approval/approval-flow';
import { failure, OutcomeRecorder, type Ending, type Run } from './outcome-recorder';
import { chooseReading, type ChosenReading } from './stages/clarification';
import { ExampleCurator } from './examples/example-curator';
import { loadKnowledge, NO_KNOWLEDGE } from './knowledge/knowledge-step';
import { CheckCache } from './stages/check';
import type { AttemptContext } from './attempt/attempt-context';
import { runAttempts } from './attempt/attempt-loop';
import { RetryPolicy } from './attempt/retry-policy';

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
   * passes one shared by its replicas (docs/operations.md).
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
   * Optional semantic schema linking (docs/architecture.md step 4): table and question embeddings from the model server, fused with the
   * lexical scores when the schema exceeds the prompt budget. A failing embedding server falls back to lexical.
   */
  semantic?: SemanticScorer | null;
  /**
   * Where each connection's data policy is read (docs/http-api.md "Roles and data policies"); a question asked with
   * `access` runs under its role's entry. Absent: no policy applies.
   */
  policies?: DataPolicySource;
}

/**
 * The question -> SQL -> checked SQL -> rows -> answer pipeline of docs/architecture.md, synchronous within one request, each
 * stage a trace span and a pair of stage.started / stage.finished live events. No HTTP, no NestJS.
 *
 * - `ask` never throws for pipeline failures (empty question, model or database unreachable, refused SQL, retries
 *   exhausted): it answers `success: false` with `error` set. It rejects only when the connection cannot be
 *   resolved (the resolver's NotFoundError) or the state store fails.
 * - `approve` / `reject` decide the session's pending write (docs/architecture.md "Approval") exactly once, atomically.
 */
export class QueryPipeline {
  private readonly targets: TargetResolver;
  private readonly store: StateStore;
  private readonly config: PipelineConfig;
  private readonly audit: AuditLogger;
  private readonly events: EventSink;
  private readonly resultCache: ResultCache;
  private readonly clock: () => number;
  private readonly policies?: DataPolicySource;
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
  /** Verified examples (docs/architecture.md step 5): candidates from thumbs-up, promotion, re-verification (examples/example-curator.ts). */
  readonly examples: ExampleCurator;
  private readonly feedback: FeedbackRecorder;

  constructor(deps: QueryPipelineDeps) {
    this.targets = deps.targets;
    this.store = deps.store;
    this.config = deps.config;
    this.audit = deps.audit;
    this.events = deps.events;
    this.clock = deps.clock ?? Date.now;
    this.policies = deps.policies;
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
    // exactly once: of concurrent replies (on any replica) one claims the clarification, the others get 409
    if (chosen && this.store.claimClarification && !(await this.store.claimClarification(chosen.entryId)))
      throw new NoSuchClarificationError(input.sessionId, chosen.optionId, false);
    const run = this.openRun(chosen ? { ...input, question: chosen.question } : input);

    // 1. intake
    const refused = this.intake(run, chosen);
    if (refused) return this.outcomes.finish(run, refused);

    const target = await this.resolveTarget(run.input.connectionId ?? undefined);
    run.connectionId = target.connectionId;
    const provider = await this.targets.provider();

    // 3. schema (before the cache: the schema version is part of the cache key)
    const loaded = await this.loadSchema(run, target);
    if ('ending' in loaded) return this.outcomes.finish(run, loaded.ending);
    const { schema } = loaded;

    // the session's earlier answered turns sent with the question (a follow-up keeps their definitions, below)
    run.conversation = conversationWindow(recent, {
      connectionId: target.connectionId,
      question: run.question,
      maxTurns: this.config.conversationTurns ?? DEFAULT_CONVERSATION_TURNS,
      tokenBudget: Math.floor(this.config.schemaTokenBudget / 4),
    });
    run.dataPolicy = await appliedDataPolicy(this.policies, target.connectionId, run.input.access);
    run.databaseIdentity = databaseIdentity(
      this.config.postgresRlsRolePrefix,
      target.driver.dialect,
      run.input.userId,
      run.input.access,
    );
    // the policy, the caller's attributes and database identity scope cached answers and reused SQL like the conversation
    run.context =
      conversationFingerprint(run.conversation) +
      (run.dataPolicy ? `|policy=${run.dataPolicy.key}` : '') +
      (run.databaseIdentity ? `|db=${identityKey(run.databaseIdentity)}` : '');

    // knowledge (docs/knowledge.md): before the cache, as the definitions' ids and versions are part of its key
    const knowledgeError = await this.matchKnowledge(run, provider, target.driver.dialect);
    if (knowledgeError) return this.outcomes.finish(run, knowledgeError);
    // descriptions document tables and columns like database comments, relationships join like declared keys
    const described = withSchemaDefinitions(schema, run.descriptions ?? []);

    // 2. cache: exact answer, else near-identical earlier question whose SQL is re-executed
    const cached = await this.lookUpCache(run, provider, described);
    if ('ending' in cached) return this.outcomes.finish(run, cached.ending);

    // 4-11
    const ending = await this.answerWithSql(run, target, provider, described, cached.key, cached.reusedSql);
    return this.outcomes.finish(run, ending);
  }

  /** The per-request state of one question, with its trace recorder (teeing the request's own event sink). */
  private openRun(input: AskInput): Run {
    const rec = new TraceRecorder(
      recordId(),
      { sessionId: input.sessionId, userId: input.userId },
      input.events ? teeEvents(this.events, input.events) : this.events,
      this.clock,
    );
    return {
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
      dataPolicy: null,
      databaseIdentity: null,
    };
  }

  /** Step 1, intake: sets the run's normalized question, or answers the failure ending (span `intake`). */
  private intake(run: Run, chosen: ChosenReading | null): Ending | null {
    const span = run.rec.start('intake');
    const intake = checkQuestion(run.input.question, this.config.maxQuestionChars);
    if (!intake.ok) {
      span.end('error', { error: intake.error });
      run.question = run.question.slice(0, this.config.maxQuestionChars);
      return failure('error', intake.error);
    }
    run.question = intake.question;
    span.end('ok', {
      detail: {
        chars: intake.question.length,
        ...(chosen ? { clarificationOption: chosen.optionId, chosenReading: chosen.label } : {}),
      },
    });
    return null;
  }

  /** Step 3, schema: the connection's cached introspection, or the failure ending (span `schema`, hit or miss). */
  private async loadSchema(run: Run, target: QueryTarget): Promise<{ schema: DatabaseSchema } | { ending: Ending }> {
    const span = run.rec.start('schema');
    try {
      const loaded = await this.schemas.get(target.connectionId, target.driver);
      const { schema } = loaded;
      span.end(loaded.fromCache ? 'hit' : 'miss', {
        detail: { tables: schema.tables.length, version: schema.version, dialect: schema.dialect },
      });
      return { schema };
    } catch (error) {
      const message = schemaErrorMessage(error);
      span.end('error', { error: message });
      return { ending: failure('error', message) };
    }
  }

  /**
   * The connection's business definitions that apply to the question, set on the run (knowledge/knowledge-step.ts):
   * by meaning too when embeddings are configured, for a model only (the offline engine applies what the words
   * name). Answers the failure ending when they cannot be loaded, else null.
   */
  private async matchKnowledge(run: Run, provider: LlmProvider, dialect: Dialect): Promise<Ending | null> {
    const semantic = this.semantic;
    const embed =
      semantic && !provider.answersLocally
        ? { modelId: semantic.modelId, similarities: (q: string, docs: string[]) => semantic.similarities(q, docs) }
        : null;
    const knowledge = await loadKnowledge(
      this.store,
      run.connectionId,
      dialect,
      run.question,
      run.rec,
      embed,
      run.conversation.at(-1)?.question,
    );
    if ('error' in knowledge) return failure('error', knowledge.error);
    run.knowledge = knowledge.match;
    run.knowledgeKey = knowledge.key;
    run.descriptions = knowledge.descriptions;
    return null;
  }

  /**
   * Step 2, cache (span `cache`): the exact answer's ending, else the result cache key with the SQL of a
   * near-identical earlier question of the same scope to run again (null when none). A cache outage is a miss.
   */
  private async lookUpCache(
    run: Run,
    provider: LlmProvider,
    schema: DatabaseSchema,
  ): Promise<{ ending: Ending } | { key: string; reusedSql: string | null }> {
    const span = run.rec.start('cache');
    const scope = {
      connectionId: run.connectionId,
      sessionId: run.input.sessionId,
      userId: run.input.userId,
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
    const turns = run.conversation.length;
    if (hit) {
      span.end('hit', { detail: { match: 'exact', conversationTurns: turns } });
      return { ending: cachedEnding(hit) };
    }
    const near = this.nearDuplicates.find(scope, run.question, provider.modelId, schema.version);
    if (near)
      span.end('hit', {
        detail: { match: 'near', similarity: Number(near.similarity.toFixed(3)), reusedQuestion: near.question },
      });
    else span.end('miss', { error: cacheError, detail: { match: 'none', conversationTurns: turns } });
    return { key, reusedSql: near?.sql ?? null };
  }

  /** Steps 4-11: link, examples, generate, check, policy, execute, correct, answer (attempt/attempt-loop.ts). */
  private answerWithSql(
    run: Run,
    target: QueryTarget,
    provider: LlmProvider,
    schema: DatabaseSchema,
    cacheKey: string,
    reusedSql: string | null,
  ): Promise<Ending> {
    let prompt: Promise<PromptContext> | null = null;
    const policy = new RetryPolicy({
      maxRetries: this.config.maxRetries,
      fallback: async () => (await this.targets.fallbackProvider?.()) ?? null,
    });
    const context: AttemptContext = {
      run,
      target,
      provider,
      schema,
      cacheKey,
      config: this.config,
      store: this.store,
      clock: this.clock,
      checks: this.checks,
      policy,
      prompt: () =>
        (prompt ??= preparePromptContext(
          run.rec,
          {
            question: run.question,
            conversation: run.conversation,
            schema: run.dataPolicy ? visibleSchema(schema, run.dataPolicy.policy) : schema,
            connectionId: target.connectionId,
          },
          {
            store: this.store,
            semantic: this.semantic,
            schemaTokenBudget: this.config.schemaTokenBudget,
            ...(run.dataPolicy ? { admits: admitsUnder(run.dataPolicy, schema.dialect) } : {}),
          },
        )),
    };
    return runAttempts(context, reusedSql);
  }

  /**
   * Approve the session's pending (or failed) write: see {@link ApprovalFlow.approve} (approval/approval-flow.ts).
   * @param approverKey fingerprint of the approving caller's key (null: none presented), checked against an MCP agent's
   * @throws NothingPendingError (404), ApprovalConflictError (409), ApprovalExecutionError, PipelineError SQL_REFUSED (422),
   *   AgentSelfApprovalError (403)
   */
  approve(sessionId: string, userId: string, approverKey?: string | null): Promise<ApprovalOutcome> {
    return this.approvals.approve(sessionId, userId, approverKey);
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
   * `entryId` names (POST /api/sessions/{id}/feedback with `entry_id`, docs/http-api.md), else the session's latest
   * query (POST /feedback/{session_id}). A thumbs-up on an answered read makes a candidate example of that
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
   * One page of the session's history: the newest `limit` entries older than `cursor` (oldest first) and the cursor
   * of the page before them (null at the session's start); see StateStore.historyPage, else pageOfHistory.
   * @throws InvalidHistoryCursorError for a malformed cursor
   */
  historyPage(sessionId: string, page: HistoryPageRequest): Promise<HistoryPage> {
    if (this.store.historyPage) return this.store.historyPage(sessionId, page);
    return this.store.listHistory(sessionId, { omitResults: page.omitResults }).then((all) => pageOfHistory(all, page));
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
    // A schema change re-verifies the connection's verified examples (docs/architecture.md step 5): broken ones are retired.
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

  /**
   * The connection's schema (connectionSchema) with its description definitions laid over the comments and its
   * relationship definitions as foreign keys (withSchemaDefinitions; docs/knowledge.md "Descriptions"), as the schema endpoints show it. A state store that cannot
   * list definitions gives the schema as introspected.
   */
  async describedSchema(connectionId?: string): Promise<{ connectionId: string; schema: DatabaseSchema }> {
    const found = await this.connectionSchema(connectionId);
    if (!this.store.listDefinitions) return found;
    const descriptions = descriptionsOf(await this.store.listDefinitions(found.connectionId));
    return { connectionId: found.connectionId, schema: withSchemaDefinitions(found.schema, descriptions) };
  }

  /**
   * {@link connectionSchema} as `access` may see it: under its role's data policy only permitted tables and columns,
   * no sample values of masked columns, and a version of its own (visibleSchema; docs/http-api.md "Roles and data
   * policies"). The whole schema when no policy applies.
   */
  async visibleConnectionSchema(
    access: DataAccess,
    connectionId?: string,
  ): Promise<{ connectionId: string; schema: DatabaseSchema }> {
    const found = await this.describedSchema(connectionId);
    const applied = await appliedDataPolicy(this.policies, found.connectionId, access);
    if (!applied) return found;
    const visible = visibleSchema(found.schema, applied.policy);
    return { connectionId: found.connectionId, schema: { ...visible, version: `${visible.version}:${applied.key}` } };
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

/** The ending of an exact result cache hit: the stored answer, `cached: true`. */
function cachedEnding(hit: CachedAnswer): Ending {
  return {
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
  };
}

function schemaErrorMessage(error: unknown): string {
  if (error instanceof DatabaseError && error.kind === 'connection')
    return `The database could not be reached: ${error.message}`;
  return `The database schema could not be read: ${error instanceof Error ? error.message : String(error)}`;
}
