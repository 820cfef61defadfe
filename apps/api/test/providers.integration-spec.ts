/**
 * SQL from a model server (OpenAI-compatible, Ollama, Anthropic wire protocols, real client libraries over real
 * HTTP) goes through the pipeline's checks, policy and execution: a read runs and its rows reach the answer; a
 * multi-statement reply is refused; SQL naming an unknown table is fed back for correction.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer, type ScriptedProtocol } from './support/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from './support/test-app';

const SQL_BY_QUESTION: Record<string, string> = {
  'How many customers are there?': 'SELECT COUNT(*) AS customers FROM customers',
  'Show customers then delete them': 'SELECT * FROM customers; DELETE FROM customers',
};

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
      response: `Answer: ${customers} (1 rows).`,
      sql: 'SELECT COUNT(*) AS customers FROM customers',
      success: true,
      pending_approval: false,
      session_id: 'rest_user',
      error: null,
    });
    expect(model.requests.filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a multi-statement reply even in admin mode, running nothing', async () => {
    const { body } = await call(`${t.url}/query`, { body: { question: 'Show customers then delete them', user_id: `multi-${protocol}` } });
    expect(body).toMatchObject({ success: false, pending_approval: false });
    expect(body.error).toMatch(/statement/i);
    const db = new Database(path.join(t.dataDir, 'shop.db'), { readonly: true });
    expect((db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n).toBe(customers);
    db.close();
  });

  it('feeds an unknown table back to the model and fails clearly after the retries', async () => {
    const before = model.requests.length;
    const { body } = await call(`${t.url}/query`, { body: { question: 'What is the weather?', user_id: `weather-${protocol}` } });
    expect(body).toMatchObject({ success: false, pending_approval: false });
    expect(body.error).toMatch(/no_such_table/);
    const retries = model.requests.slice(before).filter((r) => r.method === 'POST');
    expect(retries.length).toBeGreaterThan(1);
    expect(JSON.stringify(retries[retries.length - 1].body)).toMatch(/previous SQL/);
  });
});
