/**
 * The README's first command on a fresh clone with the registry's npm 12, as a new user runs it: `npm install` in a
 * clone of the committed tree (no node_modules anywhere above it) prints no install-scripts or EBADENGINE warning,
 * builds better-sqlite3's native module (npm 12 runs only the install scripts `allowScripts` approves, see
 * docs/operations.md "Installing with npm 12"), and `npm start` then answers a question on the embedded defaults.
 *
 * It measures the committed tree (`git clone` of HEAD): uncommitted changes are not part of it. It needs the npm
 * registry (or npm's cache) and takes about two minutes, most of it compiling better-sqlite3.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call } from '@nlq/server/testing';

jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** npm 12, installed on its own into the scratch folder, so that its own notes on this Node stay out of the check. */
let npmCli = '';

/** The environment of a user's shell: no npm_* variables of the npm that runs this test, no Jest or Nx settings. */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|NX_|JEST_|NODE_OPTIONS$|FORCE_COLOR$)/i.test(name)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

/** Run npm 12 with `args` in `cwd`; returns its exit code and everything it printed. */
function npm12(args: string[], cwd: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [npmCli, ...args], {
    cwd,
    env: userEnv({}),
    encoding: 'utf8',
    timeout: 480_000,
  });
  return { status: run.status, output: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}

/** Warnings a user must not see from the install: scripts left unreviewed or a dependency refusing this Node. */
const installWarnings = (output: string) =>
  output.split('\n').filter((line) => /install-scripts|allowScripts|EBADENGINE/.test(line));

describe('a fresh clone installed with npm 12 starts and answers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-fresh-install-'));
  const clone = path.join(dir, 'nlq');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('npm install prints no install-scripts or engine warning and builds the native SQLite binding', () => {
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone], { encoding: 'utf8' });
    expect(cloned.status).toBe(0);
    // npm 12 itself, installed apart: the engine notes of its own dependencies are not the project's install
    const tool = spawnSync(
      'npm',
      ['install', '--prefix', path.join(dir, 'npm12'), 'npm@12', '--no-audit', '--no-fund'],
      {
        env: userEnv({}),
        encoding: 'utf8',
      },
    );
    expect(tool.status).toBe(0);
    npmCli = path.join(dir, 'npm12', 'node_modules', 'npm', 'bin', 'npm-cli.js');
    expect(npm12(['--version'], dir).output).toMatch(/^12\./m);

    const install = npm12(['install', '--no-audit', '--no-fund'], clone);
    expect(install.status).toBe(0);
    expect(installWarnings(install.output)).toEqual([]);
    const binding = path.join(clone, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    expect(fs.existsSync(binding)).toBe(true);
  });

  it('npm start answers "How many customers are there?" on the sample database', async () => {
    const proc = spawn(process.execPath, [npmCli, 'start'], {
      cwd: clone,
      env: userEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), LOG_FORMAT: 'json' }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not listen within 180 s:\n${out}`)), 180_000);
        proc.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
        const poll = setInterval(() => {
          const m = /nlq api listening on (http:\/\/\S+?) \(/.exec(out);
          if (!m) return;
          clearInterval(poll);
          clearTimeout(timer);
          resolve(m[1].replace('localhost', '127.0.0.1'));
        }, 100);
      });
      const answer = await call(`${url}/query`, { body: { question: 'How many customers are there?' } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, response: 'There are 1,000 customers.' });
    } finally {
      if (proc.pid) process.kill(-proc.pid, 'SIGKILL');
    }
  });
});
