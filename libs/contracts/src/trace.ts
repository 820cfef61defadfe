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

/** `clarification`: the question was asked back (issue 22); nothing ran. */
export type TraceStatus = 'ok' | 'error' | 'pending_approval' | 'refused' | 'clarification';

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
