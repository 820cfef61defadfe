/**
 * Live events pushed on /ws/live (docs/http-api.md "Contract: events"; shapes are nlq's). Every event names its session and user so a
 * subscriber only hears its own sessions.
 */
export type LiveEventType =
  | 'stage.started'
  | 'stage.finished'
  | 'answer.delta'
  | 'answer.ready'
  | 'approval.pending'
  | 'clarification.requested'
  | 'approval.executing'
  | 'approval.approved'
  | 'approval.failed'
  | 'approval.rejected'
  | 'schema.refreshed'
  | 'benchmark.regression';

export interface LiveEvent {
  type: LiveEventType;
  /** Session the event belongs to; null for service-wide events (schema.refreshed). */
  sessionId: string | null;
  userId: string | null;
  /** Trace the event belongs to, when any. */
  traceId: string | null;
  /** ISO-8601 time. */
  at: string;
  /**
   * stage.*: { stage, durationMs?, outcome? }; answer.delta: { text } (the next piece of an answer a model words,
   * in order while the answer stage runs; the pieces concatenate to the answer, and answer.ready's response is
   * authoritative, e.g. when a failed stream falls back to a factual line); answer.ready: { success, sql, response, warnings,
   * error, rowCount, reading }; clarification.requested: { question, options: [{ id, label }] } (the question was asked
   * back instead of answered; nothing ran);
   * approval.pending: { sql, kind, connectionId, estimatedRows (rows the write would change, null for DDL or when
   * they could not be counted), impact (e.g. "would delete 7 rows", null for DDL) }; approval.executing: { sql, executor } (an approved write started on replica `executor`);
   * approval.approved: { sql, rowsAffected }; approval.failed: { sql, error, interrupted } (the write failed at the
   * database, or `interrupted`: the service stopped while it ran and the database rolled it back; it may be approved
   * again); approval.rejected: { sql };
   * schema.refreshed: { connectionId, tables, version };
   * benchmark.regression: { benchmarkId, benchmarkName, runId, connectionId, regressions: [{ question, before, now }],
   * changes: [{ part, before, now }] } (questions right in the previous run and not now; docs/http-api.md "Benchmarks").
   */
  data: Record<string, unknown>;
}
