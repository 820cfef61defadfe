import type { ReadResult } from '@nlq/contracts';
import { ProviderResponseError, ProviderTimeoutError, type AnswerStream, type LlmProvider } from '@nlq/llm-providers';
import { ScriptedLlmProvider } from '../testing/scripted-llm-provider';
import { factualSummary, writeAnswer } from './answer';

const result: ReadResult = {
  columns: ['n'],
  rows: Array.from({ length: 10 }, (_, i) => [i]),
  rowCount: 10,
  truncated: true,
  durationMs: 1,
};

describe('answer stage', () => {
  it('shows the provider at most rowLimit rows plus the total count and truncation', async () => {
    const provider = new ScriptedLlmProvider({ sql: [], answer: (r) => `saw ${r.rows.length} of ${r.rowCount}` });
    const a = await writeAnswer(provider, 'q', 'SELECT n FROM t', result, 3);
    expect(a).toMatchObject({ text: 'saw 3 of 10', error: null });
    expect(provider.answerRequests[0]).toMatchObject({
      question: 'q',
      sql: 'SELECT n FROM t',
      columns: ['n'],
      rowCount: 10,
      truncated: true,
    });
  });

  it('falls back to a factual line when the provider fails, keeping the error', async () => {
    const provider = new ScriptedLlmProvider({ sql: [], answer: () => new ProviderTimeoutError('timed out') });
    const a = await writeAnswer(provider, 'q', 'SELECT n FROM t', result, 3);
    expect(a.text).toBe('The query returned at least 10 rows (columns: n).');
    expect(a.error).toMatch(/did not answer in time/);
    expect(factualSummary({ ...result, rowCount: 1, truncated: false })).toBe('The query returned 1 row (columns: n).');
  });

  describe('streaming', () => {
    const wide: ReadResult = {
      columns: ['a', 'b', 'c'],
      rows: Array.from({ length: 12 }, (_, i) => [i, `x${i}`, i * 2]),
      rowCount: 12,
      truncated: false,
      durationMs: 1,
    };
    const streaming = (pieces: Array<string | Error>, plain = 'plain answer'): LlmProvider & { plainCalls: number } => {
      const provider = new ScriptedLlmProvider({ sql: [], answer: () => plain }) as unknown as LlmProvider & {
        plainCalls: number;
      };
      provider.plainCalls = 0;
      const writeAnswer = provider.writeAnswer.bind(provider);
      provider.writeAnswer = (r) => {
        provider.plainCalls++;
        return writeAnswer(r);
      };
      provider.streamAnswer = async function* (): AnswerStream {
        let text = '';
        for (const piece of pieces) {
          if (piece instanceof Error) throw piece;
          text += piece;
          yield piece;
        }
        return { text, tokens: { prompt: 1, completion: 2 } };
      };
      return provider;
    };

    it('hands each piece to onDelta and returns their concatenation, without a second, non-streamed call', async () => {
      const provider = streaming(['Twelve ', 'rows', ' in all.']);
      const seen: string[] = [];
      const a = await writeAnswer(provider, 'q', 'SELECT a, b, c FROM t', wide, 50, 'auto', (d) => seen.push(d));
      expect(seen).toEqual(['Twelve ', 'rows', ' in all.']);
      expect(a).toMatchObject({
        text: seen.join(''),
        source: 'model',
        tokens: { prompt: 1, completion: 2 },
        error: null,
      });
      expect(provider.plainCalls).toBe(0);
    });

    it('never streams a templated answer; falls back to the factual line mid-stream; retries a refused stream unstreamed', async () => {
      const seen: string[] = [];
      const one: ReadResult = { columns: ['n'], rows: [[7]], rowCount: 1, truncated: false, durationMs: 1 };
      expect((await writeAnswer(streaming(['x']), 'q', 's', one, 50, 'auto', (d) => seen.push(d))).text).toBe(
        'The answer is 7.',
      );
      expect(seen).toEqual([]);

      const broken = await writeAnswer(
        streaming(['Twelve ', new ProviderTimeoutError('slow')]),
        'q',
        's',
        wide,
        50,
        'auto',
        (d) => seen.push(d),
      );
      expect(seen).toEqual(['Twelve ']);
      expect(broken).toMatchObject({ text: 'The query returned 12 rows (columns: a, b, c).', source: 'fallback' });

      const refused = streaming([new ProviderResponseError('stream_options not supported', 400)]);
      const retried = await writeAnswer(refused, 'q', 's', wide, 50, 'auto', (d) => seen.push(d));
      expect(retried).toMatchObject({ text: 'plain answer', source: 'model', error: null });
      expect(refused.plainCalls).toBe(1);
    });
  });
});
