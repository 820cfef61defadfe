/**
 * `nlq mcp` over stdio with the MCP TypeScript SDK's own Client and StdioClientTransport, the real command as a child
 * process (node -r ./tools/register.js apps/cli/src/main.ts mcp ...): on the embedded defaults (a fresh DATA_DIR:
 * the sample shop database, the offline engine; admin mode so a write is held), and bridged to a running app
 * (@nlq/server/testing) with --url and --key. Counts come from the sample database itself.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApp } from '@nlq/server/testing';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const MAIN = ['-r', './tools/register.js', 'apps/cli/src/main.ts'];
const ALICE = 'mcp-cli-alice-key-0123456789';
const CANCELLED = "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'";
/** @nlq/server/testing, loaded lazily as the command loads @nlq/server (the module boundary rule). */
const testing = () => import('@nlq/server/testing');
// every run starts Node with the TypeScript loader and builds the api (seconds on a busy machine)
jest.setTimeout(180_000);

/** process.env without the settings that would point the command elsewhere, plus `env`. */
function environment(env: Record<string, string>): Record<string, string> {
  const base = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  for (const name of ['SERVICE_API_KEY', 'NLQ_URL', 'NLQ_API_KEY', 'QUERY_DATABASE_URL', 'DATA_DIR', 'SERVICE_MODE'])
    delete base[name];
  return { ...base, LOG_LEVEL: 'error', ...env };
}

/** `nlq mcp args...` spawned by the SDK's stdio client transport, connected (initialize done). */
async function nlqMcp(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...MAIN, 'mcp', ...args],
    cwd: ROOT,
    env: environment(env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'nlq-cli-mcp-test', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close();
    throw Object.assign(error as Error, { stderr });
  }
  return { client, stderr: () => stderr };
}

async function tool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult & { structuredContent?: any }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('nlq mcp (stdio)', () => {
  let tmp: string;
  let count: (file: string, sql: string) => number;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-cli-mcp-'));
    count = (await testing()).sqliteCount;
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('embedded defaults: lists the tools, answers the customer count of the sample database, holds a write unrun, errors carry nlq codes', async () => {
    const dataDir = path.join(tmp, 'embedded');
    const { client, stderr } = await nlqMcp(['--data-dir', dataDir], { SERVICE_MODE: 'admin' });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name).sort()).toEqual(['ask', 'describe_schema', 'feedback', 'session_history']);

      const shop = path.join(dataDir, 'shop.db');
      const customers = count(shop, 'SELECT COUNT(*) AS n FROM customers');
      expect(customers).toBeGreaterThan(0);
      const asked = await tool(client, 'ask', { question: 'How many customers are there?' });
      expect(asked.isError).toBeFalsy();
      expect(asked.structuredContent).toMatchObject({ success: true, pending_approval: false, rows: [[customers]] });

      const cancelled = count(shop, CANCELLED);
      expect(cancelled).toBeGreaterThan(0);
      const write = (await tool(client, 'ask', { question: 'Delete orders with status cancelled' })).structuredContent;
      expect(write).toMatchObject({
        success: true,
        pending_approval: true,
        kind: 'write',
        approval: { estimated_rows: cancelled },
      });
      expect(write.approval.approve_url).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/chat\\?session=${write.session_id}$`),
      );
      expect(count(shop, CANCELLED)).toBe(cancelled);

      const invalid = await tool(client, 'session_history', { session_id: 'x'.repeat(200) });
      expect(invalid.isError).toBe(true);
      expect((invalid._meta as Record<string, any>)['nlq/error']).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
      });
      // stdout carried only MCP messages: the client parsed every line; log lines went to stderr
      expect(stderr()).not.toContain('"jsonrpc"');
    } finally {
      await client.close();
    }
  });

  describe('bridged to a running api (--url, --key)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await (
        await testing()
      ).startTestApp({
        SERVICE_API_KEY: 'mcp-cli-service-key-0123456789',
        USER_API_KEYS: `alice:${ALICE}`,
        AUTH_FAILURE_LIMIT: '0',
      });
    });
    afterAll(async () => {
      await t.close();
      (await testing()).removeDataDir(t.dataDir);
    });

    it("answers through the service's /mcp as the key's user (the trace is alice's)", async () => {
      const { client } = await nlqMcp(['--url', t.url, '--key', ALICE]);
      try {
        const customers = count(path.join(t.dataDir, 'shop.db'), 'SELECT COUNT(*) AS n FROM customers');
        const asked = (await tool(client, 'ask', { question: 'How many customers are there?' })).structuredContent;
        expect(asked).toMatchObject({ success: true, rows: [[customers]] });
        const trace = await (
          await testing()
        ).call(`${t.url}/api/traces/${asked.trace_id}`, { headers: { 'x-api-key': ALICE } });
        expect(trace.body).toMatchObject({ sessionId: asked.session_id, userId: 'alice' });
      } finally {
        await client.close();
      }
    });

    it('a wrong key is refused: initialize fails with the service 401 in the nlq error shape', async () => {
      const refused = nlqMcp(['--url', t.url, '--key', 'wrong-key-0123456789']);
      await expect(refused).rejects.toMatchObject({
        code: -32000,
        message: expect.stringContaining('nlq error UNAUTHORIZED, HTTP 401'),
        data: { statusCode: 401, code: 'UNAUTHORIZED' },
      });
    });
  });

  it('usage errors exit 2', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [...MAIN, 'mcp', ...args],
          { cwd: ROOT, env: environment({}) },
          (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
        );
      });
    const [keyOnly, question] = await Promise.all([run(['--key', 'k']), run(['How many customers?'])]);
    expect(keyOnly).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--key is the key of a running service'),
    });
    expect(question).toMatchObject({ code: 2, stderr: expect.stringContaining('nlq mcp takes no question') });
  });
});
