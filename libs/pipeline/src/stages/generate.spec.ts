import {
  ClarificationNeededError,
  ProviderConnectionError,
  ProviderResponseError,
  ProviderTimeoutError,
  UnanswerableQuestionError,
} from '@nlq/llm-providers';
import type { SqlGenerationRequest } from '@nlq/llm-providers';
import { ScriptedLlmProvider } from '../testing/scripted-llm-provider';
import { generateSql } from './generate';

const request: SqlGenerationRequest = {
  question: 'how many customers',
  dialect: 'sqlite',
  schema: { dialect: 'sqlite', tables: [], introspectedAt: '2024-01-01T00:00:00.000Z', version: 'v' },
  examples: [],
  maxRows: 100,
};

describe('generate stage', () => {
  it('returns the provider SQL, trimmed, with tokens', async () => {
    const provider = new ScriptedLlmProvider({ sql: ['  SELECT count(*) FROM customers \n'] });
    const r = await generateSql(provider, request);
    expect(r).toMatchObject({ ok: true, sql: 'SELECT count(*) FROM customers', tokens: { prompt: 100 } });
    expect(provider.sqlRequests[0].question).toBe('how many customers');
  });

  it('passes an unanswerable message through', async () => {
    const provider = new ScriptedLlmProvider({ sql: [new UnanswerableQuestionError('No table holds weather data.')] });
    expect(await generateSql(provider, request)).toEqual({
      ok: false,
      unanswerable: true,
      error: 'No table holds weather data.',
    });
  });

  it('treats empty SQL as unanswerable', async () => {
    const r = await generateSql(new ScriptedLlmProvider({ sql: [''] }), request);
    expect(r).toMatchObject({ ok: false, unanswerable: true });
  });

  it('names the provider when it is unreachable, slow or failing', async () => {
    const cases: Array<[Error, RegExp]> = [
      [
        new ProviderConnectionError('connect ECONNREFUSED 127.0.0.1:11434'),
        /"ollama" \(ollama:llama3\) could not be reached: connect ECONNREFUSED/,
      ],
      [new ProviderTimeoutError('timed out after 30000 ms'), /"ollama" \(ollama:llama3\) did not answer in time/],
      [new ProviderResponseError('401 invalid key', 401), /"ollama" \(ollama:llama3\) failed: 401 invalid key/],
    ];
    for (const [error, message] of cases) {
      const provider = new ScriptedLlmProvider({ sql: [error], name: 'ollama', modelId: 'ollama:llama3' });
      const r = await generateSql(provider, request);
      expect(r.ok).toBe(false);
      expect(!r.ok && 'error' in r && r.error).toMatch(message);
    }
  });

  it('turns a provider asking back into numbered options, and a one-reading ask-back into a refusal', async () => {
    const readings = [
      { label: 'customers in London', question: 'customers whose city is London' },
      { label: 'employees in London', question: 'employees whose city is London' },
      { label: 'customers in London again', question: 'Customers whose city is London' },
    ];
    const asking = new ScriptedLlmProvider({
      sql: [new ClarificationNeededError({ question: 'Which people?', readings })],
    });
    expect(await generateSql(asking, request)).toEqual({
      ok: false,
      clarification: {
        question: 'Which people?',
        options: [
          { id: '1', label: 'customers in London', question: 'customers whose city is London' },
          { id: '2', label: 'employees in London', question: 'employees whose city is London' },
        ],
      },
    });
    const single = new ScriptedLlmProvider({
      sql: [new ClarificationNeededError({ question: 'Which people?', readings: readings.slice(0, 1) })],
    });
    expect(await generateSql(single, request)).toMatchObject({
      ok: false,
      unanswerable: true,
      error: expect.stringContaining('ambiguous'),
    });
  });
});
