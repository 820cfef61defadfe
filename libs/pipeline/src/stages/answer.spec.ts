import type { ReadResult } from '@nlq/contracts';
import { ProviderTimeoutError } from '@nlq/llm-providers';
import { ScriptedLlmProvider } from '../testing/scripted-llm-provider';
import { factualSummary, writeAnswer } from './answer';

const result: ReadResult = { columns: ['n'], rows: Array.from({ length: 10 }, (_, i) => [i]), rowCount: 10, truncated: true, durationMs: 1 };

describe('answer stage', () => {
  it('shows the provider at most rowLimit rows plus the total count and truncation', async () => {
    const provider = new ScriptedLlmProvider({ sql: [], answer: (r) => `saw ${r.rows.length} of ${r.rowCount}` });
    const a = await writeAnswer(provider, 'q', 'SELECT n FROM t', result, 3);
    expect(a).toMatchObject({ text: 'saw 3 of 10', error: null });
    expect(provider.answerRequests[0]).toMatchObject({ question: 'q', sql: 'SELECT n FROM t', columns: ['n'], rowCount: 10, truncated: true });
  });

  it('falls back to a factual line when the provider fails, keeping the error', async () => {
    const provider = new ScriptedLlmProvider({ sql: [], answer: () => new ProviderTimeoutError('timed out') });
    const a = await writeAnswer(provider, 'q', 'SELECT n FROM t', result, 3);
    expect(a.text).toBe('The query returned at least 10 rows (columns: n).');
    expect(a.error).toMatch(/did not answer in time/);
    expect(factualSummary({ ...result, rowCount: 1, truncated: false })).toBe('The query returned 1 row (columns: n).');
  });
});
