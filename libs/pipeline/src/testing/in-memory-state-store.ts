import type { DecidedTraceStatus, HistoryEntry, KnowledgeDefinition, Trace } from '@nlq/contracts';
import type { FewShotExample } from '@nlq/llm-providers';
import { InMemoryExampleStore } from '../examples/in-memory-example-store';
import type {
  ExecutionLease,
  ExecutionOutcome,
  HistoryReadOptions,
  PendingOperation,
  StateRecords,
  StateStore,
} from '../ports';

/**
 * A complete StateStore held in process memory: for tests, tools (evaluation runner, benchmarks) and single-process
 * embedding. apps/api uses its TypeORM store instead. Values are deep-copied on the way in and out, so callers
 * cannot change stored state by mutating what they passed or received (every field of an operation is kept,
 * `estimatedRows` of the impact preview included). `claimPending` checks and moves the state
 * in one synchronous step, so concurrent claims of one session cannot both win.
 */
export class InMemoryStateStore implements StateStore {
  private readonly history: HistoryEntry[] = [];
  private readonly operations: PendingOperation[] = [];
  private readonly traces = new Map<string, Trace>();
  /** Verified examples, reading this store's traces for the examples an answer used. */
  readonly verifiedExamples = new InMemoryExampleStore();

  /** Business definitions of every connection, as tests put them; deleted ones are kept and never listed. */
  readonly definitions: KnowledgeDefinition[] = [];

  constructor(private readonly clock: () => number = Date.now) {}

  /** The live definitions of the connection, oldest first (copies). */
  async listDefinitions(connectionId: string): Promise<KnowledgeDefinition[]> {
    return this.definitions
      .filter((d) => d.connection_id === connectionId && !d.deleted)
      .map((d) => structuredClone(d));
  }

  async appendHistory(entry: HistoryEntry): Promise<void> {
    this.history.push(structuredClone(entry));
  }

  /** Clarifications already claimed by a reply (entry ids): {@link claimClarification} wins once per entry. */
  private readonly answeredClarifications = new Set<string>();

  /** True once for a query entry that asked back, false afterwards and for any other entry. */
  async claimClarification(entryId: string): Promise<boolean> {
    const entry = this.history.find((e) => e.id === entryId);
    if (!entry || entry.status !== 'clarification' || this.answeredClarifications.has(entryId)) return false;
    this.answeredClarifications.add(entryId);
    return true;
  }

  async listHistory(sessionId: string, options: HistoryReadOptions = {}): Promise<HistoryEntry[]> {
    const entries = this.history.filter((e) => e.session_id === sessionId);
    const newest = options.newest !== undefined ? entries.slice(-Math.max(1, Math.floor(options.newest))) : entries;
    return newest.map((e) => {
      const copy = structuredClone(e);
      if (options.omitResults) delete copy.result;
      return copy;
    });
  }

  /**
   * Questions and SQL of successful (`status: ok`) query entries of the connection whose latest feedback is
   * positive, newest feedback first, one per distinct question, at most `limit`.
   */
  async listPositiveExamples(connectionId: string, limit: number): Promise<FewShotExample[]> {
    const byId = new Map(this.history.map((e) => [e.id, e]));
    const latestSignal = new Map<string, { signal: string; index: number }>();
    this.history.forEach((e, index) => {
      if (e.kind === 'feedback' && e.ref_id && e.signal) latestSignal.set(e.ref_id, { signal: e.signal, index });
    });
    const positives = [...latestSignal.entries()]
      .filter(([, s]) => s.signal === 'positive')
      .sort((a, b) => b[1].index - a[1].index)
      .map(([refId]) => byId.get(refId))
      .filter(
        (e): e is HistoryEntry =>
          !!e && e.kind === 'query' && e.status === 'ok' && !!e.sql && !!e.question && e.connection_id === connectionId,
      );
    const seen = new Set<string>();
    const examples: FewShotExample[] = [];
    for (const e of positives) {
      const key = (e.question as string).trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      examples.push({ question: e.question as string, sql: e.sql as string });
      if (examples.length >= limit) break;
    }
    return examples;
  }

