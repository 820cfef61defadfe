import type { HistoryEntry, HistoryEntryKind, SqlKind, Trace } from '@nlq/contracts';
import type { ExecutionLease, ExecutionOutcome, HistoryReadOptions, PendingOperation, StateRecords, StateStore } from '@nlq/pipeline';
import { DataSource, type EntityManager } from 'typeorm';
import { HistoryEntryEntity, PendingOperationEntity, TraceEntity, toTrace } from './entities';
import { EntityReader } from './entity-reader';
import { EntityWriter } from './entity-writer';
import { pruneState, type PruneOptions, type PruneResult, type RetentionPolicy } from './state-retention';

/** A question/SQL few-shot example, as the StateStore port returns it. */
type FewShotExample = Awaited<ReturnType<StateStore['listPositiveExamples']>>[number];

/** Default time few-shot examples are reused before they are read again, in ms (TypeOrmStateStore options). */
export const EXAMPLES_TTL_MS = 10_000;

/**
 * The pipeline's StateStore on TypeORM (SQLite via better-sqlite3, or PostgreSQL).
 *
 * Atomic approval: {@link claimPending} moves a pending operation with one conditional
 * `UPDATE pending_operation SET state = ? ... WHERE id = ? AND state = 'pending'` inside a transaction and wins only
 * when exactly one row was affected, so of two concurrent approves exactly one executes. On PostgreSQL the second
 * UPDATE waits for the first's row lock and then re-checks `state = 'pending'` (READ COMMITTED), affecting 0 rows.
 * On SQLite, TypeORM shares one connection between all callers, so concurrent transactions would nest into each
 * other; every store operation is therefore serialized in process, and SQLite's file lock (busy timeout 5 s)
 * serializes other processes.
 *
 * Approval runs (docs/architecture.md "Approval"): `claimPending(..., 'executing', lease)` takes a pending or failed operation
 * for one executor (replica id) until `lease_until`; {@link finishExecution} ends it only while that executor still
 * owns it; {@link failInterrupted} marks failed the runs of a restarted executor and runs whose lease expired.
 */
export class TypeOrmStateStore implements StateStore {
  private readonly serialize: boolean;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly examplesTtlMs: number;
  /** Few-shot examples per connection and limit, with the time they were read (see listPositiveExamples). */
  private readonly examples = new Map<string, { at: number; examples: FewShotExample[] }>();
  /** Bumped by every feedback entry written here: a read that began before it is not cached. */
  private feedbackGeneration = 0;
  /** The session's history, read on every question (the conversation window) without rebuilding its SQL. */
  private historyRows?: EntityReader<HistoryEntryEntity>;
  /** The group commit's statements (history entries appended, traces upserted by id), built once. */
  private historyWriter?: EntityWriter<HistoryEntryEntity>;
  private traceWriter?: EntityWriter<TraceEntity>;

  /**
   * @param options.examplesTtlMs how long few-shot examples read from the database are reused, in ms (default
   *   {@link EXAMPLES_TTL_MS}; 0 reads them on every call).
   */
  constructor(
    private readonly dataSource: DataSource,
    options: { examplesTtlMs?: number } = {},
  ) {
    this.serialize = dataSource.options.type === 'better-sqlite3';
    this.examplesTtlMs = options.examplesTtlMs ?? EXAMPLES_TTL_MS;
  }

  /** Insert one history entry (seq assigned by the database); a feedback entry forgets the cached few-shot examples. */
  async appendHistory(entry: HistoryEntry): Promise<void> {
    await this.exclusive(() => this.historyRowWriter().insert([toHistoryRow(entry)]));
    this.forgetExamplesAfter([entry]);
  }

  /**
   * History entries (in order) and traces (upserted by id) in one transaction: the pipeline's group commit
   * (RecordBatcher) writes every request that ended together with one commit. One multi-row INSERT per table
   * (EntityWriter: the statement built without TypeORM's query builder).
   */
  async appendRecords(records: StateRecords): Promise<void> {
    if (records.history.length === 0 && records.traces.length === 0) return;
    await this.exclusive(() =>
      this.dataSource.transaction(async (manager) => {
        if (records.history.length > 0) await this.historyRowWriter().insert(records.history.map(toHistoryRow), manager);
        if (records.traces.length > 0) await this.traceRowWriter().insert(records.traces.map(toTraceRow), manager);
      }),
    );
    this.forgetExamplesAfter(records.history);
  }

  private historyRowWriter(): EntityWriter<HistoryEntryEntity> {
    return (this.historyWriter ??= new EntityWriter(this.dataSource, HistoryEntryEntity));
  }

  private traceRowWriter(): EntityWriter<TraceEntity> {
    return (this.traceWriter ??= new EntityWriter(this.dataSource, TraceEntity, ['id']));
  }

