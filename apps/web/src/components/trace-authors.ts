import type { Trace } from '@nlq/contracts';

/** Who wrote a trace's SQL and who worded its answer, in words; null when the trace has no such span. */
export interface TraceAuthors {
  sql: string | null;
  answer: string | null;
}

/**
 * The authors a trace records: the SQL's from the last successful `generate` span (`provider`,
 * `model` in its detail; provider `offline` is the offline engine, never a model) and the answer's from the
 * `answer` span's `answeredBy` (template, model, offline or fallback; libs/pipeline stages/answer.ts).
 */
export function traceAuthors(trace: Pick<Trace, 'spans'>): TraceAuthors {
  const generate = [...trace.spans].reverse().find((s) => s.name === 'generate' && s.outcome === 'ok');
  const answer = trace.spans.find((s) => s.name === 'answer');
  return {
    sql: generate ? writer(generate.detail?.provider, generate.detail?.model) : null,
    answer: answer ? answerWriter(answer.detail?.answeredBy, answer.detail?.model) : null,
  };
}

function writer(provider: unknown, model: unknown): string | null {
  if (provider === 'offline') return 'the offline engine';
  if (typeof model === 'string') return `model ${model}`;
  return typeof provider === 'string' ? `provider ${provider}` : null;
}

function answerWriter(answeredBy: unknown, model: unknown): string | null {
  switch (answeredBy) {
    case 'offline':
      return 'the offline engine';
    case 'template':
      return 'a template (the result stated exactly)';
    case 'fallback':
      return 'a factual summary (the model failed)';
    case 'model':
      return typeof model === 'string' ? `model ${model}` : 'the model';
    default:
      return null;
  }
}
