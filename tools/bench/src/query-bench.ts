/**
 * POST /query benchmark (`npm run bench -- [--duration 10] [--connections 10] [--scale 1] [--json]`).
 *
 * Generates the sample shop database (@nlq/sample-db, --scale) in a temporary directory, then measures, each for
 * --duration seconds with --connections connections, on 127.0.0.1 only:
 *  a. the real api (createApp, in process) with the offline engine: cache misses (a new user_id per request) and
 *     cache hits (one user whose answers were primed);
 *  b. the same with LLM_PROVIDER=openai against an instant scripted model that returns the SQL the offline engine
 *     wrote in (a);
 *  c. the floor: a bare Fastify endpoint running that SQL with better-sqlite3.
 * Prints a table (stdout; stderr with --json, when stdout gets the JSON). Stops by itself: a watchdog ends the
 * process with code 2 if the runs overrun their budget. The load generator (autocannon) shares this process and
 * its event loop with the servers under test, the same way for every scenario.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSampleDatabase } from '@nlq/sample-db';
import { startApi, type ApiTarget } from './api-target';
import { parseBenchOptions, type BenchOptions } from './bench-options';
import { BENCH_QUESTIONS, type BenchQuestion } from './bench-questions';
import { formatBenchTable, type ScenarioResult } from './bench-report';
import { startFloorServer } from './floor-server';
import { CACHE_HIT_USER, runLoad } from './load-run';
import { startInstantModel } from './scripted-model';

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

interface QueryAnswer {
  success: boolean;
  sql: string;
  error: string | null;
}

/** One POST /query; rejects unless the answer is HTTP 200 with success true. */
async function ask(url: string, question: string, userId: string): Promise<QueryAnswer> {
  const response = await fetch(`${url}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question, user_id: userId }),
  });
  const body = (await response.json()) as QueryAnswer;
  if (response.status !== 200 || body.success !== true) {
    throw new Error(`"${question}" was not answered (HTTP ${response.status}): ${JSON.stringify(body)}`);
  }
  return body;
}

const isSuccess = (body: string) => {
  try {
    return (JSON.parse(body) as QueryAnswer).success === true;
  } catch {
    return false;
  }
};

/** Warm-up (one request per question) and cache priming for CACHE_HIT_USER; returns the SQL per question. */
async function prepare(api: ApiTarget, questions: readonly BenchQuestion[]): Promise<Map<string, string>> {
  const sql = new Map<string, string>();
  for (const q of questions) sql.set(q.question, (await ask(api.url, q.question, 'bench-warmup')).sql);
  for (const q of questions) await ask(api.url, q.question, CACHE_HIT_USER);
  return sql;
}

async function measureApi(target: string, api: ApiTarget, options: BenchOptions): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const cache of ['miss', 'hit'] as const) {
    log(`${target}, cache ${cache}: ${options.duration} s x ${options.connections} connections`);
    const run = await runLoad({ url: api.url, questions: BENCH_QUESTIONS, duration: options.duration, connections: options.connections, cache, verifyBody: isSuccess });
    results.push({ target, cache, ...run });
  }
  return results;
}

async function main(options: BenchOptions): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nlq-bench-'));
  try {
    const databaseFile = path.join(dir, 'shop.db');
    const stats = generateSampleDatabase(databaseFile, { scale: options.scale });
    log(`sample database scale ${options.scale}: ${stats.totalRows} rows in ${Math.round(stats.millis)} ms`);
    const scenarios: ScenarioResult[] = [];

    // a. offline engine
    const offline = await startApi(databaseFile, path.join(dir, 'offline-state'));
    let sqlByQuestion: Map<string, string>;
    try {
      sqlByQuestion = await prepare(offline, BENCH_QUESTIONS);
      scenarios.push(...(await measureApi('nlq offline', offline, options)));
    } finally {
      await offline.close();
    }

    // b. instant scripted model (OpenAI protocol) returning the offline engine's SQL
    const model = await startInstantModel(sqlByQuestion);
    try {
      const api = await startApi(databaseFile, path.join(dir, 'model-state'), {
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: model.url,
        LLM_API_KEY: 'bench-key',
        LLM_MODEL: 'scripted-model',
      });
      try {
        const modelSql = await prepare(api, BENCH_QUESTIONS);
        for (const [question, sql] of sqlByQuestion) {
          if (modelSql.get(question) !== sql) throw new Error(`the scripted model's SQL differs for "${question}": ${modelSql.get(question)}`);
        }
        scenarios.push(...(await measureApi('nlq scripted model', api, options)));
      } finally {
        await api.close();
      }
    } finally {
      await model.close();
    }

    // c. floor
    const floor = await startFloorServer(databaseFile, sqlByQuestion);
    try {
      log(`floor (fastify + better-sqlite3): ${options.duration} s x ${options.connections} connections`);
      const run = await runLoad({
        url: floor.url,
        questions: BENCH_QUESTIONS,
        duration: options.duration,
        connections: options.connections,
        cache: 'miss',
        verifyBody: (body) => body.startsWith('{"columns":'),
      });
      scenarios.push({ target: 'floor', cache: 'n/a', ...run });
    } finally {
      await floor.close();
    }

    const table = formatBenchTable(scenarios);
    const header = `POST /query, ${options.connections} connections, ${options.duration} s per scenario, scale ${options.scale}, ${os.cpus().length} CPUs, Node ${process.version}`;
    if (options.json) {
      process.stderr.write(`${header}\n${table}\n`);
      const report = {
        machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, platform: process.platform },
        options,
        database: { scale: options.scale, totalRows: stats.totalRows, tables: stats.tables },
        questions: BENCH_QUESTIONS.map((q) => ({ ...q, sql: sqlByQuestion.get(q.question) })),
        scenarios,
      };
      await new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(report, null, 2)}\n`, () => resolve()));
    } else {
      await new Promise<void>((resolve) => process.stdout.write(`${header}\n${table}\n`, () => resolve()));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  let options: BenchOptions;
  try {
    options = parseBenchOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  // 5 runs of `duration`, each ended at most 30 s (autocannon's request timeout) later, plus start-up and warm-up.
  const budgetMs = (5 * (options.duration + 30) + 120) * 1000;
  setTimeout(() => {
    process.stderr.write(`[bench] stopped: still running after ${budgetMs / 1000} s\n`);
    process.exit(2);
  }, budgetMs).unref();
  main(options).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`[bench] failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