  /** Feedback changes the few-shot examples: forget the ones read so far (and any read still in flight). */
  private forgetExamplesAfter(entries: readonly HistoryEntry[]): void {
    if (!entries.some((e) => e.kind === 'feedback')) return;
    this.feedbackGeneration++;
    this.examples.clear();
  }

  /**
   * The session's entries, oldest first (insertion order); with `options.newest` only the newest that many (read
   * newest first on the (session_id, seq) index and reversed, so the read is bounded however long the session is).
   */
  async listHistory(sessionId: string, options: HistoryReadOptions = {}): Promise<HistoryEntry[]> {
    const newest = options.newest !== undefined ? Math.max(1, Math.floor(options.newest)) : undefined;
    const history = (this.historyRows ??= new EntityReader(this.dataSource, HistoryEntryEntity));
    const rows = await this.exclusive(() =>
      history.many(`${history.column('sessionId')} = :sessionId`, { sessionId }, `ORDER BY ${history.column('seq')} ${newest ? `DESC LIMIT ${newest}` : 'ASC'}`),
    );
    if (newest) rows.reverse();
    return rows.map(toHistoryEntry);
  }

  /**
   * Questions and SQL of successful (`status: ok`) query entries of the connection whose latest feedback is
   * positive, newest feedback first, one per distinct question, at most `limit` (the pipeline's few-shot examples,
   * docs/architecture.md step 5). Every cache miss asks for them, so they are kept per connection and limit for
   * `examplesTtlMs` and forgotten as soon as feedback is written through this store; feedback given on another
   * replica shows here within `examplesTtlMs`.
   */
  async listPositiveExamples(connectionId: string, limit: number): Promise<FewShotExample[]> {
    if (limit <= 0) return [];
    const key = `${connectionId}\u0000${limit}`;
    const cached = this.examples.get(key);
    if (cached && Date.now() - cached.at < this.examplesTtlMs) return cached.examples.map((e) => ({ ...e }));
    const generation = this.feedbackGeneration;
    const examples = await this.readPositiveExamples(connectionId, limit);
    if (this.examplesTtlMs > 0 && generation === this.feedbackGeneration) this.examples.set(key, { at: Date.now(), examples: examples.map((e) => ({ ...e })) });
    return examples;
  }

  /** The query behind {@link listPositiveExamples}, on the indexes the plan test checks. */
  private async readPositiveExamples(connectionId: string, limit: number): Promise<FewShotExample[]> {
    const rows: Array<{ question: string; sql: string }> = await this.exclusive(() =>
      this.dataSource
        .getRepository(HistoryEntryEntity)
        .createQueryBuilder('q')
        .innerJoin(HistoryEntryEntity, 'f', "f.ref_id = q.id AND f.kind = 'feedback'")
        .select('q.question', 'question')
        .addSelect('q.sql', 'sql')
        .where("q.kind = 'query' AND q.status = 'ok' AND q.sql IS NOT NULL AND q.question IS NOT NULL")
        // f.connection_id (copied from the query by recordFeedback) lets the index read this connection's feedback only
        .andWhere('q.connection_id = :connectionId AND f.connection_id = :connectionId', { connectionId })
        .andWhere("f.signal = 'positive'")
        .andWhere((qb) => {
          const latest = qb.subQuery().select('MAX(g.seq)').from(HistoryEntryEntity, 'g').where("g.kind = 'feedback' AND g.ref_id = q.id");
          return `f.seq = ${latest.getQuery()}`;
        })
        .orderBy('f.seq', 'DESC')
        .limit(limit * 4)
        .getRawMany(),
    );
    const seen = new Set<string>();
    const examples: FewShotExample[] = [];
    for (const row of rows) {
      const key = row.question.trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      examples.push({ question: row.question, sql: row.sql });
      if (examples.length >= limit) break;
    }
    return examples;
  }

  /** Insert the operation and mark any older pending operation of the session `superseded`, in one transaction. */
  async savePending(operation: PendingOperation): Promise<void> {
    await this.exclusive(() =>
      this.dataSource.transaction(async (manager) => {
        await manager
          .createQueryBuilder()
          .update(PendingOperationEntity)
          .set({ state: 'superseded', decidedAt: new Date().toISOString() })
          .where("session_id = :sessionId AND state IN ('pending', 'failed')", { sessionId: operation.sessionId })
          .execute();
        await manager.getRepository(PendingOperationEntity).insert({
          id: operation.id,
          sessionId: operation.sessionId,
          userId: operation.userId,
          connectionId: operation.connectionId,
          question: operation.question,
          sql: operation.sql,
          kind: operation.kind,
          state: operation.state,
          queryEntryId: operation.queryEntryId,
          estimatedRows: operation.estimatedRows ?? null,
          createdAt: operation.createdAt,
          decidedAt: operation.decidedAt ?? null,
          decidedBy: operation.decidedBy ?? null,
        });
      }),
    );
  }

