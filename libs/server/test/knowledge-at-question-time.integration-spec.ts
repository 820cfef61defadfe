/**
 * Business definitions at question time over real HTTP (docs/knowledge.md "At question
 * time"), with the OpenAI client against the scripted OpenAI-protocol model server, the SQLite state store and the
 * sample SQLite shop: a metric "revenue" with a filter excluding cancelled orders is in the SQL prompt; a model whose
 * first SQL omits the filter is asked again with the difference and the answer uses the filtered SQL, naming the
 * definition in `knowledge` and the reading; a model that omits it twice is refused with the definition named and no
 * number; a changed definition is never served from the cache and its new filter is required.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const QUESTION = 'What was the total revenue in 2024?';
const UNFILTERED =
  "SELECT SUM(orders.total_amount) AS revenue FROM orders WHERE strftime('%Y', orders.order_date) = '2024'";
const FILTERED =
  "SELECT SUM(o.total_amount) AS revenue FROM orders o WHERE o.status <> 'cancelled' AND strftime('%Y', o.order_date) = '2024'";
const FILTERED_V2 =
  "SELECT SUM(o.total_amount) AS revenue FROM orders o WHERE o.status NOT IN ('cancelled', 'returned') AND strftime('%Y', o.order_date) = '2024'";

describe('business definitions at question time (OpenAI protocol, SQLite state)', () => {
  let model: ScriptedModelServer;
  let t: TestApp;
  /** The SQL the model writes first, and when asked again after a failed attempt. */
  const script = { first: UNFILTERED, again: FILTERED };
  const api = (route: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${t.url}${route}`, { method: init.method, body: init.body, headers: { 'x-api-key': SERVICE } });
  const sqlPrompts = (from: number) =>
    model.requests
      .slice(from)
      .filter((r) => r.method === 'POST')
      .map((r) => JSON.stringify(r.body))
      .filter((b) => b.includes('Database schema'));
  const revenueOf = (sql: string) => {
    const db = new Database(path.join(t.dataDir, 'shop.db'), { readonly: true });
    const value = (db.prepare(sql).get() as { revenue: number }).revenue;
    db.close();
    return value;
  };

  beforeAll(async () => {
    model = await startScriptedModelServer({
      protocol: 'openai',
      reply: ({ user }) => {
        if (!user.startsWith('Database schema')) return 'Answer.';
        return `\`\`\`sql\n${user.includes('Your previous SQL') ? script.again : script.first}\n\`\`\``;
      },
    });
    t = await startTestApp({
      SERVICE_API_KEY: SERVICE,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: model.url,
      LLM_API_KEY: 'test-key-not-secret',
      LLM_MODEL: 'scripted-model',
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it('re-prompts once with the difference, refuses SQL that ignores the definition twice, and never serves a changed definition from the cache', async () => {
    const created = await api('/api/knowledge/definitions', {
      body: {
        kind: 'metric',
        name: 'revenue',
        synonyms: ['sales'],
        description: 'Cancelled orders excluded.',
        expression: 'SUM(orders.total_amount)',
        filter: "orders.status <> 'cancelled'",
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(revenueOf(UNFILTERED)).not.toBeCloseTo(revenueOf(FILTERED), 2);

    // first SQL omits the filter, the second has it: the answer uses the filtered SQL
    let mark = model.requests.length;
    const answered = await api('/api/chat', { body: { question: QUESTION, session_id: undefined } });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      success: true,
      sql: FILTERED,
      cached: false,
      knowledge: [{ kind: 'metric', id, name: 'revenue', version: 1 }],
    });
    expect(Number(answered.body.rows[0][0])).toBeCloseTo(revenueOf(FILTERED), 2);
    expect(answered.body.reading).toMatch(/using the definition of revenue \(v1\)\.$/);
    const [firstPrompt, secondPrompt] = sqlPrompts(mark);
    expect(firstPrompt).toContain('Business definitions you must follow:');
    expect(firstPrompt).toContain(
      `- metric \\"revenue\\": SUM(orders.total_amount), only rows where orders.status <> 'cancelled'`,
    );
    expect(secondPrompt).toContain(
      `the definition of revenue requires SUM(orders.total_amount) with orders.status <> 'cancelled'`,
    );
    const session = answered.body.session_id as string;
    const trace = await api(`/api/traces/${answered.body.trace_id}`);
    const spans = (trace.body.spans ?? []) as Array<{
      name: string;
      outcome: string;
      detail?: Record<string, unknown>;
    }>;
    expect(spans.find((s) => s.name === 'knowledge')?.detail?.used).toEqual([
      { kind: 'metric', id, name: 'revenue', version: 1 },
    ]);
    expect(spans.filter((s) => s.name === 'definitions').map((s) => s.outcome)).toEqual(['error', 'ok']);
    // provenance on the history entry, kept by the state store
    const history = (await api(`/api/sessions/${session}`)).body.history as Array<Record<string, unknown>>;
    expect(history.find((e) => e.id === answered.body.history_entry_id)).toMatchObject({
      knowledge: [{ kind: 'metric', id, name: 'revenue', version: 1 }],
    });

    // the same question again in the session: from the cache
    const again = await api('/api/chat', { body: { question: QUESTION, session_id: session } });
    expect(again.body).toMatchObject({ success: true, cached: true, sql: FILTERED, knowledge: [{ id, version: 1 }] });

    // a model that omits the filter twice: refused, the definition named, no number
    script.again = UNFILTERED;
    const refused = await api('/api/chat', { body: { question: QUESTION } });
    expect(refused.body).toMatchObject({ success: false, rows: [], row_count: 0 });
    expect(refused.body.error).toContain('the business definition of revenue (v1)');
    expect(refused.body.response).not.toContain(String(Math.round(revenueOf(UNFILTERED))));

    // a changed definition: not served from the cache, and the new filter is required
    const patched = await api(`/api/knowledge/definitions/${id}`, {
      method: 'PATCH',
      body: { filter: "orders.status NOT IN ('cancelled', 'returned')" },
    });
    expect(patched.body).toMatchObject({ version: 2 });
    script.first = FILTERED;
    script.again = FILTERED_V2;
    mark = model.requests.length;
    const changed = await api('/api/chat', { body: { question: QUESTION, session_id: session } });
    expect(changed.body).toMatchObject({
      success: true,
      cached: false,
      sql: FILTERED_V2,
      knowledge: [{ kind: 'metric', id, name: 'revenue', version: 2 }],
    });
    expect(Number(changed.body.rows[0][0])).toBeCloseTo(revenueOf(FILTERED_V2), 2);
    expect(changed.body.reading).toMatch(/using the definition of revenue \(v2\)\.$/);
    expect(sqlPrompts(mark)).toHaveLength(2);
  });
});
