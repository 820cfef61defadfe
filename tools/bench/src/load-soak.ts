/**
 * Load and soak of the real api process (issue 10 item 5), figures printed, never asserted in timed tests:
 *
 *   npm run bench:load -- [--requests 50000] [--connections 64]
 *   npm run bench:soak -- [--minutes 10] [--connections 16]
 *
 * Starts `apps/api/src/main.ts` as a child process with the embedded defaults (sample SQLite shop, SQLite state
 * store, offline engine) in a fresh DATA_DIR, RATE_LIMIT_PER_MINUTE=0 (one client sends everything), then sends
 * POST /query questions of the benchmark set with autocannon, users cycling over 500 ids (cache hits and misses
 * mixed). `load` sends a fixed number of requests and prints requests/s, latency percentiles (ms) and errors
 * (non-2xx, connection errors, timeouts, and 2xx bodies without `success: true`). `soak` runs for the given minutes
 * and prints the child's resident set size (VmRSS of /proc/<pid>/status, MiB) after a one-minute warm-up and at
 * the end, with the drift in percent. Exit code 0; 1 when the api fails to start.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_QUESTIONS } from './bench-questions';
import { BODY_CHECKS } from './load-run';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** Resident set size of `pid` in MiB (Linux /proc), or NaN. */
export function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function startApi(dataDir: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' };
  delete env.NODE_OPTIONS;
  const proc = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /nlq api listening on (http:\/\/\S+?) \(/.exec(out);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    proc.once('exit', (code) => reject(new Error(`api exited with code ${code} before listening`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  return { url, pid: proc.pid!, stop };
}

async function fire(url: string, options: { amount?: number; duration?: number; connections: number }) {
  let sent = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/query',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const n = sent++;
          return { ...request, body: JSON.stringify({ question: BENCH_QUESTIONS[n % BENCH_QUESTIONS.length].question, user_id: `soak-${n % 500}` }) };
        },
      },
    ],
    verifyBody: BODY_CHECKS.success,
  });
  const errors = result.non2xx + result.errors + result.timeouts + result.mismatches;
  return { result, errors, total: result.requests.total ?? 0 };
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode !== 'load' && mode !== 'soak') throw new Error('usage: load-soak.ts load|soak [options]');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nlq-bench-'));
  const api = await startApi(dataDir);
  log(`api ${api.url} (pid ${api.pid}), data in ${dataDir}`);
  try {
    if (mode === 'load') {
      const requests = option('requests', 50_000);
      const connections = option('connections', 64);
      const t0 = Date.now();
      const { result, errors, total } = await fire(api.url, { amount: requests, connections });
      const seconds = (Date.now() - t0) / 1000;
      console.log(
        `load: ${total} POST /query at concurrency ${connections} in ${seconds.toFixed(1)} s: ` +
          `${(total / seconds).toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `max ${result.latency.max} ms; errors ${errors} (non-2xx ${result.non2xx}, connection ${result.errors}, timeouts ${result.timeouts})`,
      );
    } else {
      const minutes = option('minutes', 10);
      const connections = option('connections', 16);
      const warm = await fire(api.url, { duration: Math.min(60, minutes * 60), connections });
      const rssStart = rssMiB(api.pid);
      log(`warm-up done (${warm.total} requests), RSS ${rssStart.toFixed(1)} MiB; soaking ${minutes} min`);
      const { errors, total } = await fire(api.url, { duration: minutes * 60, connections });
      const rssEnd = rssMiB(api.pid);
      console.log(
        `soak: ${minutes} min at concurrency ${connections}: ${total} requests, ${(total / (minutes * 60)).toFixed(0)} req/s, ` +
          `errors ${errors}; RSS after warm-up ${rssStart.toFixed(1)} MiB, at end ${rssEnd.toFixed(1)} MiB, drift ${(((rssEnd - rssStart) / rssStart) * 100).toFixed(1)} %`,
      );
    }
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
