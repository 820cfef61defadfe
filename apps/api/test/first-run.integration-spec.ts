/**
 * A first run that explains itself, on the real api process (`node -r tools/register.js
 * apps/api/src/main.ts`) with the embedded defaults (sample SQLite shop, offline engine): JSON log lines in a pipe,
 * human-readable lines on a terminal (a real pseudo-terminal through util-linux `script`) or with LOG_FORMAT=pretty,
 * and the URL and key block printed last: the key once on the first start, its file on a restart, the setting when
 * SERVICE_API_KEY is set. The key printed opens /api over real HTTP.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { call, makeDataDir, removeDataDir } from '@nlq/server/testing';
import { killApi, startApiProcess, type ApiProcess } from './support/api-process';

jest.setTimeout(120_000);

const RULE = '─'.repeat(72);
const ROOT = path.resolve(__dirname, '..', '..', '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Start the api in a pipe with `env` and wait until its startup block is complete. */
async function startAndWaitForBlock(env: Record<string, string>): Promise<ApiProcess> {
  const api = await startApiProcess(env);
  for (let i = 0; i < 100 && api.output().split(RULE).length < 3; i++) await sleep(50);
  return api;
}

/**
 * The output split into the lines before the startup block and the block itself (between its two rules), without
 * terminal colour codes (pino-pretty colours its lines when FORCE_COLOR is set, as Nx sets it for its tasks).
 */
function splitOutput(output: string): { logLines: string[]; block: string } {
  const text = stripVTControlCharacters(output).replace(/\r/g, '');
  const first = text.indexOf(RULE);
  const second = text.indexOf(RULE, first + RULE.length);
  expect(first).toBeGreaterThan(0);
  expect(second).toBeGreaterThan(first);
  return {
    logLines: text
      .slice(0, first)
      .split('\n')
      .filter((l) => l.trim() !== ''),
    block: text.slice(first, second + RULE.length),
  };
}

const isJson = (line: string) => {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
};

describe('the first run explains itself', () => {
  const dataDir = makeDataDir();
  afterAll(() => removeDataDir(dataDir));

  it('first start in a pipe: a few JSON log lines, then the block with the URL and the new key, which opens /api', async () => {
    const api = await startAndWaitForBlock({ DATA_DIR: dataDir, SERVICE_API_KEY: '', LOG_FORMAT: '' });
    try {
      const { logLines, block } = splitOutput(api.output());
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.length).toBeLessThanOrEqual(12); // Nest's one line a module and route is debug
      expect(logLines.filter((l) => !isJson(l))).toEqual([]);
      expect(logLines.map((l) => JSON.parse(l).msg)).toContain(`Server listening at ${api.url}`);

      const key = fs.readFileSync(path.join(dataDir, 'service-api-key'), 'utf8').trim();
      expect(block).toContain(`nlq api listening on ${api.url} (user: questions run reads only)`);
      expect(block).toContain(`Web app    ${api.url}/`);
      expect(block).toContain(`API docs   ${api.url}/docs`);
      expect(block).toContain(`API key    ${key}`);
      expect(block).toContain(
        `new: generated on this first start and kept in ${path.join(dataDir, 'service-api-key')}`,
      );
      expect(logLines.join('\n')).not.toContain(key); // the key is printed in the block only, never logged

      const health = await call(`${api.url}/api/health`, { headers: { 'x-api-key': key } });
      expect(health.status).toBe(200);
      // the sample database nlq generated is writable, yet no warning: it is no one's data
      expect(health.body.privileges).toEqual({ superuser: false, can_write: true, warning: null });
    } finally {
      await killApi(api);
    }
  });

  it('restart with LOG_FORMAT=pretty: readable lines, and the block names the key file instead of the key', async () => {
    const key = fs.readFileSync(path.join(dataDir, 'service-api-key'), 'utf8').trim();
    const api = await startAndWaitForBlock({ DATA_DIR: dataDir, SERVICE_API_KEY: '', LOG_FORMAT: 'pretty' });
    try {
      const { logLines, block } = splitOutput(api.output());
      expect(logLines.filter(isJson)).toEqual([]);
      expect(logLines.filter((l) => !/^\[\d\d:\d\d:\d\d(\.\d+)?\] (INFO|WARN|ERROR|DEBUG): /.test(l))).toEqual([]);
      expect(logLines).toContainEqual(expect.stringMatching(/INFO: Server listening at /));
      expect(block).toContain(`API key    kept in ${path.join(dataDir, 'service-api-key')}`);
      expect(block).toContain(`cat ${path.join(dataDir, 'service-api-key')}`);
      expect(api.output()).not.toContain(key);
      // requests log at debug on readable logs: the block stays the last thing on the screen
      const before = api.output();
      const health = await call(`${api.url}/api/health`, { headers: { 'x-api-key': key } });
      expect(health.status).toBe(200);
      await sleep(200);
      expect(api.output()).toBe(before);
    } finally {
      await killApi(api);
    }
  });

  it('with SERVICE_API_KEY: the block says the key is that setting, and prints neither key nor file', async () => {
    const key = 'first-run-setting-key-0123456789';
    const ownDir = makeDataDir();
    const api = await startAndWaitForBlock({ DATA_DIR: ownDir, SERVICE_API_KEY: key, SERVICE_MODE: 'admin' });
    try {
      const { block } = splitOutput(api.output());
      expect(block).toContain('(admin: reads run, writes wait for approval)');
      expect(block).toContain('API key    the value of the SERVICE_API_KEY setting (not printed)');
      expect(block).not.toContain('service-api-key');
      expect(api.output()).not.toContain(key);
      expect((await call(`${api.url}/api/health`, { headers: { 'x-api-key': key } })).status).toBe(200);
    } finally {
      await killApi(api);
      removeDataDir(ownDir);
    }
  });

  it('on a real terminal (a pseudo-terminal), LOG_FORMAT unset: readable lines, then the block', async () => {
    // util-linux `script` runs the api on a pseudo-terminal, so process.stdout.isTTY is true as under `npm start`
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SERVICE_API_KEY: '',
      LOG_FORMAT: '',
      NO_COLOR: '1',
    };
    delete env.NODE_OPTIONS;
    delete env.JEST_WORKER_ID;
    const proc = spawn(
      'script',
      ['-qfec', `${process.execPath} -r ./tools/register.js apps/api/src/main.ts`, '/dev/null'],
      { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    try {
      for (let i = 0; i < 1200 && out.split(RULE).length < 3 && proc.exitCode === null; i++) await sleep(50);
      const { logLines, block } = splitOutput(out.replace(/\u001b\[[0-9;]*m/g, ''));
      expect(logLines.filter(isJson)).toEqual([]);
      expect(logLines).toContainEqual(
        expect.stringMatching(/^\[\d\d:\d\d:\d\d(\.\d+)?\] INFO: Server listening at http:\/\/127\.0\.0\.1:\d+/),
      );
      expect(block).toMatch(/nlq api listening on http:\/\/127\.0\.0\.1:\d+ \(user: questions run reads only\)/);
      expect(block).toContain(`kept in ${path.join(dataDir, 'service-api-key')}`);
    } finally {
      proc.kill('SIGKILL');
      await exited;
    }
  });
  it('refuses to listen on every interface while the query adapter has no key, naming both settings', async () => {
    await expect(startApiProcess({ DATA_DIR: dataDir, HOST: '0.0.0.0', SERVICE_API_KEY: '' })).rejects.toThrow(
      /exited \(code 1[^]*HOST: 0\.0\.0\.0 is reachable from other machines[^]*set SERVICE_API_KEY/,
    );
  });
});
