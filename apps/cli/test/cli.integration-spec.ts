/**
 * The real `nlq` command as a child process (node -r ./tools/register.js apps/cli/src/main.ts ...): usage errors,
 * the embedded pipeline on a fresh DATA_DIR (sample database, offline engine), a running api (its own process,
 * apps/api/src/main.ts) over HTTP with and without its key, and the eval and sample-db tools it delegates to. Exit codes: 0 ok, 1 failed, 2 usage.
 */
import Database from 'better-sqlite3';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const KEY = 'cli-test-key-0123456789';
// every run starts Node with the TypeScript loader; an embedded ask also builds the api (seconds on a busy machine)
jest.setTimeout(120_000);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `nlq args...` from the repository root with `env` over a clean copy of process.env. */
function nlq(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base = { ...process.env };
  for (const name of ['SERVICE_API_KEY', 'NLQ_URL', 'NLQ_API_KEY', 'QUERY_DATABASE_URL', 'DATA_DIR']) delete base[name];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', './tools/register.js', 'apps/cli/src/main.ts', ...args],
      { cwd: ROOT, env: { ...base, LOG_LEVEL: 'error', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

const plain = (text: string) => text.replace(/(\d),(?=\d{3}\b)/g, '$1');

/** Starts the real api (`npm run start:api`'s command) on 127.0.0.1 and a free port; resolves its URL. */
function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1].replace('[::1]', '127.0.0.1') });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the api exited with ${code} before listening:\n${output}`)));
  });
}

describe('nlq command line', () => {
  let tmp: string;
  let customers: number;
  let api: ChildProcess | undefined;
  let url: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-cli-test-'));
    ({ child: api, url } = await startApi({
      DATA_DIR: path.join(tmp, 'service'),
      SERVICE_API_KEY: KEY,
      MAX_QUESTION_CHARS: '60',
    }));
    const db = new Database(path.join(tmp, 'service', 'shop.db'), { readonly: true });
    customers = (db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n;
    db.close();
  });
  afterAll(async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('usage errors exit 2 with the usage text; help exits 0', async () => {
    const [none, noQuestion, unknown, help] = await Promise.all([
      nlq([]),
      nlq(['ask', '--json']),
      nlq(['frobnicate']),
      nlq(['help']),
    ]);
    expect(none).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: nlq <command>') });
    expect(noQuestion).toMatchObject({ code: 2, stderr: expect.stringContaining('nlq ask needs a question') });
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command frobnicate') });
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('usage: nlq <command>') });
  });

  it('answers embedded (no --url) from the sample database of a fresh DATA_DIR; the DATA_DIR keeps the session', async () => {
    const dataDir = path.join(tmp, 'embedded');
    const asJson = await nlq([
      'ask',
      'How many customers are there?',
      '--data-dir',
      dataDir,
      '--json',
      '--user',
      'cli-user',
    ]);
    expect(asJson.code).toBe(0);
    const body = JSON.parse(asJson.stdout);
    expect(body).toEqual({
      response: expect.any(String),
      sql: expect.stringMatching(/count/i),
      success: true,
      pending_approval: false,
      session_id: 'cli-user',
      error: null,
    });
    expect(plain(body.response)).toMatch(new RegExp(`\\b${customers}\\b`));
    // the same DATA_DIR keeps the session: nothing is pending for it, which is the api's 404
    const approve = await nlq(['approve', 'cli-user', '--data-dir', dataDir]);
    expect(approve).toMatchObject({ code: 1, stderr: expect.stringContaining('NOTHING_PENDING') });
  });

  it('asks a running service with --url and --key (or NLQ_URL and NLQ_API_KEY); 401 without the key', async () => {
    const ok = await nlq(['ask', 'How many customers are there?', '--url', url, '--key', KEY]);
    expect(ok.code).toBe(0);
    expect(plain(ok.stdout)).toMatch(new RegExp(`\\b${customers}\\b`));
    expect(ok.stdout).toMatch(/sql: SELECT/i);
    const [fromEnv, noKey] = await Promise.all([
      nlq(['ask', 'How many products are there?', '--json'], { NLQ_URL: url, NLQ_API_KEY: KEY }),
      nlq(['ask', 'How many customers are there?', '--url', url]),
    ]);
    expect(fromEnv.code).toBe(0);
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ success: true, session_id: 'rest_user' });
    expect(noKey).toMatchObject({ code: 1, stderr: expect.stringMatching(/HTTP 401 UNAUTHORIZED, request /) });
  });

  it('a failed answer exits 1 with the reason; an unreachable service exits 1', async () => {
    const [tooLong, unreachable] = await Promise.all([
      nlq(['ask', `How many customers ${'really '.repeat(10)}are there?`, '--url', url, '--key', KEY]),
      nlq(['ask', 'How many customers are there?', '--url', 'http://127.0.0.1:1']),
    ]);
    expect(tooLong).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: .*too long/) });
    expect(unreachable).toMatchObject({ code: 1, stderr: expect.stringContaining('cannot reach http://127.0.0.1:1') });
  });

  it('nlq sample-db runs libs/sample-db (its output, its exit codes)', async () => {
    const out = path.join(tmp, 'small.db');
    const [made, bad] = await Promise.all([
      nlq(['sample-db', '--out', out, '--scale', '0.02', '--seed', '7']),
      nlq(['sample-db', '--bogus']),
    ]);
    expect(made).toMatchObject({ code: 0, stdout: expect.stringContaining(`sample database ${out}`) });
    expect(fs.existsSync(out)).toBe(true);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown argument --bogus') });
  });

  it('nlq eval runs tools/eval (one chinook question when the shared evaluation data is present)', async () => {
    const bad = await nlq(['eval', '--set', 'nope']);
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('unknown set "nope"') });
    if (!fs.existsSync(path.join(ROOT, '..', 'shared', 'eval'))) return;
    const run = await nlq(['eval', '--set', 'chinook', '--limit', '1', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      provider: expect.any(String),
      reports: [{ set: 'chinook', total: 1 }],
    });
  });
});
