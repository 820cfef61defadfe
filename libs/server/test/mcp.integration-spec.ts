/**
 * /mcp, nlq's Model Context Protocol server, over real HTTP with the MCP TypeScript SDK's own Client and
 * StreamableHTTPClientTransport against a real app on the embedded defaults: the sample shop database and the
 * offline engine, in admin mode (a write is held for approval). The counts come from the sample database itself.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import http from 'node:http';
import path from 'node:path';
import { sqliteCount } from '../src/testing/sqlite-count';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'mcp-service-key-0123456789';
const ALICE = 'mcp-alice-key-0123456789';
const BOB = 'mcp-bob-key-0123456789';
const CANCELLED = "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'";

/** What the app's sample database itself counts. */
const count = (dataDir: string, sql: string) => sqliteCount(path.join(dataDir, 'shop.db'), sql);

/** An SDK client connected to `${url}/mcp` with `headers` on every request. */
async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'nlq-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url), { requestInit: { headers } }));
  return client;
}

async function tool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult & { structuredContent?: any }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** POST with exactly these headers (Host included, which fetch does not let a caller set). */
function rawPost(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const nlqError = (result: CallToolResult) => (result._meta as Record<string, any> | undefined)?.['nlq/error'];
const plain = (s: string) => s.replace(/(\d),(?=\d{3}\b)/g, '$1');

describe('/mcp (Streamable HTTP, SDK client, sample database, offline engine, admin mode)', () => {
  let t: TestApp;
  let alice: Client;
  let bob: Client;

  beforeAll(async () => {
    t = await startTestApp({
      SERVICE_MODE: 'admin',
      SERVICE_API_KEY: SERVICE,
      USER_API_KEYS: `alice:${ALICE}:analyst,bob:${BOB}:approver`,
      AUTH_FAILURE_LIMIT: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      // the web app deployed apart from the api: the approval link points there (the stdio test covers the default)
      WEB_APP_URL: 'https://web.example.com/nlq/',
    });
    alice = await connect(t.url, { 'X-API-Key': ALICE });
    bob = await connect(t.url, { Authorization: `Bearer ${BOB}` });
  });
  afterAll(async () => {
    await alice?.close();
    await bob?.close();
    await t.close();
    removeDataDir(t.dataDir);
  });

  it('lists the four tools (none decides a write) and the schema resource', async () => {
    const { tools } = await alice.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['ask', 'describe_schema', 'feedback', 'session_history']);
    const ask = tools.find((x) => x.name === 'ask')!;
    expect(ask.inputSchema.properties).toHaveProperty('question');
    expect(ask.inputSchema.properties).toHaveProperty('session_id');
    expect(ask.outputSchema?.properties).toHaveProperty('pending_approval');
    expect(alice.getServerVersion()).toMatchObject({ name: 'nlq' });
    expect(alice.getInstructions()).toContain('never run by a tool');

    const { resources } = await alice.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['nlq://schema']);
    const schema = await alice.readResource({ uri: 'nlq://schema' });
    expect(schema.contents[0]).toMatchObject({ uri: 'nlq://schema', mimeType: 'text/plain' });
    const ddl = (schema.contents[0] as { text: string }).text;
    expect(ddl).toContain('CREATE TABLE customers (');
    expect(ddl).toContain('CREATE TABLE orders (');
  });

  it('ask answers "How many customers are there?" with the count of the sample database, the SQL and the reading', async () => {
    const customers = count(t.dataDir, 'SELECT COUNT(*) AS n FROM customers');
    expect(customers).toBeGreaterThan(0);
    const result = await tool(alice, 'ask', { question: 'How many customers are there?' });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent;
    expect(answer).toMatchObject({
      success: true,
      pending_approval: false,
      approval: null,
      clarification: null,
      error: null,
      kind: 'read',
      row_count: 1,
    });
    expect(answer.rows).toEqual([[customers]]);
    expect(answer.sql).toMatch(/COUNT\(\*\)/i);
    expect(answer.reading).toEqual(expect.any(String));
    expect(plain(answer.answer)).toContain(String(customers));
    expect(plain(text(result))).toContain(String(customers));
    expect(text(result)).toContain(answer.sql);
    expect(text(result)).toContain(`Session: ${answer.session_id}`);
  });

  it("a tool call shows in the traces with its session, under the caller's user; another user cannot read the session", async () => {
    const asked = (await tool(alice, 'ask', { question: 'How many products are there?' })).structuredContent;
    expect(asked.success).toBe(true);
    const trace = await call(`${t.url}/api/traces/${asked.trace_id}`, { headers: { 'x-api-key': ALICE } });
    expect(trace.status).toBe(200);
    expect(trace.body).toMatchObject({
      id: asked.trace_id,
      sessionId: asked.session_id,
      userId: 'alice',
      question: 'How many products are there?',
    });
    const listed = await call(`${t.url}/api/traces?session_id=${encodeURIComponent(asked.session_id)}`, {
      headers: { 'x-api-key': ALICE },
    });
    expect(listed.body.items.map((i: { id: string }) => i.id)).toContain(asked.trace_id);

    // a follow-up in the same session, then the session read back and rated
    const followUp = (
      await tool(alice, 'ask', { question: 'How many customers are there?', session_id: asked.session_id })
    ).structuredContent;
    expect(followUp.session_id).toBe(asked.session_id);
    const history = await tool(alice, 'session_history', { session_id: asked.session_id });
    expect(history.isError).toBeFalsy();
    expect(history.structuredContent).toMatchObject({ session_id: asked.session_id, user_id: 'alice' });
    expect(history.structuredContent.entries.map((e: { question: string }) => e.question)).toEqual([
      'How many products are there?',
      'How many customers are there?',
    ]);
    const rated = await tool(alice, 'feedback', { session_id: asked.session_id, signal: 'positive' });
    expect(rated.structuredContent).toEqual({ status: 'ok', session_id: asked.session_id, signal: 'positive' });
    const after = (await tool(alice, 'session_history', { session_id: asked.session_id })).structuredContent;
    expect(after.entries.map((e: { kind: string }) => e.kind)).toEqual(['query', 'query', 'feedback']);

    // bob (Authorization: Bearer) neither reads nor rates alice's session, nor asks in it: 404 like an unknown session
    for (const [name, args] of [
      ['session_history', { session_id: asked.session_id }],
      ['feedback', { session_id: asked.session_id, signal: 'negative' }],
      ['ask', { question: 'How many orders are there?', session_id: asked.session_id }],
    ] as const) {
      const refused = await tool(bob, name, args);
      expect(refused.isError).toBe(true);
      expect(nlqError(refused)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', requestId: expect.any(String) });
      expect(text(refused)).toContain('nlq error NOT_FOUND');
    }
    expect(
      (await call(`${t.url}/api/sessions/${encodeURIComponent(asked.session_id)}`, { headers: { 'x-api-key': ALICE } }))
        .body.history,
    ).toHaveLength(3);
  });

  it('a write asked in admin mode stays pending with the link to the web app (WEB_APP_URL) and is not run', async () => {
    const cancelled = count(t.dataDir, CANCELLED);
    expect(cancelled).toBeGreaterThan(0);
    const result = await tool(bob, 'ask', { question: 'Delete orders with status cancelled' });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent;
    expect(answer).toMatchObject({ success: true, pending_approval: true, kind: 'write', rows: [], error: null });
    expect(answer.sql).toMatch(/^DELETE FROM orders WHERE/i);
    const link = `https://web.example.com/nlq/chat?session=${encodeURIComponent(answer.session_id)}`;
    expect(answer.approval).toMatchObject({ sql: answer.sql, estimated_rows: cancelled, approve_url: link });
    expect(text(result)).toContain(
      `This write was not run. It would change ${cancelled} rows. A person approves or rejects it in nlq's web app: ${link}`,
    );
    expect(count(t.dataDir, CANCELLED)).toBe(cancelled);

    const history = (await tool(bob, 'session_history', { session_id: answer.session_id })).structuredContent;
    expect(history.entries).toEqual([
      expect.objectContaining({
        kind: 'query',
        status: 'pending_approval',
        sql: answer.sql,
        estimated_rows: cancelled,
      }),
    ]);
    // the pending write is the one a person decides through /api (here: rejected); nothing ever ran
    const rejected = await call(`${t.url}/api/sessions/${encodeURIComponent(answer.session_id)}/reject`, {
      method: 'POST',
      headers: { 'x-api-key': BOB },
    });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected', session_id: answer.session_id } });
    expect(count(t.dataDir, CANCELLED)).toBe(cancelled);
  });

  it('describe_schema answers the tables and columns, narrowed to a search by schema linking', async () => {
    const whole = await tool(alice, 'describe_schema', {});
    expect(whole.isError).toBeFalsy();
    const all = whole.structuredContent;
    expect(all).toMatchObject({ connection_id: 'default', dialect: 'sqlite', search: null, reduced: false });
    expect(all.tables).toHaveLength(all.table_count);
    const customers = all.tables.find((x: { name: string }) => x.name === 'customers');
    expect(customers.columns.map((c: { name: string }) => c.name)).toContain('customer_id');
    expect(customers).toMatchObject({ primary_key: ['customer_id'], more_columns: 0 });
    expect(text(whole)).toContain('CREATE TABLE customers (');

    const narrowed = (await tool(alice, 'describe_schema', { search: 'payments by payment method' })).structuredContent;
    expect(narrowed).toMatchObject({
      search: 'payments by payment method',
      reduced: true,
      table_count: all.table_count,
    });
    expect(narrowed.tables.length).toBeLessThan(all.table_count);
    expect(narrowed.tables.map((x: { name: string }) => x.name)).toContain('payments');
  });

  it('tool errors are isError results carrying the nlq error code', async () => {
    const longSession = await tool(alice, 'session_history', { session_id: 'x'.repeat(200) });
    expect(longSession.isError).toBe(true);
    expect(nlqError(longSession)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      details: [{ field: 'session_id', problems: [expect.stringContaining('1 to 128')] }],
    });

    const noQuestion = await tool(alice, 'ask', {});
    expect(nlqError(noQuestion)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      details: [{ field: 'question', problems: [expect.any(String)] }],
    });

    const nothingOpen = await tool(alice, 'ask', { session_id: 'no-such-session', clarification_option: '1' });
    expect(nlqError(nothingOpen)).toMatchObject({ statusCode: 409, code: 'NO_CLARIFICATION' });

    const longSearch = await tool(alice, 'describe_schema', { search: 'orders '.repeat(100) });
    expect(nlqError(longSearch)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      details: [{ field: 'search', problems: [expect.any(String)] }],
    });

    // an answer that fails is an error too, with its code and the whole answer
    const unanswerable = await tool(alice, 'ask', { question: 'Which unicorns flew over the warehouse?' });
    expect(unanswerable.isError).toBe(true);
    expect(unanswerable.structuredContent).toMatchObject({
      success: false,
      error: { code: 'UNANSWERABLE', message: expect.any(String) },
    });
    expect(text(unanswerable)).toContain('Error (UNANSWERABLE)');
  });

  it('a wrong or missing key is refused with 401 before any tool runs', async () => {
    const attempts: Array<Record<string, string>> = [
      { 'X-API-Key': 'wrong-key-0123456789' },
      { Authorization: 'Bearer wrong-key-0123456789' },
      {},
    ];
    for (const headers of attempts) {
      const refused = connect(t.url, headers);
      await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
      await expect(refused).rejects.toMatchObject({
        code: 401,
        message: expect.stringContaining('"code":"UNAUTHORIZED"'),
      });
    }
    const raw = await call(`${t.url}/mcp`, {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { 'x-api-key': 'wrong-key-0123456789', accept: 'application/json, text/event-stream' },
    });
    expect(raw).toMatchObject({
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHORIZED', requestId: expect.any(String) },
    });
    // the keys are /api's: a bearer token works there as on /mcp
    expect(await call(`${t.url}/api/me`, { headers: { authorization: `Bearer ${BOB}` } })).toMatchObject({
      status: 200,
      body: { user_id: 'bob' },
    });
  });

  it('POST only (405 for GET and DELETE); a browser Origin must be listed or, in development, local', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await call(`${t.url}/mcp`, { method, headers: { 'x-api-key': ALICE } });
      expect(answer).toMatchObject({ status: 405, body: { statusCode: 405, code: 'METHOD_NOT_ALLOWED' } });
      expect(answer.headers.get('allow')).toBe('POST');
    }
    const list = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
    const accept = 'application/json, text/event-stream';
    // a DNS-rebinding page: its Origin names the very host the request addressed (so the cross-site guard trusts it)
    const port = new URL(t.url).port;
    const rebound = await rawPost(
      `${t.url}/mcp`,
      { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}`, accept, 'x-api-key': ALICE },
      list,
    );
    expect(rebound).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: expect.stringContaining('MCP request refused') },
    });
    // a local development page (same site, another port) passes both the cross-site guard and the Origin check
    const local = await call(`${t.url}/mcp`, {
      body: list,
      headers: { accept, 'x-api-key': ALICE, origin: 'http://localhost:6274', 'sec-fetch-site': 'same-site' },
    });
    expect(local.status).toBe(200);
    expect(local.body).toMatchObject({ jsonrpc: '2.0', id: 7, result: { tools: expect.any(Array) } });
    const json = await call(`${t.url}/mcp`, {
      body: list,
      headers: { accept: 'application/json', 'x-api-key': ALICE },
    });
    expect(json).toMatchObject({ status: 406, body: { jsonrpc: '2.0', error: { code: -32000 } } });
  });
});

describe('/mcp rate limit', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
    removeDataDir(t.dataDir);
  });

  it('each POST /mcp counts against RATE_LIMIT_PER_MINUTE like POST /api/chat: over it, 429 RATE_LIMITED', async () => {
    t = await startTestApp({ SERVICE_API_KEY: SERVICE, RATE_LIMIT_PER_MINUTE: '3' });
    const client = await connect(t.url, { 'X-API-Key': SERVICE }); // initialize, notifications/initialized: 2
    await client.listTools(); // 3
    const over = client.callTool({ name: 'describe_schema', arguments: {} });
    await expect(over).rejects.toMatchObject({ code: 429, message: expect.stringContaining('"code":"RATE_LIMITED"') });
    await client.close();
  });
});
