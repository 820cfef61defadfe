import type { SqlKind } from '@nlq/contracts';
import type { ExecutionLease, ExecutionOutcome, PendingOperation } from '@nlq/pipeline';
import type { DataSource, EntityManager } from 'typeorm';
import { PendingOperationEntity } from '../entities';
import type { ExclusiveRunner } from './exclusive-runner';

/**
 * Pending operations (writes held for approval) in `pending_operation`, and the atomic transitions of the approval
 * state machine (libs/pipeline/src/approval/approval-flow.ts; docs/architecture.md "Approval").
 *
 * {@link claim} moves a pending operation with one conditional `UPDATE pending_operation SET state = ? ... WHERE id
 * = ? AND state = 'pending'` inside a transaction and wins only when exactly one row was affected, so of two
 * concurrent approves exactly one executes. On PostgreSQL the second UPDATE waits for the first's row lock and then
 * re-checks the state (READ COMMITTED), affecting 0 rows; on SQLite the store runs one operation at a time
 * (ExclusiveRunner). `claim(..., 'executing', lease)` takes a pending or failed operation for one executor (replica
 * id) until `lease_until`; {@link finishExecution} ends it only while that executor still owns it;
 * {@link failInterrupted} marks failed the runs of a restarted executor and runs whose lease expired.
 */
export class PendingOperationsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  /** Insert the operation and mark any older pending operation of the session `superseded`, in one transaction. */
  async save(operation: PendingOperation): Promise<void> {
    await this.exclusive.run(() =>
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
          agentKey: operation.agentKey ?? null,
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
  async claim(
    sessionId: string,
    state: 'approved' | 'rejected' | 'executing',
    decidedBy: string,
    lease?: ExecutionLease,
  ): Promise<PendingOperation | null> {
    if (state === 'executing' && !lease) throw new Error('claim: executing needs a lease');
    return this.exclusive.run(() =>
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
          .where("session_id = :sessionId AND state IN ('pending', 'failed') AND id <> :id", {
            sessionId,
            id: candidate.id,
          })
          .execute();
        const claimed = await repo.findOneBy({ id: candidate.id });
        return claimed ? toPendingOperation(claimed) : null;
      }),
    );
  }

  /** Extend the lease of an executing operation `lease.executor` owns; false when it no longer does. */
  async renewLease(operationId: string, lease: ExecutionLease): Promise<boolean> {
    const result = await this.exclusive.run(() =>
      this.dataSource
        .createQueryBuilder()
        .update(PendingOperationEntity)
        .set({ leaseUntil: lease.leaseUntil })
        .where("id = :id AND state = 'executing' AND executor = :executor", {
          id: operationId,
          executor: lease.executor,
        })
        .execute(),
    );
    return result.affected === 1;
  }

  /** End an executing operation `executor` owns as approved (rows affected) or failed (error); null when not owned. */
  async finishExecution(
    operationId: string,
    executor: string,
    outcome: ExecutionOutcome,
  ): Promise<PendingOperation | null> {
    return this.exclusive.run(async () => {
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
    return this.exclusive.run(async () => {
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
        if (result.affected === 1)
          marked.push(toPendingOperation({ ...row, state: 'failed', error, leaseUntil: null, rowsAffected: null }));
      }
      return marked;
    });
  }

  /** The session's newest operation in any state (a still-pending one wins a same-millisecond tie), or null. */
  async latest(sessionId: string): Promise<PendingOperation | null> {
    const rows = await this.exclusive.run(() =>
      this.dataSource
        .getRepository(PendingOperationEntity)
        .find({ where: { sessionId }, order: { createdAt: 'DESC' }, take: 5 }),
    );
    if (rows.length === 0) return null;
    // Same-millisecond ties: a still-pending operation is the newest (older ones were superseded when it arrived).
    const newest = rows.filter((r) => r.createdAt === rows[0].createdAt);
    return toPendingOperation(newest.find((r) => r.state === 'pending') ?? newest[0]);
  }
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
    agentKey: row.agentKey ?? null,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    decidedBy: row.decidedBy,
    executor: row.executor ?? null,
    leaseUntil: row.leaseUntil ?? null,
    rowsAffected: row.rowsAffected ?? null,
    error: row.error ?? null,
  };
}
