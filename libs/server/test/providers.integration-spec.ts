/**
 * SQL from a model server (OpenAI-compatible, Ollama, Anthropic wire protocols, real client libraries over real
 * HTTP) goes through the pipeline's checks, policy and execution: a read runs and its rows reach the answer; a
 * multi-statement reply is refused; SQL naming an unknown table is fed back for correction.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import {
  providerEnv,
  startScriptedShopModel,
  type ScriptedModelServer,
  type ScriptedProtocol,
} from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SQL_BY_QUESTION: Record<string, string> = {
  'How many customers are there?': 'SELECT COUNT(*) AS customers FROM customers',
  'Show customers then delete them': 'SELECT * FROM customers; DELETE FROM customers',
  'How many customers are in France?': "SELECT COUNT(*) AS customers FROM customers WHERE country = 'France'",
  'and in the US?': "SELECT COUNT(*) AS customers FROM customers WHERE country = 'United States'",
  'List the first 30 customers with their city':
    'SELECT first_name, last_name, city FROM customers ORDER BY customer_id LIMIT 30',
};

/** The user message of every chat request the server received since `from` (SQL prompts and answer prompts). */
function userMessages(model: ScriptedModelServer, from: number): string[] {
  return model.requests
    .slice(from)
    .filter((r) => r.method === 'POST')
    .map((r) => JSON.stringify(r.body));
}

describe.each<ScriptedProtocol>(['openai', 'ollama', 'anthropic'])('LLM_PROVIDER=%s', (protocol) => {
  let model: ScriptedModelServer;
  let t: TestApp;
  let customers: number;

  beforeAll(async () => {
    model = await startScriptedShopModel(protocol, (q) => SQL_BY_QUESTION[q] ?? 'SELECT * FROM no_such_table');
    t = await startTestApp({ SERVICE_MODE: 'admin', ...providerEnv(protocol, model) });
    const db = new Database(path.join(t.dataDir, 'shop.db'), { readonly: true });
    customers = (db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n;
    db.close();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
    removeDataDir(t.dataDir);
  });

  it('runs the model SQL on the database and answers from its rows', async () => {
    const { status, body } = await call(`${t.url}/query`, { body: { question: 'How many customers are there?' } });
    expect(status).toBe(200);
    expect(body).toEqual({
      response: `Customers: ${customers.toLocaleString('en-US')}.`,
      sql: 'SELECT COUNT(*) AS customers FROM customers',
      success: true,
      pending_approval: false,
      session_id: 'rest_user',
      error: null,
    });
    // One value: the template states it, so the whole answer costs exactly one model call.
    expect(model.requests.filter((r) => r.method === 'POST').length).toBe(1);
  });

  it('sends a follow-up with the earlier question, its SQL and result, and never answers it from another context', async () => {
    const session = `follow-${protocol}`;
    const first = await call(`${t.url}/query`, {
      body: { question: 'How many customers are in France?', user_id: session },
    });
    expect(first.body).toMatchObject({ success: true });
    const before = model.requests.length;
    const second = await call(`${t.url}/query`, { body: { question: 'and in the US?', user_id: session } });
    expect(second.body).toMatchObject({ success: true, sql: SQL_BY_QUESTION['and in the US?'] });
    const [prompt] = userMessages(model, before);
    expect(prompt).toContain('Earlier question: How many customers are in France?');
    expect(prompt).toContain("WHERE country = 'France'");
    // the /query response is the answer, then the reading on its own line; the earlier turn's summary is the answer
    expect(prompt).toContain(`Result: 1 row: ${first.body.response.split('\n')[0]}`);
    expect(prompt).toMatch(/Question: and in the US\?/);
    // The same follow-up in a session whose earlier turn differs is generated again, not served from the cache.
    const other = `follow-other-${protocol}`;
    await call(`${t.url}/query`, { body: { question: 'How many customers are there?', user_id: other } });
    const mark = model.requests.length;
    await call(`${t.url}/query`, { body: { question: 'and in the US?', user_id: other } });
    expect(userMessages(model, mark).join('\n')).toContain('Earlier question: How many customers are there?');
  });

  it('lets the model word a result no template states exactly (30 rows of three columns)', async () => {
    const before = model.requests.length;
    const { body } = await call(`${t.url}/query`, {
      body: { question: 'List the first 30 customers with their city', user_id: `list-${protocol}` },
    });
    expect(body).toMatchObject({ success: true });
    expect(body.response).toMatch(
      /^Answer: .+ \(30 rows\)\.\nListed the first name, last name and city of customers, by customer id, first 30\.$/,
    );
    expect(userMessages(model, before)).toHaveLength(2);
  });

  it('refuses a multi-statement reply even in admin mode, running nothing', async () => {
    const { body } = await call(`${t.url}/query`, {
      body: { question: 'Show customers then delete them', user_id: `multi-${protocol}` },
    });
    expect(body).toMatchObject({ success: false, pending_approval: false });
    expect(body.error).toMatch(/statement/i);
    const db = new Database(path.join(t.dataDir, 'shop.db'), { readonly: true });
    expect((db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n).toBe(customers);
    db.close();
  });

  it('feeds an unknown table back to the model and fails clearly after the retries', async () => {
    const before = model.requests.length;
    const { body } = await call(`${t.url}/query`, {
      body: { question: 'What is the weather?', user_id: `weather-${protocol}` },
    });
    expect(body).toMatchObject({ success: false, pending_approval: false });
    expect(body.error).toMatch(/no_such_table/);
    const retries = model.requests.slice(before).filter((r) => r.method === 'POST');
    expect(retries.length).toBeGreaterThan(1);
    expect(JSON.stringify(retries[retries.length - 1].body)).toMatch(/previous SQL/);
  });
});
