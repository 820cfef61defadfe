import type { DecidedTraceStatus } from '@nlq/contracts';
import type { PendingOperation } from '../ports';
import type { AuditLogger, EventSink, StateStore, TargetResolver } from '../ports';
import {
  AgentSelfApprovalError,
  ApprovalConflictError,
  ApprovalExecutionError,
  NothingPendingError,
  PipelineError,
} from '../errors';
import { scrubMessage } from '../secret-scrubber';
import { safePublish } from '../trace-recorder';
import type { ApprovalOutcome, RejectionOutcome } from '../types';
import { toDatabaseError } from '../stages/execute';
import { historyEntry } from '../stages/record';

/** The error an approval run cut short by a crash or stop is marked failed with. */
export const INTERRUPTED_APPROVAL_ERROR =
  'interrupted: the service stopped while the statement ran; the database rolled it back';

/** What the approval flow needs: the state store's pending operations and history, the connections, the service mode. */
export interface ApprovalDeps {
  store: StateStore;
  targets: TargetResolver;
  audit: AuditLogger;
  events: EventSink;
  /** Epoch milliseconds. */
  clock: () => number;
  /** `admin` runs approved writes; `user` runs reads only and refuses to approve (docs/architecture.md step 8). */
  mode: 'user' | 'admin';
  /** Statement timeout of an approved write, in ms. */
  statementTimeoutMs: number;
  /** This replica, the executor named on the writes it runs (stable across restarts of one replica). */
  replicaId: string;
  /** How long a run's claim holds without renewal, in ms (renewed every third of it). */
  leaseMs: number;
  /** Called after a write changed the data of a connection (the pipeline clears its result cache). */
  afterWrite(connectionId: string): Promise<void>;
}

/**
 * The approval state machine of docs/architecture.md "Approval" (docs/http-api.md "Contract: query adapter" rule 2): a pending operation is claimed atomically
 * (pending or failed -> executing under a lease, or -> rejected), an executing one is run once and marked approved or
 * failed, and runs whose lease ran out (a replica stopped or crashed mid-statement) are found and marked failed so
 * they may be approved again. The store's claim and lease operations make each transition atomic across replicas;
 * this class decides the order, records history, audit lines and live events, and tracks this replica's runs for a
 * graceful shutdown.
 */
export class ApprovalFlow {
  /** Approval runs of this replica still executing (graceful shutdown waits for them). */
  private readonly runningApprovals = new Set<Promise<unknown>>();

  constructor(private readonly deps: ApprovalDeps) {}

