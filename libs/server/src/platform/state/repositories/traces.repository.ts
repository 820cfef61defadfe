import type { DecidedTraceStatus, Trace } from '@nlq/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { HistoryEntryEntity, TraceEntity, toTrace } from '../entities';
import { EntityWriter } from '../entity-writer';
import type { ExclusiveRunner } from './exclusive-runner';

/**
 * Pipeline traces in `trace`: upserted by id through one statement built once (EntityWriter), read by id, and a held
 * write's trace moved to its decision.
 */
export class TracesRepository {
  /** Built on first use: the entity metadata exists once the DataSource is initialized. */
  private rowWriter?: EntityWriter<TraceEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  private get writer(): EntityWriter<TraceEntity> {
    return (this.rowWriter ??= new EntityWriter(this.dataSource, TraceEntity, ['id']));
  }

  /** Upsert `traces` by id, inside `manager`'s transaction when given (the caller then runs it exclusively). */
  insert(traces: readonly Trace[], manager?: EntityManager): Promise<void> {
    return this.writer.insert(traces.map(toTraceRow), manager);
  }

  /**
   * Store the trace, replacing one of the same id: one `INSERT ... ON CONFLICT (id) DO UPDATE` statement (TypeORM's
   * `save` would SELECT first and wrap the INSERT in a transaction: four round trips on every request).
   */
  async save(trace: Trace): Promise<void> {
    await this.exclusive.run(() => this.writer.insert([toTraceRow(trace)]));
  }

  /**
   * Set `status` and `error` on the trace of history entry `queryEntryId` (found by the entry's unique id, then
   * updated by its primary key); nothing when the entry, its trace id or the trace is gone.
   */
  async decide(queryEntryId: string, status: DecidedTraceStatus, error: string | null): Promise<void> {
    await this.exclusive.run(async () => {
      const entry = await this.dataSource
        .getRepository(HistoryEntryEntity)
        .findOne({ where: { id: queryEntryId }, select: { seq: true, traceId: true } });
      if (entry?.traceId)
        await this.dataSource.getRepository(TraceEntity).update({ id: entry.traceId }, { status, error });
    });
  }

  /** One stored trace, or null. */
  async get(id: string): Promise<Trace | null> {
    const row = await this.exclusive.run(() => this.dataSource.getRepository(TraceEntity).findOneBy({ id }));
    return row ? toTrace(row) : null;
  }
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
