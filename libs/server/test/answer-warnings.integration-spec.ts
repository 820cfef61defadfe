/**
 * Answer warnings over real HTTP (docs/http-api.md "Answer warnings"): the real OpenAI client against the scripted
 * model server on the sample shop database. "Total amount per status" is answered with SQL that drops "per status"
 * twice (the answer check asks once more with the finding), so /api/chat and the final event of its stream carry
 * `warnings` with the stable code and the words, the session's history entry keeps them, the trace's `answer-check`
 * span records them, and /query appends a line beginning "Note:" to `response`; an answer as asked has
 * `warnings: []` and no note.
 */
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import { postEventStream } from '../src/testing/sse-client';
import { providerEnv } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const KEY = 'alice-key-0123456789abcdef';
jest.setTimeout(60_000);

const DROPPED = 'SELECT total_amount FROM orders';
const WEB = "SELECT COUNT(*) AS orders FROM orders WHERE channel = 'web'";
const WARNING = {
  code: 'unused_words',
  message: 'The SQL does not use this part of the question: "per status".',
  words: ['per status'],
};

describe('answer warnings over HTTP with a model', () => {
  let model: ScriptedModelServer;
  let t: TestApp;
  const chat = (body: unknown) => call(`${t.url}/api/chat`, { body, headers: { 'x-api-key': KEY } });

  beforeAll(async () => {
    model = await startScriptedModelServer({
      protocol: 'openai',
      reply: ({ user }) => {
        if (!user.startsWith('Database schema')) return 'Here are the amounts.';
        const question = /\nQuestion: (.*)\s*$/.exec(user)?.[1] ?? '';
        return `\`\`\`sql\n${/per status/i.test(question) ? DROPPED : WEB}\n\`\`\``;
      },
    });
    t = await startTestApp({ USER_API_KEYS: `alice:${KEY}`, ...providerEnv('openai', model) });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it('/api/chat answers with warnings, kept by the history entry and the trace', async () => {
    const answered = await chat({ question: 'Total amount per status', session_id: 'w1' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ success: true, sql: DROPPED, warnings: [WARNING] });
    const history = await call(`${t.url}/api/sessions/w1`, { headers: { 'x-api-key': KEY } });
    expect(history.body.history[0]).toMatchObject({ status: 'ok', warnings: [WARNING] });
    const trace = await call(`${t.url}/api/traces/${answered.body.trace_id}`, { headers: { 'x-api-key': KEY } });
    const spans = trace.body.spans.filter((s: { name: string }) => s.name === 'answer-check');
    expect(spans.map((s: { detail: { action: string } }) => s.detail.action)).toEqual(['retry', 'pass']);
    expect(spans[1].detail.findings).toEqual([WARNING]);

    const fine = await chat({ question: 'How many orders came from the web channel?', session_id: 'w1' });
    expect(fine.body).toMatchObject({ success: true, warnings: [] });
  });

  it("the chat stream's final event carries the warnings", async () => {
    const streamed = await postEventStream(
      `${t.url}/api/chat/stream`,
      { question: 'Total amount per status', session_id: 'w2' },
      { 'x-api-key': KEY },
    );
    const result = streamed.events.at(-1);
    expect(result?.event).toBe('result');
    expect(result?.data.warnings).toEqual([WARNING]);
  });

  it('/query appends a line beginning "Note:" to response, and none to an answer as asked', async () => {
    const warned = await call(`${t.url}/query`, { body: { question: 'Total amount per status', user_id: 'q1' } });
    expect(warned.status).toBe(200);
    expect(warned.body.success).toBe(true);
    expect(warned.body.response.split('\n').at(-1)).toBe(`Note: ${WARNING.message}`);
    const fine = await call(`${t.url}/query`, {
      body: { question: 'How many orders came from the web channel?', user_id: 'q1' },
    });
    expect(fine.body.response).not.toContain('Note:');
  });
});