  /**
   * Approve the session's pending (or failed) write (docs/http-api.md "Contract: query adapter" rule 2, docs/architecture.md "Approval"): claimed atomically as
   * `executing` for this replica under a lease (renewed while the statement runs), run once with
   * `driver.runWrite` (one transaction) on the operation's connection, then marked `approved` with the rows
   * affected or `failed` with the error (a failed write may be approved again). Records an `approval` history entry
   * (status approved, rows_affected; or error), the question's trace moved to approved or failed, an audit line,
   * approval.executing then approval.approved or approval.failed events, and clears the connection's result cache
   * (the data changed).
   * @throws NothingPendingError when the session never had a pending operation (404).
   * @throws ApprovalConflictError when it was already decided, is executing, or another approve won the race (409).
   * @throws ApprovalExecutionError when the database refused or could not run the write, or its connection no
   * longer exists (recorded in history; the operation is `failed`).
   * @throws PipelineError SQL_REFUSED (422) in mode `user`, which runs reads only (docs/architecture.md step 8): a write held
   * while the service ran in admin mode stays pending and unrun (it may still be rejected).
   * @throws AgentSelfApprovalError (403) when the write was held for an MCP agent's question and `approverKey` (the
   * fingerprint of the approving caller's key, null when it presented none) is that agent's key or null.
   */
  async approve(sessionId: string, userId: string, approverKey?: string | null): Promise<ApprovalOutcome> {
    await this.assertNotTheAgent(sessionId, approverKey ?? null);
    if (this.deps.mode !== 'admin') {
      const latest = await this.deps.store.latestOperation(sessionId);
      if (!latest) throw new NothingPendingError(sessionId);
      if (latest.state !== 'pending' && latest.state !== 'failed')
        throw new ApprovalConflictError(sessionId, latest.state);
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
   * approval.failed event `{ sql, error, interrupted: true }`, and its question's trace is marked failed; the write
   * may then be approved again. Resolves with
   * the number marked; rejects only with the store's error.
   */
  async recoverInterruptedApprovals(options: { atStart?: boolean } = {}): Promise<number> {
    const now = new Date(this.deps.clock()).toISOString();
    const marked = await this.deps.store.failInterrupted(
      INTERRUPTED_APPROVAL_ERROR,
      now,
      options.atStart ? this.deps.replicaId : undefined,
    );
    for (const operation of marked) {
      await this.deps.store.appendHistory(
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
          this.deps.clock(),
        ),
      );
      this.deps.audit.audit('approve', {
        userId: operation.decidedBy ?? operation.userId,
        sessionId: operation.sessionId,
        operationId: operation.id,
        status: 'interrupted',
        sqlKind: operation.kind,
        connectionId: operation.connectionId,
        executor: operation.executor,
      });
      await this.followTrace(operation, 'failed', INTERRUPTED_APPROVAL_ERROR);
      this.publishDecision('approval.failed', operation, operation.decidedBy ?? operation.userId, {
        sql: operation.sql,
        error: INTERRUPTED_APPROVAL_ERROR,
        interrupted: true,
      });
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
    return { executor: this.deps.replicaId, leaseUntil: new Date(this.deps.clock() + this.deps.leaseMs).toISOString() };
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
    this.publishDecision('approval.executing', operation, userId, {
      sql: operation.sql,
      executor: this.deps.replicaId,
    });
    const renewal = setInterval(
      () => {
        this.deps.store.renewLease(operation.id, this.lease()).catch(() => undefined);
      },
      Math.max(10, Math.floor(this.deps.leaseMs / 3)),
    );
    renewal.unref?.();
    let rowsAffected: number;
    try {
      // Inside the try: a connection deleted since the write was held is a recorded failure, not a silent claim.
      const target = await this.deps.targets.connection(operation.connectionId);
      await target.driver.connect();
      rowsAffected = (await target.driver.runWrite(operation.sql, { timeoutMs: this.deps.statementTimeoutMs }))
        .rowsAffected;
    } catch (raw) {
      clearInterval(renewal);
      const error = toDatabaseError(raw);
      const message = `The approved SQL failed at the database: ${error.message}`;
      await this.deps.store.finishExecution(operation.id, this.deps.replicaId, { state: 'failed', error: message });
      await this.deps.store.appendHistory(
        historyEntry({ ...base, status: 'error', error: message }, this.deps.clock()),
      );
      await this.followTrace(operation, 'failed', message);
      this.deps.audit.audit('approve', {
        userId,
        sessionId,
        operationId: operation.id,
        status: 'error',
        sqlKind: operation.kind,
        connectionId: operation.connectionId,
      });
      this.publishDecision('approval.failed', operation, userId, {
        sql: operation.sql,
        error: message,
        interrupted: false,
      });
      throw new ApprovalExecutionError(message, error.kind === 'connection');
    }
    clearInterval(renewal);
    await this.deps.store.finishExecution(operation.id, this.deps.replicaId, { state: 'approved', rowsAffected });
    const entry = historyEntry({ ...base, status: 'approved', rows_affected: rowsAffected }, this.deps.clock());
    await this.deps.store.appendHistory(entry);
    await this.followTrace(operation, 'approved', null);
    this.deps.audit.audit('approve', {
      userId,
      sessionId,
      operationId: operation.id,
      status: 'approved',
      sqlKind: operation.kind,
      rowsAffected,
      connectionId: operation.connectionId,
    });
    await this.deps.afterWrite(operation.connectionId);
    this.publishDecision('approval.approved', operation, userId, { sql: operation.sql, rowsAffected });
    return { sessionId, sql: operation.sql, rowsAffected, historyEntryId: entry.id };
  }

  /**
   * Reject the session's pending write: claimed atomically, nothing runs; a `rejection` history entry, the
   * question's trace moved to rejected, an audit line and an approval.rejected event.
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
      this.deps.clock(),
    );
    await this.deps.store.appendHistory(entry);
    await this.followTrace(operation, 'rejected', null);
    this.deps.audit.audit('reject', {
      userId,
      sessionId,
      operationId: operation.id,
      status: 'rejected',
      sqlKind: operation.kind,
      connectionId: operation.connectionId,
    });
    this.publishDecision('approval.rejected', operation, userId, { sql: operation.sql });
    return { sessionId, sql: operation.sql, historyEntryId: entry.id };
  }

  /**
   * The trace of the question that held the write follows the decision (StateStore.decideTrace),
   * its error text scrubbed like every trace error. The decision stands when this fails: the trace only records it.
   */
  private async followTrace(
    operation: PendingOperation,
    status: DecidedTraceStatus,
    error: string | null,
  ): Promise<void> {
    try {
      await this.deps.store.decideTrace?.(operation.queryEntryId, status, error === null ? null : scrubMessage(error));
    } catch {
      // the write was decided and its history entry stored; a trace left at its earlier status is the lesser harm
    }
  }

  /**
   * A write held for a question asked through MCP is approved only by another caller (docs/mcp.md "Approval by a
   * person"): refuses the agent's own key, and a caller without a key, who cannot be told apart from the agent.
   */
  private async assertNotTheAgent(sessionId: string, approverKey: string | null): Promise<void> {
    const latest = await this.deps.store.latestOperation(sessionId);
    if (!latest?.agentKey || (latest.state !== 'pending' && latest.state !== 'failed')) return;
    if (approverKey === null || approverKey === latest.agentKey) throw new AgentSelfApprovalError(sessionId);
  }

  private async claim(sessionId: string, state: 'executing' | 'rejected', userId: string): Promise<PendingOperation> {
    const operation = await this.deps.store.claimPending(
      sessionId,
      state,
      userId,
      state === 'executing' ? this.lease() : undefined,
    );
    if (operation) return operation;
    const latest = await this.deps.store.latestOperation(sessionId);
    if (!latest) throw new NothingPendingError(sessionId);
    const what =
      latest.state === 'pending' || latest.state === 'failed'
        ? 'being decided'
        : latest.state === 'executing'
          ? 'approved and is executing'
          : latest.state;
    throw new ApprovalConflictError(sessionId, what);
  }

  private publishDecision(
    type: 'approval.approved' | 'approval.rejected' | 'approval.executing' | 'approval.failed',
    operation: PendingOperation,
    decidedBy: string,
    data: Record<string, unknown>,
  ): void {
    safePublish(this.deps.events, {
      type,
      sessionId: operation.sessionId,
      userId: operation.userId,
      traceId: null,
      at: new Date(this.deps.clock()).toISOString(),
      data: { ...data, decidedBy, connectionId: operation.connectionId },
    });
  }
}
