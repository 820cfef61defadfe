/**
 * A clarification is answered exactly once, on SQLite state and on PostgreSQL state: ten concurrent replies to one
 * question asked back (the real OpenAI client against the scripted model server, which asks back in the prompt's
 * CLARIFY form) are accepted once; the others answer 409 NO_CLARIFICATION in the error shape, and the session holds
 * one answered reading, not several.
 */
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import { describeEachWith } from '@nlq/test-services';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { providerEnv } from '../src/testing/scripted-model';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(120_000);

const KEY = 'once-alice-key-0123456789abcdef';
const CUSTOMERS = "SELECT COUNT(*) AS customers FROM customers WHERE city = 'London'";
const EMPLOYEES = "SELECT COUNT(*) AS employees FROM employees WHERE city = 'London'";

const CASES = [
  { name: 'SQLite state', postgres: false },
  { name: 'PostgreSQL state', postgres: true },
] as const;

function startModel(): Promise<ScriptedModelServer> {
  return startScriptedModelServer({
    protocol: 'openai',
    reply: ({ user }) => {
      if (!user.startsWith('Database schema')) return 'Answer from the rows.';
      const question = /\nQuestion: (.*)\s*$/.exec(user)?.[1] ?? '';
      if (/meaning: customers/.test(question)) return `\`\`\`sql\n${CUSTOMERS}\n\`\`\``;
      if (/meaning: employees/.test(question)) return `\`\`\`sql\n${EMPLOYEES}\n\`\`\``;
      return 'CLARIFY: Which people in London do you mean?\n- customers in London\n- employees in London';
    },
  });
}

describeEachWith(CASES, (c) => (c.postgres ? ['postgresql'] : []))('a clarification answered once on $name', (c) => {
  const dataDir = makeDataDir();
  const pg = c.postgres ? usePostgresSchema('nlq_clarify_once', 'Skipping the PostgreSQL clarification test') : null;
  let model: ScriptedModelServer;
  let t: TestApp;
  const chat = (body: unknown) => call(`${t.url}/api/chat`, { body, headers: { 'x-api-key': KEY } });

  beforeAll(async () => {
    model = await startModel();
    t = await startTestApp({
      DATA_DIR: dataDir,
      ...(pg ? { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` } : {}),
      USER_API_KEYS: `alice:${KEY}`,
      RATE_LIMIT_PER_MINUTE: '0',
      ...providerEnv('openai', model),
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    removeDataDir(dataDir);
  });

  it('ten concurrent option replies: one 200, nine 409 NO_CLARIFICATION; one reading recorded', async () => {
    const asked = await chat({ question: 'How many people are in London?', session_id: 'once-1' });
    expect(asked.body.clarification.options).toHaveLength(2);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => chat({ session_id: 'once-1', clarification_option: String((i % 2) + 1) })),
    );
    const ok = replies.filter((r) => r.status === 200);
    const conflicts = replies.filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(ok[0].body.success).toBe(true);
    expect(conflicts).toHaveLength(9);
    for (const r of conflicts)
      expect(r.body).toMatchObject({ statusCode: 409, code: 'NO_CLARIFICATION', requestId: expect.any(String) });

    const session = await call(`${t.url}/api/sessions/once-1`, { headers: { 'x-api-key': KEY } });
    const queries = session.body.history.filter((e: { kind: string }) => e.kind === 'query');
    expect(queries.map((e: { status: string }) => e.status)).toEqual(['clarification', 'ok']);
  });

  it('ten concurrent replies in words on /query: one answered, the others 409', async () => {
    const asked = await call(`${t.url}/query`, {
      body: { question: 'How many people are in London?', user_id: 'once-q' },
    });
    expect(asked.body.response).toContain('Which people in London');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call(`${t.url}/query`, { body: { question: '2', user_id: 'once-q' } })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409 && r.body.code === 'NO_CLARIFICATION')).toHaveLength(9);
  });
});