  /**
   * Atomically decide the session's newest pending or failed operation (see the class comment): `approved` or
   * `rejected`, or `executing` for `lease.executor` until `lease.leaseUntil`. Resolves with the operation as
   * decided when this call won, or null when nothing was decidable or a concurrent caller won.
   */
  async claimPending(
    sessionId: string,
    state: 'approved' | 'rejected' | 'executing',
    decidedBy: string,
    lease?: ExecutionLease,
  ): Promise<PendingOperation | null> {
    if (state === 'executing' && !lease) throw new Error('claimPending: executing needs a lease');
    return this.exclusive(() =>
      this.dataSource.transaction(async (manager: EntityManager) => {
        const repo = manager.getRepository(PendingOperationEntity);
        const candidate = await repo
          .createQueryBuilder('o')
          .select(['o.id', 'o.state'])
          .where("o.session_id = :sessionId AND o.state IN ('pending', 'failed')", { sessionId })
          .orderBy('o.created_at', 'DESC')
          .getOne();
        if (!candidate) return null;
        const result = await manager
          .createQueryBuilder()
          .update(PendingOperationEntity)
          .set({
            state,
            decidedAt: new Date().toISOString(),
            decidedBy,
            ...(lease ? { executor: lease.executor, leaseUntil: lease.leaseUntil, error: null } : {}),
          })
          .where('id = :id AND state = :from', { id: candidate.id, from: candidate.state })
          .execute();
        if (result.affected !== 1) return null;
        // Two writes asked concurrently in one session can both be saved as pending (neither transaction saw the
        // other's insert); deciding the newest supersedes any such older one, so it can never run later.
        await manager
          .createQueryBuilder()
          .update(PendingOperationEntity)
          .set({ state: 'superseded', decidedAt: new Date().toISOString() })
          .where("session_id = :sessionId AND state IN ('pending', 'failed') AND id <> :id", { sessionId, id: candidate.id })
          .execute();
        const claimed = await repo.findOneBy({ id: candidate.id });
        return claimed ? toPendingOperation(claimed) : null;
      }),
    );
  }

  /** Extend the lease of an executing operation `lease.executor` owns; false when it no longer does. */
  async renewLease(operationId: string, lease: ExecutionLease): Promise<boolean> {
    const result = await this.exclusive(() =>
      this.dataSource
        .createQueryBuilder()
        .update(PendingOperationEntity)
        .set({ leaseUntil: lease.leaseUntil })
        .where("id = :id AND state = 'executing' AND executor = :executor", { id: operationId, executor: lease.executor })
        .execute(),
    );
    return result.affected === 1;
  }

  /** End an executing operation `executor` owns as approved (rows affected) or failed (error); null when not owned. */
  async finishExecution(operationId: string, executor: string, outcome: ExecutionOutcome): Promise<PendingOperation | null> {
    return this.exclusive(async () => {
      const result = await this.dataSource
        .createQueryBuilder()
        .update(PendingOperationEntity)
        .set({
          state: outcome.state,
          leaseUntil: null,
          ...(outcome.state === 'approved' ? { rowsAffected: outcome.rowsAffected } : { error: outcome.error }),
        })
        .where(
          outcome.state === 'approved'
            ? "id = :id AND ((state = 'executing' AND executor = :executor) OR state = 'failed')"
            : "id = :id AND state = 'executing' AND executor = :executor",
          { id: operationId, executor },
        )
        .execute();
      if (result.affected !== 1) return null;
      const row = await this.dataSource.getRepository(PendingOperationEntity).findOneBy({ id: operationId });
      return row ? toPendingOperation(row) : null;
    });
  }

  /**
   * Mark failed with `error` the executing operations whose lease ended before `now` or whose executor is
   * `restartedExecutor`; each row by its own conditional UPDATE, so a replica finishing meanwhile keeps its outcome.
   */
  async failInterrupted(error: string, now: string, restartedExecutor?: string): Promise<PendingOperation[]> {
    return this.exclusive(async () => {
      const repo = this.dataSource.getRepository(PendingOperationEntity);
      const stale = await repo
        .createQueryBuilder('o')
        .where(
          restartedExecutor === undefined
            ? "o.state = 'executing' AND o.lease_until < :now"
            : "o.state = 'executing' AND (o.lease_until < :now OR o.executor = :executor)",
          { now, executor: restartedExecutor },
        )
        .getMany();
      const marked: PendingOperation[] = [];
      for (const row of stale) {
        const result = await this.dataSource
          .createQueryBuilder()
          .update(PendingOperationEntity)
          .set({ state: 'failed', error, leaseUntil: null, rowsAffected: null })
          .where("id = :id AND state = 'executing' AND executor = :owner AND lease_until = :lease", {
            id: row.id,
            owner: row.executor,
            lease: row.leaseUntil,
          })
          .execute();
        if (result.affected === 1) marked.push(toPendingOperation({ ...row, state: 'failed', error, leaseUntil: null, rowsAffected: null }));
      }
      return marked;
    });
  }

