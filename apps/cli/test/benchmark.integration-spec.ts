/**
 * `nlq benchmark run NAME` against a running app (@nlq/server/testing, the sample database and the offline engine):
 * the summary table, exit 1 under --fail-under and 0 at or above it, exit 1 for an unknown name, 2 for usage errors.
 */
import type { TestApp } from '@nlq/server/testing';
import { runCli } from '../src/main';

/** @nlq/server/testing, loaded lazily as the command loads @nlq/server (the module boundary rule). */
const testing = () => import('@nlq/server/testing');

const KEY = 'cli-bench-key-0123456789';

async function nlq(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('nlq benchmark run', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { call, startTestApp } = await testing();
    t = await startTestApp({ SERVICE_API_KEY: KEY });
    const created = await call(`${t.url}/api/benchmarks`, {
      headers: { 'x-api-key': KEY },
      body: {
        name: 'ci gate',
        questions: [
          { question: 'How many customers are there?', expected_sql: 'SELECT COUNT(*) FROM customers' },
          { question: 'How many customers are there?', expected_sql: 'SELECT COUNT(*) FROM orders' },
        ],
      },
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    (await testing()).removeDataDir(t.dataDir);
  });

  it('prints a line a question and exits 1 under --fail-under, 0 at or above it', async () => {
    const failing = await nlq(['benchmark', 'run', 'ci gate', '--url', t.url, '--key', KEY, '--fail-under', '0.9']);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^status\s+reasons\s+question$/m);
    expect(failing.stdout).toMatch(/^right\s+-\s+How many customers are there\?$/m);
    expect(failing.stdout).toMatch(/^wrong\s+different_values\s+How many customers are there\?$/m);
    expect(failing.stdout).toMatch(/accuracy 0\.500 \(1\/2\), threshold 0\.9 FAILED/);
    const passing = await nlq(['benchmark', 'run', 'ci gate', '--url', t.url, '--key', KEY, '--fail-under', '0.5']);
    expect(passing.code).toBe(0);
    expect(passing.stdout).toMatch(/threshold 0\.5 passed/);
    expect((await nlq(['benchmark', 'run', 'ci gate', '--url', t.url, '--key', KEY])).code).toBe(0);
  });

  it('exits 1 for an unknown name or a wrong key, 2 for usage errors', async () => {
    const unknown = await nlq(['benchmark', 'run', 'nope', '--url', t.url, '--key', KEY]);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringMatching(/no benchmark is named "nope"/) });
    expect((await nlq(['benchmark', 'run', 'ci gate', '--url', t.url, '--key', 'wrong-key-0123456789'])).code).toBe(1);
    expect((await nlq(['benchmark', 'run', 'ci gate', '--url', t.url, '--fail-under', '2'])).code).toBe(2);
    expect((await nlq(['benchmark', 'list'])).code).toBe(2);
  });
});
