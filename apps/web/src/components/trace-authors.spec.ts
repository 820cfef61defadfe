import type { TraceSpan } from '@nlq/contracts';
import { traceAuthors } from './trace-authors';

const span = (name: string, outcome: TraceSpan['outcome'], detail: Record<string, unknown>): TraceSpan => ({
  name,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  outcome,
  detail,
});

describe('traceAuthors', () => {
  it('names the offline engine, never a model, for its SQL and answers', () => {
    const spans = [
      span('generate', 'ok', { provider: 'offline', model: 'offline:1' }),
      span('answer', 'ok', { answeredBy: 'offline', provider: 'offline' }),
    ];
    expect(traceAuthors({ spans })).toEqual({ sql: 'the offline engine', answer: 'the offline engine' });
  });

  it('names the model that wrote the SQL that ran (the last successful attempt) and a template answer', () => {
    const spans = [
      span('generate', 'error', { provider: 'ollama', model: 'ollama:qwen' }),
      span('generate', 'ok', { provider: 'openai', model: 'openai:gpt-4o', escalated: true }),
      span('answer', 'ok', { answeredBy: 'template' }),
    ];
    expect(traceAuthors({ spans })).toEqual({
      sql: 'model openai:gpt-4o',
      answer: 'a template (the result stated exactly)',
    });
  });

  it('is empty for a trace without generate or answer spans', () => {
    expect(traceAuthors({ spans: [span('intake', 'error', {})] })).toEqual({ sql: null, answer: null });
  });
});
