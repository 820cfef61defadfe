import type { DecidedTraceStatus, HistoryEntry, KnowledgeDefinition, Trace } from '@nlq/contracts';
import { toKnowledgeDefinition } from './entities';
import { KnowledgeDefinitionsRepository } from './repositories/knowledge-definitions.repository';
import type {
  ExecutionLease,
  ExecutionOutcome,
  HistoryPage,
  HistoryPageRequest,
  HistoryReadOptions,
  PendingOperation,
  StateRecords,
  StateStore,
} from '@nlq/pipeline';
import type { DataSource } from 'typeorm';
import { BenchmarksRepository } from './repositories/benchmarks.repository';
import { ExclusiveRunner } from './repositories/exclusive-runner';
import { SavedAnswersRepository } from './repositories/saved-answers.repository';
import { BoardsRepository } from './repositories/boards.repository';
import { SchedulesRepository } from './repositories/schedules.repository';
import {
  EXAMPLES_TTL_MS,
  FewShotExamplesRepository,
  type FewShotExample,
} from './repositories/few-shot-examples.repository';
import { HistoryRepository } from './repositories/history.repository';
import { PendingOperationsRepository } from './repositories/pending-operations.repository';
import { TracesRepository } from './repositories/traces.repository';
import { VerifiedExamplesRepository } from './repositories/verified-examples.repository';
import { pruneState, type PruneOptions, type PruneResult, type RetentionPolicy } from './state-retention';

export { EXAMPLES_TTL_MS } from './repositories/few-shot-examples.repository';

/**
 * How long the live definitions of a connection read for questions are reused, in ms. A definition written through
 * this store's repository forgets them at once; the time bounds how long another replica's write goes unseen.
 */
export const DEFINITIONS_TTL_MS = 5_000;

/**
 * The pipeline's StateStore on TypeORM (SQLite via better-sqlite3, or PostgreSQL): one repository per record kind
 * (repositories/: history, few-shot examples, pending operations with the approval transitions, traces), every
 * operation run through one ExclusiveRunner (serialized on SQLite), and the group commit writing history and traces
 * in one transaction.
 */
export class TypeOrmStateStore implements StateStore {
  private readonly exclusive: ExclusiveRunner;
  private readonly history: HistoryRepository;
  private readonly examples: FewShotExamplesRepository;
  private readonly operations: PendingOperationsRepository;
  private readonly traces: TracesRepository;
  /** Verified examples and candidates: the pipeline's few-shot examples come from here. */
  readonly verifiedExamples: VerifiedExamplesRepository;
  /** Business definitions with their versions: the /api/knowledge endpoints and the pipeline's questions. */
  readonly definitions: KnowledgeDefinitionsRepository;
  /** Benchmarks and their runs: the /api/benchmarks endpoints. */
  readonly benchmarks: BenchmarksRepository;
  /** Saved answers: the /api/saved endpoints. */
  readonly savedAnswers: SavedAnswersRepository;
  /** Boards of saved answers (docs/http-api.md "Boards"). */
  readonly boards: BoardsRepository;
  /** Schedules and their runs: the /api/schedules endpoints and the schedule scheduler. */
  readonly schedules: SchedulesRepository;
  /** Live definitions per connection read for questions, with the epoch ms they were read (see {@link DEFINITIONS_TTL_MS}). */
  private readonly definitionsCache = new Map<string, { at: number; definitions: Promise<KnowledgeDefinition[]> }>();

  /**
   * @param options.examplesTtlMs how long few-shot examples read from the database are reused, in ms (default
   *   {@link EXAMPLES_TTL_MS}; 0 reads them on every call).
   */
  constructor(
    private readonly dataSource: DataSource,
    options: { examplesTtlMs?: number } = {},
  ) {
    this.exclusive = new ExclusiveRunner(dataSource.options.type === 'better-sqlite3');
    this.history = new HistoryRepository(dataSource, this.exclusive);
    this.examples = new FewShotExamplesRepository(dataSource, this.exclusive, options.examplesTtlMs ?? EXAMPLES_TTL_MS);
    this.operations = new PendingOperationsRepository(dataSource, this.exclusive);
    this.traces = new TracesRepository(dataSource, this.exclusive);
    this.verifiedExamples = new VerifiedExamplesRepository(
      dataSource,
      this.exclusive,
      options.examplesTtlMs ?? EXAMPLES_TTL_MS,
    );
    this.benchmarks = new BenchmarksRepository(dataSource, this.exclusive);
    this.savedAnswers = new SavedAnswersRepository(dataSource, this.exclusive);
    this.boards = new BoardsRepository(dataSource, this.exclusive);
    this.schedules = new SchedulesRepository(dataSource, this.exclusive);
    this.definitions = new KnowledgeDefinitionsRepository(dataSource, this.exclusive, (ids) =>
      this.forgetDefinitions(ids),
    );
  }

