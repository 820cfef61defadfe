/**
 * Readings and clarifications over real HTTP: the real OpenAI client against the scripted model server,
 * which asks back in the prompt's CLARIFY form for an ambiguous question, on the sample shop database.
 * - /api/chat answers success false with `clarification` (nothing executed); `clarification_option` answers that
 *   reading; /ws/live and the chat stream hear clarification.requested;
 * - /query states the question and numbered options in `response` (sql null, error null) and a follow-up "2" or the
 *   option's words answers it;
 * - an option that is not offered is 409 NO_CLARIFICATION, a body with neither question nor option 400.
 * Honest counts with the built-in offline engine: a list cut by the row limit says so, with the real count.
 */
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import { openLive } from '../src/testing/api-live-client';
import { postEventStream } from '../src/testing/sse-client';
import { providerEnv } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const KEY = 'alice-key-0123456789abcdef';
jest.setTimeout(60_000);

const CUSTOMERS = "SELECT COUNT(*) AS customers FROM customers WHERE city = 'London'";
const EMPLOYEES = "SELECT COUNT(*) AS employees FROM employees WHERE city = 'London'";

/** Asks back for "people"; a restated question (meaning: ...) gets the SQL of its reading. */
function startModel(): Promise<ScriptedModelServer> {
  return startScriptedModelServer({
    protocol: 'openai',
    reply: ({ user }) => {
      if (!user.startsWith('Database schema')) return 'Answer from the rows.';
      const question = /\nQuestion: (.*)\s*$/.exec(user)?.[1] ?? '';
      if (/meaning: customers/.test(question)) return `\`\`\`sql\n${CUSTOMERS}\n\`\`\``;
      if (/meaning: employees/.test(question)) return `\`\`\`sql\n${EMPLOYEES}\n\`\`\``;
      if (/people/i.test(question))
        return 'CLARIFY: Which people in London do you mean?\n- customers in London\n- employees in London';
      return "```sql\nSELECT COUNT(*) AS orders FROM orders WHERE channel = 'web'\n```";
    },
  });
}

describe('clarifying questions over HTTP with a model', () => {
  let model: ScriptedModelServer;
  let t: TestApp;
  const chat = (body: unknown) => call(`${t.url}/api/chat`, { body, headers: { 'x-api-key': KEY } });

  beforeAll(async () => {
    model = await startModel();
    t = await startTestApp({ USER_API_KEYS: `alice:${KEY}`, ...providerEnv('openai', model) });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it('/api/chat asks back with options, and clarification_option answers the chosen reading', async () => {
    const live = await openLive(t.url, KEY);
    try {
      await live.waitFor((m) => m.type === 'ready');
      const asked = await chat({ question: 'How many people are in London?', session_id: 'c1' });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({
        success: false,
        error: null,
        sql: null,
        reading: null,
        rows: [],
        clarification: {
          question: 'Which people in London do you mean?',
          options: [
            { id: '1', label: 'customers in London' },
            { id: '2', label: 'employees in London' },
          ],
        },
      });
      const event = await live.waitFor((m) => m.type === 'clarification.requested');
      expect(event.data).toEqual(asked.body.clarification);
      const trace = await call(`${t.url}/api/traces/${asked.body.trace_id}`, { headers: { 'x-api-key': KEY } });
      expect(trace.body.status).toBe('clarification');
      expect(trace.body.spans.map((s: { name: string }) => s.name)).not.toContain('execute');

      const answered = await chat({ session_id: 'c1', clarification_option: '2' });
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({
        success: true,
        sql: EMPLOYEES,
        clarification: null,
        columns: ['employees'],
      });
      expect(answered.body.reading).toEqual(expect.any(String));
      const history = await call(`${t.url}/api/sessions/c1`, { headers: { 'x-api-key': KEY } });
      expect(history.body.history.map((e: { status: string }) => e.status)).toEqual(['clarification', 'ok']);
      expect(history.body.history[1].question).toBe('How many people are in London (meaning: employees in London)');
    } finally {
      live.close();
    }
  });

  it('the chat stream emits clarification.requested before the result', async () => {
    const streamed = await postEventStream(
      `${t.url}/api/chat/stream`,
      { question: 'people in London?', session_id: 'c2' },
      { 'x-api-key': KEY },
    );
    const names = streamed.events.map((e) => e.event);
    expect(names.indexOf('clarification.requested')).toBeGreaterThan(-1);
    expect(names.indexOf('clarification.requested')).toBeLessThan(names.indexOf('result'));
    expect(streamed.events.at(-1)?.data.clarification.options).toHaveLength(2);
  });

  it('/query states the options in response and a reply of the number or the words answers it', async () => {
    const asked = await call(`${t.url}/query`, { body: { question: 'How many people are in London?', user_id: 'q1' } });
    expect(asked.body).toEqual({
      response:
        'Which people in London do you mean?\n1. customers in London\n2. employees in London\nReply with the number or the words of one option, or ask in other words.',
      sql: null,
      success: false,
      pending_approval: false,
      session_id: 'q1',
      error: null,
    });
    const byNumber = await call(`${t.url}/query`, { body: { question: '1', user_id: 'q1' } });
    expect(byNumber.body).toMatchObject({ success: true, sql: CUSTOMERS });
    await call(`${t.url}/query`, { body: { question: 'How many people are in London?', user_id: 'q1' } });
    const byWords = await call(`${t.url}/query`, { body: { question: 'Employees in London', user_id: 'q1' } });
    expect(byWords.body).toMatchObject({ success: true, sql: EMPLOYEES });
  });

  it('refuses an option not offered (409) and a body with neither question nor option (400)', async () => {
    await chat({ question: 'How many people are in London?', session_id: 'c3' });
    const wrong = await chat({ session_id: 'c3', clarification_option: '7' });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({
      code: 'NO_CLARIFICATION',
      message: expect.stringContaining('"7" is not one of the options'),
    });
    const none = await chat({ session_id: 'never-asked', clarification_option: '1' });
    expect(none.status).toBe(409);
    const empty = await chat({ session_id: 'c3' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION');
  });
});

describe('honest counts over HTTP with the offline engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ USER_API_KEYS: `alice:${KEY}` });
  });
  afterAll(async () => {
    await t?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it('a list cut by the row limit is truncated and gives the real count', async () => {
    const res = await call(`${t.url}/api/chat`, {
      body: { question: 'List orders from the web channel' },
      headers: { 'x-api-key': KEY },
    });
    expect(res.body).toMatchObject({ success: true, truncated: true, row_count: 1000 });
    expect(res.body.total_rows).toBeGreaterThan(1000);
    expect(res.body.response).toContain(res.body.total_rows.toLocaleString('en-US'));
    expect(res.body.response).not.toMatch(/Found 1,000 orders/);
  });
});