  /** The session's newest operation in any state (a still-pending one wins a same-millisecond tie), or null. */
  async latestOperation(sessionId: string): Promise<PendingOperation | null> {
    const rows = await this.exclusive(() =>
      this.dataSource.getRepository(PendingOperationEntity).find({ where: { sessionId }, order: { createdAt: 'DESC' }, take: 5 }),
    );
    if (rows.length === 0) return null;
    // Same-millisecond ties: a still-pending operation is the newest (older ones were superseded when it arrived).
    const newest = rows.filter((r) => r.createdAt === rows[0].createdAt);
    return toPendingOperation(newest.find((r) => r.state === 'pending') ?? newest[0]);
  }

  /**
   * Store the trace, replacing one of the same id: one `INSERT ... ON CONFLICT (id) DO UPDATE` statement (TypeORM's
   * `save` would SELECT first and wrap the INSERT in a transaction: four round trips on every request).
   */
  async saveTrace(trace: Trace): Promise<void> {
    await this.exclusive(() => this.traceRowWriter().insert([toTraceRow(trace)]));
  }

  /** One stored trace, or null. */
  async getTrace(id: string): Promise<Trace | null> {
    const row = await this.exclusive(() => this.dataSource.getRepository(TraceEntity).findOneBy({ id }));
    return row ? toTrace(row) : null;
  }

  /**
   * Delete state older than `policy` allows, in small batches, each statement taking its turn with the store's other
   * work (see {@link pruneState} for what is kept).
   * @param now the time the retention days count back from, in ms since the epoch.
   * @throws the driver's error (batches done stay done).
   */
  prune(policy: RetentionPolicy, now: number, options: Omit<PruneOptions, 'exclusive'> = {}): Promise<PruneResult> {
    return pruneState(this.dataSource, policy, now, { ...options, exclusive: (fn) => this.exclusive(fn) });
  }

  /** Run `fn` alone (SQLite) or directly (PostgreSQL, whose pool gives each transaction its own connection). */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.serialize) return fn();
    const run = this.queue.then(() => fn());
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** The history_entry row of one entry (seq assigned by the database). */
function toHistoryRow(entry: HistoryEntry): Partial<HistoryEntryEntity> {
  return {
    id: entry.id,
    kind: entry.kind,
    sessionId: entry.session_id,
    userId: entry.user_id,
    question: entry.question,
    sql: entry.sql,
    answer: entry.answer,
    status: entry.status,
    error: entry.error,
    rowCount: entry.row_count,
    rowsAffected: entry.rows_affected,
    signal: entry.signal,
    rlhfSignal: entry.rlhf_signal,
    traceId: entry.trace_id,
    refId: entry.ref_id,
    connectionId: entry.connection_id ?? null,
    estimatedRows: entry.estimated_rows ?? null,
    createdAt: entry.created_at,
  };
}

/** The trace row of one trace. */
function toTraceRow(trace: Trace): Partial<TraceEntity> {
  return {
    id: trace.id,
    sessionId: trace.sessionId,
    userId: trace.userId,
    question: trace.question,
    sql: trace.sql,
    status: trace.status,
    startedAt: trace.startedAt,
    durationMs: trace.durationMs,
    error: trace.error ?? null,
    spans: trace.spans,
  };
}

function toHistoryEntry(row: HistoryEntryEntity): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind as HistoryEntryKind,
    session_id: row.sessionId,
    user_id: row.userId,
    question: row.question,
    sql: row.sql,
    answer: row.answer,
    status: row.status,
    error: row.error,
    row_count: row.rowCount,
    rows_affected: row.rowsAffected,
    signal: row.signal,
    rlhf_signal: row.rlhfSignal,
    trace_id: row.traceId,
    ref_id: row.refId,
    connection_id: row.connectionId,
    ...(row.estimatedRows !== null && row.estimatedRows !== undefined ? { estimated_rows: row.estimatedRows } : {}),
    created_at: row.createdAt,
  };
}

function toPendingOperation(row: PendingOperationEntity): PendingOperation {
  return {
    id: row.id,
    sessionId: row.sessionId,
    userId: row.userId,
    connectionId: row.connectionId,
    question: row.question,
    sql: row.sql,
    kind: row.kind as SqlKind,
    state: row.state as PendingOperation['state'],
    queryEntryId: row.queryEntryId,
    estimatedRows: row.estimatedRows ?? null,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    decidedBy: row.decidedBy,
    executor: row.executor ?? null,
    leaseUntil: row.leaseUntil ?? null,
    rowsAffected: row.rowsAffected ?? null,
    error: row.error ?? null,
  };
}
