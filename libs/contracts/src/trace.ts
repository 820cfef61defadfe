/** Pipeline traces: one trace per request, one span per stage (docs/architecture.md "The pipeline"). */

export type SpanOutcome = 'ok' | 'error' | 'skipped' | 'hit' | 'miss' | 'pending';

export interface TraceSpan {
  /** Stage name: intake, cache, schema, linking, examples, generate, check, policy, execute, correct, answer, record. */
  name: string;
  /** ISO-8601 start time. */
  startedAt: string;
  durationMs: number;
  outcome: SpanOutcome;
  /** Model tokens when a model was called. */
  tokens?: { prompt: number; completion: number } | null;
  /** Error text when outcome is error. */
  error?: string | null;
  /** Small, stage-specific facts (e.g. attempt number, linked tables, rows). Never secrets. */
  detail?: Record<string, unknown> | null;
}

/**
 * How the request ended. `refused`: nlq declined honestly (the question cannot be answered from the schema, or the
 * SQL is not allowed); `error`: something failed. `clarification`: the question was asked back; nothing
 * ran. A held write's trace starts `pending_approval` and follows the decision: `approved` (it
 * ran), `rejected` (nothing ran) or `failed` (the approved run failed or was interrupted; it may be approved again).
 */
export const TRACE_STATUSES = [
  'ok',
  'error',
  'pending_approval',
  'refused',
  'clarification',
  'approved',
  'rejected',
  'failed',
] as const;
export type TraceStatus = (typeof TRACE_STATUSES)[number];

/** The statuses a held write's trace may move to once someone decides (see {@link TraceStatus}). */
export type DecidedTraceStatus = Extract<TraceStatus, 'approved' | 'rejected' | 'failed'>;

export interface Trace {
  id: string;
  sessionId: string;
  userId: string;
  question: string;
  sql: string | null;
  status: TraceStatus;
  startedAt: string;
  durationMs: number;
  spans: TraceSpan[];
  error?: string | null;
}