  async savePending(operation: PendingOperation): Promise<void> {
    const now = new Date(this.clock()).toISOString();
    for (const op of this.operations) {
      if (op.sessionId === operation.sessionId && (op.state === 'pending' || op.state === 'failed')) {
        op.state = 'superseded';
        op.decidedAt = now;
      }
    }
    this.operations.push(structuredClone(operation));
  }

  async claimPending(
    sessionId: string,
    state: 'approved' | 'rejected' | 'executing',
    decidedBy: string,
    lease?: ExecutionLease,
  ): Promise<PendingOperation | null> {
    if (state === 'executing' && !lease) throw new Error('claimPending: executing needs a lease');
    const op = this.operations.findLast(
      (o) => o.sessionId === sessionId && (o.state === 'pending' || o.state === 'failed'),
    );
    if (!op) return null;
    op.state = state;
    op.decidedAt = new Date(this.clock()).toISOString();
    op.decidedBy = decidedBy;
    if (lease) Object.assign(op, { executor: lease.executor, leaseUntil: lease.leaseUntil, error: null });
    return structuredClone(op);
  }

  async renewLease(operationId: string, lease: ExecutionLease): Promise<boolean> {
    const op = this.operations.find(
      (o) => o.id === operationId && o.state === 'executing' && o.executor === lease.executor,
    );
    if (!op) return false;
    op.leaseUntil = lease.leaseUntil;
    return true;
  }

  async finishExecution(
    operationId: string,
    executor: string,
    outcome: ExecutionOutcome,
  ): Promise<PendingOperation | null> {
    const op = this.operations.find(
      (o) =>
        o.id === operationId &&
        ((o.state === 'executing' && o.executor === executor) ||
          (o.state === 'failed' && outcome.state === 'approved')),
    );
    if (!op) return null;
    op.state = outcome.state;
    op.leaseUntil = null;
    if (outcome.state === 'approved') op.rowsAffected = outcome.rowsAffected;
    else op.error = outcome.error;
    return structuredClone(op);
  }

  async failInterrupted(error: string, now: string, restartedExecutor?: string): Promise<PendingOperation[]> {
    const marked: PendingOperation[] = [];
    for (const op of this.operations) {
      const expired = !!op.leaseUntil && op.leaseUntil < now;
      if (
        op.state !== 'executing' ||
        !(expired || (restartedExecutor !== undefined && op.executor === restartedExecutor))
      )
        continue;
      Object.assign(op, { state: 'failed', error, leaseUntil: null, rowsAffected: null });
      marked.push(structuredClone(op));
    }
    return marked;
  }

  async latestOperation(sessionId: string): Promise<PendingOperation | null> {
    for (let i = this.operations.length - 1; i >= 0; i--) {
      if (this.operations[i].sessionId === sessionId) return structuredClone(this.operations[i]);
    }
    return null;
  }

  async saveTrace(trace: Trace): Promise<void> {
    this.traces.set(trace.id, structuredClone(trace));
  }

  /** History entries and traces in one step (StateStore.appendRecords): all stored, or none when one is invalid. */
  async appendRecords(records: StateRecords): Promise<void> {
    const history = records.history.map((e) => structuredClone(e));
    const traces = records.traces.map((t) => structuredClone(t));
    this.history.push(...history);
    for (const trace of traces) this.traces.set(trace.id, trace);
  }

  /** Set the status and error of the trace of query entry `queryEntryId` (StateStore.decideTrace); nothing when either is unknown. */
  async decideTrace(queryEntryId: string, status: DecidedTraceStatus, error: string | null): Promise<void> {
    const traceId = this.history.find((e) => e.id === queryEntryId)?.trace_id;
    const trace = traceId ? this.traces.get(traceId) : undefined;
    if (trace) this.traces.set(trace.id, { ...trace, status, error });
  }

  /** One trace by id, or undefined. */
  async getTrace(id: string): Promise<Trace | undefined> {
    const trace = this.traces.get(id);
    return trace ? structuredClone(trace) : undefined;
  }

  /** Every operation of a session, oldest first (any state). */
  async listOperations(sessionId: string): Promise<PendingOperation[]> {
    return this.operations.filter((o) => o.sessionId === sessionId).map((o) => structuredClone(o));
  }
}
