/**
 * Load and soak of the real api process , figures printed, never asserted in timed
 * tests:
 *
 *   npm run bench:load -- [--requests 50000] [--connections 64]
 *   npm run bench:soak -- [--minutes 10] [--connections 16] [--sample-seconds 60]
 *
 * Starts `apps/api/src/main.ts` as a child process with the embedded defaults (sample SQLite shop, SQLite state
 * store, offline engine) in a fresh DATA_DIR, listening on 127.0.0.1 only, RATE_LIMIT_PER_MINUTE=0 (one client
 * sends everything), then sends POST /query questions of the benchmark set with autocannon, users cycling over 500
 * ids (cache hits and misses mixed). `load` sends a fixed number of requests and prints requests/s, latency
 * percentiles (ms) and errors (non-2xx, connection errors, timeouts, and 2xx bodies without `success: true`).
 * `soak` runs a one-minute warm-up, then the given minutes. From the start it probes the api process every 5 s
 * (its resident set size, VmRSS of /proc/<pid>/status; its V8 heap used and total and external memory from its own
 * GET /metrics, read with the service key the api generated in DATA_DIR; the RSS of its child processes) and
 * summarizes the probes of every `--sample-seconds` (default one minute) into one line of the series (RSS mean,
 * least and greatest; heap in use least and greatest). It logs each line on stderr as it goes and prints the
 * series on stdout at the end, with the drift after the warm-up and the growth rates of the first and last half
 * ({@link memoryTrend}: RSS "levels off" when the last half grows at most 0.5 MiB a minute). Exit code 0; 1 when
 * the api fails to start.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_QUESTIONS } from './bench-questions';
import { BODY_CHECKS } from './load-run';
import {
  formatMemorySeries,
  memoryTrend,
  probeMemory,
  summarizeProbes,
  type MemoryProbe,
  type MemorySample,
} from './memory-series';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** Inherited variables that would point the api elsewhere than its embedded defaults (databases, Redis, a model, keys). */
const TARGET_VARIABLES =
  /^(SERVICE_API_KEY|USER_API_KEYS|QUERY_DATABASE_URL|STATE_DATABASE_URL|REDIS_URL|LLM_\w+|NODE_OPTIONS)$/;

/** The api as a child process on 127.0.0.1 (embedded defaults, `dataDir`); resolves once it printed its URL. */
async function startApi(dataDir: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (TARGET_VARIABLES.test(name)) delete env[name];
  Object.assign(env, {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  });
  const proc = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

/** Seconds between two memory probes of a soak (each interval's line summarizes its probes). */
const PROBE_SECONDS = 5;

/** Requests the load generator has sent since the process started (all runs). */
let sent = 0;

async function fire(url: string, options: { amount?: number; duration?: number; connections: number }) {
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
          return {
            ...request,
            body: JSON.stringify({
              question: BENCH_QUESTIONS[n % BENCH_QUESTIONS.length].question,
              user_id: `soak-${n % 500}`,
            }),
          };
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
      const sampleSeconds = option('sample-seconds', 60);
      const warmMinutes = Math.min(1, minutes);
      const keyFile = path.join(dataDir, 'service-api-key');
      const serviceKey = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : null;
      if (!serviceKey) log('no service key file in DATA_DIR: V8 heap figures unavailable');
      const samples: MemorySample[] = [];
      let probes: MemoryProbe[] = [];
      const t0 = Date.now();
      const probe = async () => {
        probes.push(await probeMemory(api.pid, api.url, serviceKey));
      };
      const close = () => {
        const sample = summarizeProbes(probes, { minute: (Date.now() - t0) / 60_000, requests: sent });
        probes = [];
        samples.push(sample);
        log(
          `minute ${sample.minute.toFixed(1)}: ${sample.requests} requests, RSS mean ${sample.rssMeanMiB.toFixed(1)} MiB ` +
            `(${sample.rssMinMiB.toFixed(1)}..${sample.rssMaxMiB.toFixed(1)}), heap used ${sample.heapUsedMinMiB?.toFixed(1) ?? '-'}..${sample.heapUsedMaxMiB?.toFixed(1) ?? '-'} MiB`,
        );
      };
      await probe();
      close();
      // RSS and heap swing between collections: probe every PROBE_SECONDS, summarize each interval
      const prober = setInterval(() => void probe(), Math.min(PROBE_SECONDS, sampleSeconds) * 1000);
      const sampler = setInterval(close, sampleSeconds * 1000);
      const stopSampling = () => {
        clearInterval(prober);
        clearInterval(sampler);
      };
      try {
        const warm = await fire(api.url, { duration: warmMinutes * 60, connections });
        log(`warm-up done (${warm.total} requests, errors ${warm.errors}); soaking ${minutes} min`);
        const { errors, total } = await fire(api.url, { duration: minutes * 60, connections });
        // the series ends with the last whole interval (a partial one would mix the idle api after the load in)
        stopSampling();
        const trend = memoryTrend(samples, warmMinutes);
        const mib = (v: number) => v.toFixed(1);
        console.log(formatMemorySeries(samples));
        console.log(
          `soak: ${minutes} min at concurrency ${connections} after a ${warmMinutes}-min warm-up: ${total} requests, ` +
            `${(total / (minutes * 60)).toFixed(0)} req/s, errors ${errors}; RSS after warm-up ${mib(trend.rssFromMiB)} MiB, ` +
            `at end ${mib(trend.rssEndMiB)} MiB, drift ${trend.driftPercent.toFixed(1)} %; RSS growth first half ` +
            `${mib(trend.firstHalfMiBPerMinute)} MiB/min, last half ${mib(trend.lastHalfMiBPerMinute)} MiB/min ` +
            `(heap-in-use floor: ${mib(trend.heapFloorFirstHalfMiBPerMinute)} and ${mib(trend.heapFloorLastHalfMiBPerMinute)} MiB/min): ${trend.verdict}`,
        );
      } finally {
        stopSampling();
      }
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
