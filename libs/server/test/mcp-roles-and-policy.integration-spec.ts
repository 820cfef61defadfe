/**
 * /mcp under roles and a data policy (docs/mcp.md "Roles and data policies"), over real HTTP with the MCP SDK's
 * client against a real app (SQLite sample shop database, SQL from a scripted OpenAI-compatible model server, admin
 * mode): a viewer key with attributes and a policy sees only permitted columns in describe_schema and nlq://schema,
 * is refused a denied column by name, reads only its country's rows, may not rate answers (analyst) nor approve a
 * held write (approver).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Database from 'better-sqlite3';
import path from 'node:path';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'mcp-policy-service-key-0123456789';
const SQL = new Map<string, string>([
  ['How many customers?', 'SELECT COUNT(*) AS n FROM customers'],
  ['Customer emails', 'SELECT email FROM customers'],
  ['Customers by email', 'SELECT customer_id FROM customers ORDER BY email'],
  ['Archive the cancelled orders', "UPDATE orders SET status = 'archived' WHERE status = 'cancelled'"],
]);
const POLICY = {
  roles: {
    viewer: {
      tables: ['customers', 'orders'],
      deny_columns: ['customers.email'],
      row_filters: { customers: 'country = :user.country' },
    },
  },
};

type ToolResult = CallToolResult & { structuredContent?: any };
const nlqError = (result: CallToolResult) => (result._meta as Record<string, any> | undefined)?.['nlq/error'];

async function connect(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'nlq-mcp-policy-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', url), {
    requestInit: { headers: { 'X-API-Key': key } },
  });
  await client.connect(transport);
  return client;
}

describe('/mcp with a viewer key under a data policy', () => {
  let model: ScriptedModelServer;
  let t: TestApp;
  let viewer: Client;
  let admin: Client;
  let country: string;
  let viewerKey: string;
  const shop = <T>(sql: string, ...params: unknown[]): T => {
    const db = new Database(path.join(t.dataDir, 'shop.db'), { readonly: true });
    try {
      return db.prepare(sql).get(...params) as T;
    } finally {
      db.close();
    }
  };
  const tool = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolResult;

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL.get(q) ?? 'SELECT 1');
    t = await startTestApp({
      SERVICE_MODE: 'admin',
      SERVICE_API_KEY: SERVICE,
      RATE_LIMIT_PER_MINUTE: '0',
      ...providerEnv('openai', model),
    });
    country = shop<{ c: string }>('SELECT MIN(country) AS c FROM customers').c;
    const headers = { 'x-api-key': SERVICE };
    expect(
      (await call(`${t.url}/api/connections/default/policy`, { method: 'PUT', body: POLICY, headers })).status,
    ).toBe(200);
    const issued = await call(`${t.url}/api/keys`, {
      body: { user_id: 'vera', role: 'viewer', attributes: { country } },
      headers,
    });
    viewerKey = issued.body.key;
    viewer = await connect(t.url, viewerKey);
    admin = await connect(t.url, SERVICE);
  });
  afterAll(async () => {
    await viewer?.close();
    await admin?.close();
    await t?.close();
    await model?.close();
    removeDataDir(t.dataDir);
  });

  it('describe_schema and nlq://schema show the viewer only permitted tables and columns', async () => {
    const mine = (await tool(viewer, 'describe_schema', {})).structuredContent;
    expect(mine.tables.map((x: { name: string }) => x.name).sort()).toEqual(['customers', 'orders']);
    const customers = mine.tables.find((x: { name: string }) => x.name === 'customers');
    expect(customers.columns.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['country']));
    expect(customers.columns.map((c: { name: string }) => c.name)).not.toContain('email');
    const resource = await viewer.readResource({ uri: 'nlq://schema' });
    const text = resource.contents.map((c) => ('text' in c ? c.text : '')).join('\n');
    expect(text).toContain('customers');
    expect(text).not.toMatch(/\bemail\b/);
    expect(text).not.toMatch(/\bproducts\b/);

    const all = (await tool(admin, 'describe_schema', {})).structuredContent;
    const everything = all.tables.find((x: { name: string }) => x.name === 'customers');
    expect(everything.columns.map((c: { name: string }) => c.name)).toContain('email');
  });

  it.each([['Customer emails'], ['Customers by email']])(
    'ask "%s" is refused naming the denied column, nothing run',
    async (question) => {
      const refused = await tool(viewer, 'ask', { question });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ success: false, rows: [], error: { code: 'SQL_REFUSED' } });
      expect(refused.structuredContent.error.message).toContain('the column "customers.email" is not permitted');
      expect(JSON.stringify(refused)).not.toContain('@');
    },
  );

  it("ask reads only the viewer's country; session_history reads it back", async () => {
    const answer = await tool(viewer, 'ask', { question: 'How many customers?' });
    const expected = shop<{ n: number }>('SELECT COUNT(*) AS n FROM customers WHERE country = ?', country).n;
    expect(expected).toBeLessThan(shop<{ n: number }>('SELECT COUNT(*) AS n FROM customers').n);
    expect(answer.structuredContent).toMatchObject({ success: true, rows: [[expected]] });
    const history = await tool(viewer, 'session_history', { session_id: answer.structuredContent.session_id });
    expect(history.isError).toBeFalsy();
    expect(history.structuredContent.entries.map((e: { question: string }) => e.question)).toContain(
      'How many customers?',
    );
  });

  it('a viewer may not rate an answer (analyst) nor approve a held write (approver): 403 naming the role', async () => {
    const answer = await tool(viewer, 'ask', { question: 'How many customers?' });
    const rated = await tool(viewer, 'feedback', {
      session_id: answer.structuredContent.session_id,
      signal: 'positive',
    });
    expect(rated.isError).toBe(true);
    expect(nlqError(rated)).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: expect.stringContaining('it needs the role "analyst"'),
    });

    // under its policy the viewer's own write is refused, not held
    const write = await tool(viewer, 'ask', { question: 'Archive the cancelled orders' });
    expect(write.structuredContent).toMatchObject({ success: false, pending_approval: false });
    expect(write.structuredContent.error.message).toContain('reads only');

    const held = await tool(admin, 'ask', { question: 'Archive the cancelled orders' });
    expect(held.structuredContent).toMatchObject({ pending_approval: true });
    // no MCP tool decides a write, and the viewer's key may not approve it on /api either
    const noTool = (await viewer.callTool({ name: 'approve', arguments: { session_id: 'x' } })) as ToolResult;
    expect(noTool).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/Tool approve not found/) }],
    });
    const approve = await call(`${t.url}/api/sessions/${held.structuredContent.session_id}/approve`, {
      method: 'POST',
      headers: { 'x-api-key': viewerKey },
    });
    expect(approve.status).toBe(403);
    expect(approve.body).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('"approver"') });
    const cancelled = shop<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'").n;
    expect(cancelled).toBeGreaterThan(0);
  });
});