  /**
   * The live business definitions of a connection, oldest first (for the pipeline's questions), reused for
   * {@link DEFINITIONS_TTL_MS} unless a definition of the connection is written meanwhile ({@link forgetDefinitions}).
   */
  listDefinitions(connectionId: string): Promise<KnowledgeDefinition[]> {
    const cached = this.definitionsCache.get(connectionId);
    if (cached && Date.now() - cached.at < DEFINITIONS_TTL_MS) return cached.definitions;
    const definitions = this.definitions.live(connectionId).then((rows) => rows.map(toKnowledgeDefinition));
    definitions.catch(() => this.definitionsCache.delete(connectionId));
    this.definitionsCache.set(connectionId, { at: Date.now(), definitions });
    return definitions;
  }

  /** Forget the cached definitions of the connections (every one when none is named): a definition was written. */
  forgetDefinitions(connectionIds?: readonly string[]): void {
    if (!connectionIds) this.definitionsCache.clear();
    else for (const id of connectionIds) this.definitionsCache.delete(id);
  }

  /** Insert one history entry (seq assigned by the database); a feedback entry forgets the cached few-shot examples. */
  async appendHistory(entry: HistoryEntry): Promise<void> {
    await this.exclusive.run(() => this.history.insert([entry]));
    this.examples.forgetAfter([entry]);
  }

  /**
   * History entries (in order) and traces (upserted by id) in one transaction: the pipeline's group commit
   * (RecordBatcher) writes every request that ended together with one commit, one multi-row INSERT per table.
   */
  async appendRecords(records: StateRecords): Promise<void> {
    if (records.history.length === 0 && records.traces.length === 0) return;
    await this.exclusive.run(() =>
      this.dataSource.transaction(async (manager) => {
        if (records.history.length > 0) await this.history.insert(records.history, manager);
        if (records.traces.length > 0) await this.traces.insert(records.traces, manager);
      }),
    );
    this.examples.forgetAfter(records.history);
  }

  /** The session's entries, oldest first; see HistoryRepository.list. */
  listHistory(sessionId: string, options: HistoryReadOptions = {}): Promise<HistoryEntry[]> {
    return this.history.list(sessionId, options);
  }

  /** One page of the session's history by keyset (bounded by its limit); see HistoryRepository.page. */
  historyPage(sessionId: string, page: HistoryPageRequest): Promise<HistoryPage> {
    return this.history.page(sessionId, page);
  }

  /** Claim a question's open clarification for one reply (true once); see HistoryRepository.claimClarification. */
  claimClarification(entryId: string): Promise<boolean> {
    return this.history.claimClarification(entryId);
  }

  /**
   * Thumbs-up question/SQL pairs of the connection; see FewShotExamplesRepository.list. No longer read by the pipeline:
   * its few-shot examples are the verified examples ({@link verifiedExamples}, docs/architecture.md step 5).
   */
  listPositiveExamples(connectionId: string, limit: number): Promise<FewShotExample[]> {
    return this.examples.list(connectionId, limit);
  }

  /** Insert the operation and supersede older pending ones of the session; see PendingOperationsRepository.save. */
  savePending(operation: PendingOperation): Promise<void> {
    return this.operations.save(operation);
  }

  /** Atomically decide the session's newest pending or failed operation; see PendingOperationsRepository.claim. */
  claimPending(
    sessionId: string,
    state: 'approved' | 'rejected' | 'executing',
    decidedBy: string,
    lease?: ExecutionLease,
  ): Promise<PendingOperation | null> {
    return this.operations.claim(sessionId, state, decidedBy, lease);
  }

  /** Extend the lease of an executing operation its executor owns; false when it no longer does. */
  renewLease(operationId: string, lease: ExecutionLease): Promise<boolean> {
    return this.operations.renewLease(operationId, lease);
  }

  /** End an executing operation as approved or failed; null when `executor` no longer owns it. */
  finishExecution(operationId: string, executor: string, outcome: ExecutionOutcome): Promise<PendingOperation | null> {
    return this.operations.finishExecution(operationId, executor, outcome);
  }

  /** Mark failed the runs whose lease ended before `now` (ISO-8601) or whose executor restarted. */
  failInterrupted(error: string, now: string, restartedExecutor?: string): Promise<PendingOperation[]> {
    return this.operations.failInterrupted(error, now, restartedExecutor);
  }

  /** The session's newest operation in any state, or null. */
  latestOperation(sessionId: string): Promise<PendingOperation | null> {
    return this.operations.latest(sessionId);
  }

  /** Store the trace, replacing one of the same id (one upsert statement). */
  saveTrace(trace: Trace): Promise<void> {
    return this.traces.save(trace);
  }

  /** Move the trace of the question that held a write to its decision; see TracesRepository.decide. */
  decideTrace(queryEntryId: string, status: DecidedTraceStatus, error: string | null): Promise<void> {
    return this.traces.decide(queryEntryId, status, error);
  }

  /** One stored trace, or null. */
  getTrace(id: string): Promise<Trace | null> {
    return this.traces.get(id);
  }

  /**
   * Delete state older than `policy` allows, in small batches, each statement taking its turn with the store's other
   * work (see {@link pruneState} for what is kept).
   * @param now the time the retention days count back from, in ms since the epoch.
   * @throws the driver's error (batches done stay done).
   */
  prune(policy: RetentionPolicy, now: number, options: Omit<PruneOptions, 'exclusive'> = {}): Promise<PruneResult> {
    return pruneState(this.dataSource, policy, now, { ...options, exclusive: (fn) => this.exclusive.run(fn) });
  }
}
