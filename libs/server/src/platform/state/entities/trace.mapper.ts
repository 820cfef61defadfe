import type { Trace, TraceStatus } from '@nlq/contracts';
import type { TraceEntity } from './trace.entity';

/** A stored `trace` row as the contracts Trace (duration as a number of ms; missing spans as []). */
export function toTrace(row: TraceEntity): Trace {
  return {
    id: row.id,
    sessionId: row.sessionId,
    userId: row.userId,
    question: row.question,
    sql: row.sql,
    status: row.status as TraceStatus,
    startedAt: row.startedAt,
    durationMs: Number(row.durationMs),
    spans: row.spans ?? [],
    error: row.error,
  };
}
