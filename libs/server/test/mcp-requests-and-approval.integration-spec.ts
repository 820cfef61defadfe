/**
 * The MCP surface under attack, over real HTTP with the official SDK client where a client is involved, on SQLite
 * state and on PostgreSQL state (sample shop database, offline engine, admin mode):
 * - each tool call is a request: a JSON-RPC batch is refused with a JSON-RPC error and runs nothing, so with a limit
 *   of 5 a minute a batch of 40 asks runs none;
 * - a malformed Host header is 400 in the error shape, and the approval link never carries the request's Host;
 * - approval by a person: a write held for a question asked on /mcp is not approved with the agent's own key (403 in
 *   the error shape, on /api and on the adapter surface), and is approved by another key with the right to approve.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describeEachWith } from '@nlq/test-services';
import http from 'node:http';
import path from 'node:path';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { sqliteCount } from '../src/testing/sqlite-count';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(120_000);

const SERVICE = 'mcp-attack-service-key-0123456789';
const ALICE = 'mcp-attack-alice-key-0123456789';
const BOB = 'mcp-attack-bob-key-0123456789';
const CAROL = 'mcp-attack-carol-key-0123456789';
const ONE_STAR = 'SELECT COUNT(*) AS n FROM reviews WHERE rating = 1';
const ACCEPT = 'application/json, text/event-stream';

const CASES = [
  { name: 'SQLite state', postgres: false },
  { name: 'PostgreSQL state', postgres: true },
] as const;

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
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function connect(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'nlq-attack-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', url), { requestInit: { headers: { 'X-API-Key': key } } }),
  );
  return client;
}

const ask = (id: number, question: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'ask', arguments: { question } },
});

describeEachWith(CASES, (c) => (c.postgres ? ['postgresql'] : []))('MCP requests and approval on $name', (c) => {
  const dataDir = makeDataDir();
  const pg = c.postgres ? usePostgresSchema('nlq_mcp_attack', 'Skipping the PostgreSQL MCP test') : null;
  let t: TestApp;
  const api = (route: string, key: string, body?: unknown, method?: string) =>
    call(`${t.url}${route}`, { body, method, headers: { 'x-api-key': key } });
  const oneStar = () => sqliteCount(path.join(dataDir, 'shop.db'), ONE_STAR);

  beforeAll(async () => {
    t = await startTestApp({
      DATA_DIR: dataDir,
      ...(pg ? { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` } : {}),
      SERVICE_MODE: 'admin',
      SERVICE_API_KEY: SERVICE,
      // alice may approve writes: what stops her agent's key is that it asked on /mcp, not her role
      USER_API_KEYS: `alice:${ALICE}:approver,bob:${BOB},carol:${CAROL}`,
      AUTH_FAILURE_LIMIT: '0',
      RATE_LIMIT_PER_MINUTE: '5',
    });
  });
  afterAll(async () => {
    await t?.close();
    removeDataDir(dataDir);
  });

  it('a batch of 40 asks is refused with a JSON-RPC error and runs nothing; with a limit of 5, at most 5 calls run', async () => {
    const batch = Array.from({ length: 40 }, (_, i) => ask(i + 1, 'How many customers are there?'));
    const answer = await rawPost(`${t.url}/mcp`, { accept: ACCEPT, 'x-api-key': BOB }, batch);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining('batches'), data: { statusCode: 400 } },
    });
    const one = await rawPost(`${t.url}/mcp`, { accept: ACCEPT, 'x-api-key': BOB }, [ask(1, 'How many orders?')]);
    expect(one.status).toBe(400);
    expect((await api('/api/traces', BOB)).body.total).toBe(0);
    // each POST counts once: after the two batches, three single calls fit in the limit of 5 and the sixth is 429
    const single = { accept: ACCEPT, 'x-api-key': BOB, 'mcp-protocol-version': '2025-06-18' };
    for (let i = 0; i < 3; i++) {
      const ran = await rawPost(`${t.url}/mcp`, single, ask(10 + i, 'How many customers are there?'));
      expect(ran.status).toBe(200);
    }
    const over = await rawPost(`${t.url}/mcp`, single, ask(20, 'How many customers are there?'));
    expect(over).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect((await api('/api/traces', BOB)).body.total).toBe(3);
  });

  it('a malformed Host header is 400 in the error shape; links never carry the Host', async () => {
    for (const host of ['bad host', 'evil.example/path', 'a@b', 'x:99999999']) {
      const answer = await rawPost(
        `${t.url}/mcp`,
        { host, accept: ACCEPT, 'x-api-key': CAROL },
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', requestId: expect.any(String) });
    }
    const held = await rawPost(
      `${t.url}/mcp`,
      { host: 'attacker.example', accept: ACCEPT, 'x-api-key': CAROL, 'mcp-protocol-version': '2025-06-18' },
      {
        ...ask(2, 'Delete orders with status cancelled'),
        params: {
          name: 'ask',
          arguments: { question: 'Delete orders with status cancelled', session_id: 'host-check' },
        },
      },
    );
    expect(held.status).toBe(200);
    const link: string = held.body.result.structuredContent.approval.approve_url;
    expect(link.startsWith(`${t.url}/chat?session=`)).toBe(true);
    expect(link).not.toContain('attacker');
  });

  it("the agent's own key cannot approve a write held on /mcp (403); another key with the right to approve can", async () => {
    const before = oneStar();
    expect(before).toBeGreaterThan(0);
    const agent = await connect(t.url, ALICE);
    let sessionId: string;
    try {
      const held = (await agent.callTool({
        name: 'ask',
        arguments: { question: 'Delete reviews with rating 1' },
      })) as any;
      expect(held.structuredContent).toMatchObject({ pending_approval: true, kind: 'write' });
      sessionId = held.structuredContent.session_id;
    } finally {
      await agent.close();
    }
    const own = await api(`/api/sessions/${encodeURIComponent(sessionId)}/approve`, ALICE, undefined, 'POST');
    expect(own).toMatchObject({
      status: 403,
      body: {
        statusCode: 403,
        code: 'FORBIDDEN',
        message: expect.stringContaining('MCP'),
        requestId: expect.any(String),
      },
    });
    expect(oneStar()).toBe(before);

    // the person: another key of the same user, issued by the service key
    const issued = await api('/api/keys', SERVICE, { user_id: 'alice', role: 'approver' });
    expect(issued.status).toBe(201);
    const approved = await api(
      `/api/sessions/${encodeURIComponent(sessionId)}/approve`,
      issued.body.key,
      undefined,
      'POST',
    );
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved', rows_affected: before } });
    expect(oneStar()).toBe(0);
  });

  it('on the adapter surface too: the key that asked on /mcp gets 403 from POST /approve', async () => {
    const agent = await connect(t.url, SERVICE);
    try {
      const held = (await agent.callTool({
        name: 'ask',
        arguments: { question: 'Delete products with price 0', session_id: 'service' },
      })) as any;
      expect(held.structuredContent.pending_approval).toBe(true);
    } finally {
      await agent.close();
    }
    const own = await call(`${t.url}/approve/service`, { method: 'POST', headers: { 'x-api-key': SERVICE } });
    expect(own).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    // rejecting is no decision to run anything: the agent's key may still withdraw its own write
    const rejected = await call(`${t.url}/reject/service`, { method: 'POST', headers: { 'x-api-key': SERVICE } });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected' } });
  });
});
