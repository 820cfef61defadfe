/**
 * Two real api processes (node apps/api/src/main.ts) over one PostgreSQL state store act as one
 * service. A connection activated, a model setting activated and a schema refreshed on replica A are used by
 * replica B within 3 seconds, once through Redis pub/sub (REDIS_URL) and once through the per-request version check
 * (no Redis).
 */
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import { describeEachWith } from '@nlq/test-services';
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PG = 'postgres://postgres@127.0.0.1:5432/test';
const KEY = 'replica-test-key-0123456789abcdef';
const START_TIMEOUT_MS = 90_000;

interface Replica {
  url: string;
  child: ChildProcess;
  output: string[];
}

/** Start `node -r ./tools/register.js apps/api/src/main.ts` on an ephemeral port; resolves with its URL once listening. */
function startReplica(env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`replica did not start within ${START_TIMEOUT_MS} ms:\n${output.join('')}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /listening on (http:\/\/\S+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1].replace('localhost', '127.0.0.1'), child, output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`replica exited with ${code}:\n${output.join('')}`));
    });
  });
}

async function stopReplica(replica: Replica | undefined): Promise<void> {
  if (!replica || replica.child.exitCode !== null) return;
  const exited = new Promise((resolve) => replica.child.once('exit', resolve));
  replica.child.kill('SIGTERM');
  const timer = setTimeout(() => replica.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function call(
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'x-api-key': KEY };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * Poll `probe` (one request to a replica, which applies pending changes before it is handled) until it returns true.
 * Resolves with the milliseconds from the call until the start of the first request that saw the change (so the
 * time the replica spends answering, e.g. connecting a new database, is not counted); rejects after `withinMs`.
 */
async function within(withinMs: number, probe: () => Promise<boolean>, replica?: Replica): Promise<number> {
  const started = Date.now();
  const probes: number[] = [];
  for (;;) {
    const t = Date.now();
    const done = await probe();
    probes.push(Date.now() - t);
    if (done) return t - started;
    if (Date.now() - started > withinMs) {
      throw new Error(
        `not within ${withinMs} ms (probes took ${probes.join(', ')} ms)\n${replica?.output.join('').slice(-3000) ?? ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const CASES = [
  { name: 'Redis pub/sub', redis: true },
  { name: 'per-request version check (no Redis)', redis: false },
] as const;

describeEachWith(CASES, (c) => (c.redis ? ['postgresql', 'redis'] : ['postgresql']))(
  'two api replicas: $name',
  (testCase) => {
    const schema = `replicas_${testCase.redis ? 'redis' : 'poll'}_${process.pid}_${Date.now()}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-replicas-'));
    const planetsPath = path.join(dataDir, 'planets.db');
    let admin: Client;
    let model: ScriptedModelServer;
    let a: Replica;
    let b: Replica;
    let asked = 0;

    /** Ask replica `r` a fresh question (own session) and return the SQL it wrote. */
    const sqlOn = async (r: Replica, question: string): Promise<string> => {
      const { body } = await call(`${r.url}/query`, { body: { question, user_id: `asker-${asked++}` } });
      return String(body?.sql ?? '');
    };

    beforeAll(
      async () => {
        admin = new Client({ connectionString: PG });
        await admin.connect();
        await admin.query(`CREATE SCHEMA "${schema}"`);
        const db = new Database(planetsPath);
        db.exec("CREATE TABLE planets (name TEXT); INSERT INTO planets VALUES ('Mercury'), ('Venus'), ('Earth');");
        db.close();
        // writes SQL over the tables it is shown: moons when the schema has them, else planets, else the shop's customers
        model = await startScriptedModelServer({
          protocol: 'openai',
          models: ['scripted-model', 'scripted-model-2'],
          reply: ({ user }) => {
            if (!user.startsWith('Database schema')) return 'Done.';
            const shown = user.split('\nQuestion:')[0];
            const table = /\bmoons\b/.test(shown) ? 'moons' : /\bplanets\b/.test(shown) ? 'planets' : 'customers';
            return `\`\`\`sql\nSELECT COUNT(*) AS n FROM ${table}\n\`\`\``;
          },
        });
        const env: Record<string, string> = {
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          DATA_DIR: dataDir,
          SERVICE_API_KEY: KEY,
          ENCRYPTION_KEY: 'replica-test-encryption-key-0123456789',
          STATE_DATABASE_URL: `${PG}?schema=${schema}`,
          RATE_LIMIT_PER_MINUTE: '0',
          LLM_PROVIDER: 'openai',
          LLM_BASE_URL: model.url,
          LLM_API_KEY: 'test-key-not-secret',
          LLM_MODEL: 'scripted-model',
          REDIS_URL: testCase.redis ? 'redis://127.0.0.1:6379/0' : '',
        };
        // one after the other: the first creates the state tables and the sample database
        a = await startReplica(env);
        b = await startReplica(env);
      },
      2 * START_TIMEOUT_MS + 30_000,
    );

    afterAll(async () => {
      await Promise.all([stopReplica(a), stopReplica(b)]);
      await model?.close();
      await admin?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin?.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('a connection activated on A answers questions on B within 3 seconds', async () => {
      expect(await sqlOn(b, 'How many are there?')).toContain('customers');
      const created = await call(`${a.url}/api/connections`, {
        body: { name: 'planets', url: `sqlite://${planetsPath}` },
      });
      expect(created.status).toBe(201);
      expect((await call(`${a.url}/api/connections/${created.body.id}/activate`, { method: 'POST' })).status).toBe(200);
      const ms = await within(
        3000,
        async () => (await call(`${b.url}/api/health`)).body?.database?.connection_id === created.body.id,
        b,
      );
      expect(ms).toBeLessThan(3000);
      expect(await sqlOn(b, 'How many are there?')).toContain('planets');
    });

    it('a model setting activated on A is the model of B within 3 seconds', async () => {
      const created = await call(`${a.url}/api/llms`, {
        body: { name: 'second', provider: 'openai', model: 'scripted-model-2', base_url: model.url, api_key: 'k-2' },
      });
      expect(created.status).toBe(201);
      expect((await call(`${a.url}/api/llms/${created.body.id}/activate`, { method: 'POST' })).status).toBe(200);
      const ms = await within(
        3000,
        async () => (await call(`${b.url}/api/health`)).body?.model?.model === 'openai:scripted-model-2',
        b,
      );
      expect(ms).toBeLessThan(3000);
    });

    it('a schema refreshed on A is refreshed on B within 3 seconds', async () => {
      expect(await sqlOn(b, 'How many moons?')).toContain('planets'); // B has the schema cached
      const db = new Database(planetsPath);
      db.exec("CREATE TABLE moons (name TEXT); INSERT INTO moons VALUES ('Moon');");
      db.close();
      expect(await sqlOn(b, 'How many moons?')).toContain('planets'); // and keeps it until a refresh
      expect((await call(`${a.url}/refresh`, { method: 'POST' })).status).toBe(200);
      const ms = await within(3000, async () => (await sqlOn(b, 'How many moons?')).includes('moons'), b);
      expect(ms).toBeLessThan(3000);
    });
  },
);
