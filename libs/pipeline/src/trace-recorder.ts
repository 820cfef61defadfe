import type { LiveEvent, SpanOutcome, Trace, TraceSpan, TraceStatus } from '@nlq/contracts';
import type { EventSink } from './ports';
import { scrubDeep, scrubLiveEvent, scrubMessage } from './secret-scrubber';

/** Extra facts set when a span ends. */
export interface SpanEnd {
  tokens?: { prompt: number; completion: number } | null;
  error?: string | null;
  detail?: Record<string, unknown> | null;
}

/** A stage in progress; `end` may be called once (later calls are ignored). */
export interface OpenSpan {
  readonly name: string;
  end(outcome: SpanOutcome, extras?: SpanEnd): TraceSpan;
}

/**
 * Records one request's stages as trace spans (name, startedAt ISO, durationMs, outcome, tokens, error, detail)
 * and publishes `stage.started` / `stage.finished` live events (contracts/events.ts) for each of them. Error text
 * is scrubbed on the way in (secret-scrubber.ts: no credentials, connection-string passwords, keys or server file
 * paths): a span's `error` and every string of its `detail`, the trace's `error`, and the error text of every event
 * published ({@link safePublish}).
 */
export class TraceRecorder {
  readonly spans: TraceSpan[] = [];
  readonly startedAtMs: number;

  constructor(
    readonly traceId: string,
    private readonly context: { sessionId: string; userId: string },
    private readonly events: EventSink,
    private readonly clock: () => number = Date.now,
  ) {
    this.startedAtMs = clock();
  }

  /** Open a span named after a stage and announce it with `stage.started`. */
  start(name: string): OpenSpan {
    const startedMs = this.clock();
    let ended: TraceSpan | undefined;
    this.publish('stage.started', { stage: name });
    return {
      name,
      end: (outcome, extras = {}) => {
        if (ended) return ended;
        ended = {
          name,
          startedAt: new Date(startedMs).toISOString(),
          durationMs: Math.max(0, this.clock() - startedMs),
          outcome,
          tokens: extras.tokens ?? null,
          error: extras.error ? scrubMessage(extras.error) : (extras.error ?? null),
          detail: extras.detail ? scrubDeep(extras.detail) : null,
        };
        this.spans.push(ended);
        this.publish('stage.finished', {
          stage: name,
          durationMs: ended.durationMs,
          outcome,
          ...metricFields(name, outcome, ended),
        });
        return ended;
      },
    };
  }

  /** Milliseconds since the recorder was created. */
  elapsedMs(): number {
    return Math.max(0, this.clock() - this.startedAtMs);
  }

  /** The finished trace (spans in the order they ended); `error` scrubbed as span errors are. */
  toTrace(fields: { question: string; sql: string | null; status: TraceStatus; error: string | null }): Trace {
    return {
      id: this.traceId,
      sessionId: this.context.sessionId,
      userId: this.context.userId,
      question: fields.question,
      sql: fields.sql,
      status: fields.status,
      startedAt: new Date(this.startedAtMs).toISOString(),
      durationMs: this.elapsedMs(),
      spans: [...this.spans],
      error: fields.error ? scrubMessage(fields.error) : fields.error,
    };
  }

  /** Publish an event of this trace's session; a throwing sink is ignored (EventSink must not throw). */
  publish(type: LiveEvent['type'], data: Record<string, unknown>): void {
    safePublish(this.events, {
      type,
      sessionId: this.context.sessionId,
      userId: this.context.userId,
      traceId: this.traceId,
      at: new Date(this.clock()).toISOString(),
      data,
    });
  }
}

/**
 * Publish `event` with its error text scrubbed ({@link scrubLiveEvent}: `data.error`, and a failed answer.ready's
 * `response`) without ever throwing into the caller. Every live event of the pipeline goes out through here, so
 * /ws/live and the chat stream's server-sent events carry the same scrubbed text as the HTTP errors.
 */
export function safePublish(events: EventSink, event: LiveEvent): void {
  try {
    events.publish(scrubLiveEvent(event));
  } catch {
    // EventSink must never throw; a misbehaving one must not fail the request either
  }
}

/**
 * The few span fields stage.finished carries for operators' metrics (apps/api /metrics): model tokens with the
 * provider and model that spent them, and the error kind of a failed execute stage. Empty for other spans.
 */
function metricFields(
  stage: string,
  outcome: string,
  span: Pick<TraceSpan, 'tokens' | 'detail'>,
): Record<string, unknown> {
  const detail = span.detail ?? {};
  const fields: { tokens?: unknown; provider?: string; model?: string; errorKind?: string } = {};
  if (span.tokens) {
    fields.tokens = span.tokens;
    if (typeof detail.provider === 'string') fields.provider = detail.provider;
    if (typeof detail.model === 'string') fields.model = detail.model;
  }
  if (stage === 'execute' && outcome === 'error' && typeof detail.kind === 'string') fields.errorKind = detail.kind;
  return fields;
}
