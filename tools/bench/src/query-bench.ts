/**
 * POST /query benchmark (`npm run bench -- [--duration 10] [--connections 10] [--scale 1] [--rounds 3] [--state-db FILE] [--policy] [--json]`).
 *
 * Generates the sample shop database (@nlq/sample-db, --scale) in a temporary directory, starts every server
 * below at once, then runs --rounds rounds; a round measures each scenario once, for --duration seconds with
 * --connections connections, on 127.0.0.1 only, the floor first:
 *  a. the real api (createApp, in process) with the offline engine: cache misses (a new user_id per request) and
 *     cache hits (one user whose answers were primed);
 *  b. the same with LLM_PROVIDER=openai against an instant scripted model (in a process of its own, as a real model
 *     server is elsewhere, so its serving is not counted as nlq's) that returns the SQL the offline engine
 *     wrote in (a);
 *  c. the floor: a bare Fastify endpoint running that SQL with better-sqlite3;
 *  d. with --state-db FILE, (a) and (b) again, each on its own copy of that state database (e.g. 10^6 history entries
 *     from `npm run bench:seed`), labelled `used state`, measured in the same rounds as the fresh ones;
 *  e. with --policy, cache misses of (a) and (b) on POST /api/chat with a viewer key under a data policy and with a
 *     key of a role without one (policy-bench.ts), in every round, and the ratio of the two.
 * Prints one line per scenario with the medians over the rounds and the ratio of its requests per second to the
 * floor's of the same round (median over the rounds), as a table (stdout; stderr with --json, when stdout gets
 * the JSON, which also holds every round). Stops by itself: a watchdog ends the
 * process with code 2 if the runs overrun their budget. The load generator (autocannon) runs in a process of its
 * own (load-process.ts), so the servers under test do not share their event loop with it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSampleDatabase } from '@nlq/sample-db';
import { startApi, type ApiTarget } from './api-target';
import { parseBenchOptions, type BenchEngine, type BenchOptions } from './bench-options';
import { BENCH_QUESTIONS, type BenchQuestion } from './bench-questions';
import { formatBenchTable, summarizeRounds, type ScenarioResult } from './bench-report';
import { copySampleDatabase } from './engine-copy';
import { startFloorServer, startServerFloorServer, type FloorServer } from './floor-server';
import { startLoadProcess, type LoadProcess } from './load-process';
import { cacheHitUser, type BodyExpectation } from './load-run';
import { NO_POLICY, POLICY_USER_KEYS, WITH_POLICY, policyRatios, preparePolicy, type PolicyKeys } from './policy-bench';
import { startInstantModelProcess } from './scripted-model';

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

/** Warm-up (one request per question) and cache priming for the cache-hit users (cacheHitUser); returns the SQL per question. */
async function prepare(api: ApiTarget, questions: readonly BenchQuestion[]): Promise<Map<string, string>> {
  const sql = new Map<string, string>();
  for (const q of questions) sql.set(q.question, (await ask(api.url, q.question, 'bench-warmup')).sql);
  for (const [i, q] of questions.entries()) await ask(api.url, q.question, cacheHitUser(i));
  return sql;
}

/** One run of `connections` clients for `duration` seconds against `url`, labelled, by the load generator's process. */
async function measure(
  load: LoadProcess,
  target: string,
  cache: ScenarioResult['cache'],
  url: string,
  options: BenchOptions,
  expect: BodyExpectation,
  apiKey?: string,
): Promise<ScenarioResult> {
  log(`${target}, cache ${cache}: ${options.duration} s x ${options.connections} connections`);
  const run = await load.run({
    url,
    questions: BENCH_QUESTIONS,
    duration: options.duration,
    connections: options.connections,
    cache: cache === 'hit' ? 'hit' : 'miss',
    expect,
    apiKey,
  });
  return { target, cache, ...run };
}

/** One nlq api under test, labelled as the table shows it; with --policy, its viewer and no-policy keys. */
interface LabelledApi {
  target: string;
  api: ApiTarget;
  policyKeys?: PolicyKeys;
}

/** The servers of one engine: the floor and the apis, started once for every round. */
interface EngineSetup {
  engine: BenchEngine;
  floor: FloorServer;
  apis: LabelledApi[];
  sqlByQuestion: Map<string, string>;
}

/**
 * Starts, for one engine (its database at `databaseUrl`), the api with the offline engine, an instant scripted model
 * and the api asking it, and the floor; with `stateDb`, the same two apis again, each on its own copy of that state
 * database (`..., used state` in the table), measured in the same rounds as the fresh ones, so the two compare runs
 * made minutes apart at most. Registers each server's close in `closers`.
 */
async function setupEngine(
  engine: BenchEngine,
  databaseUrl: string,
  dir: string,
  closers: (() => Promise<void>)[],
  stateDb?: string,
  policy = false,
): Promise<EngineSetup> {
  const env = { QUERY_DATABASE_URL: databaseUrl, ...(policy ? { USER_API_KEYS: POLICY_USER_KEYS } : {}) };
  let apiCount = 0;
  // each api keeps its state in a directory of its own; `used`: DATA_DIR/state.db starts as a copy of stateDb
  const stateDir = (used: boolean) => {
    const dataDir = path.join(dir, `${engine}-api-${apiCount++}-state`);
    if (used && stateDb) {
      mkdirSync(dataDir, { recursive: true });
      copyFileSync(stateDb, path.join(dataDir, 'state.db'));
    }
    return dataDir;
  };
  const start = async (used: boolean, extra: Record<string, string> = {}) => {
    const api = await startApi(databaseUrl, stateDir(used), { ...env, ...extra });
    closers.push(() => api.close());
    return api;
  };
  // a. offline engine
  const offline = await start(false);
  const sqlByQuestion = await prepare(offline, BENCH_QUESTIONS);
  // b. instant scripted model (OpenAI protocol, own process) returning the offline engine's SQL
  const model = await startInstantModelProcess(sqlByQuestion);
  closers.push(() => model.close());
  const modelEnv = {
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: model.url,
    LLM_API_KEY: 'bench-key',
    LLM_MODEL: 'scripted-model',
  };
  const modelApi = await start(false, modelEnv);
  const checkModelSql = async (api: ApiTarget) => {
    const modelSql = await prepare(api, BENCH_QUESTIONS);
    for (const [question, sql] of sqlByQuestion) {
      if (modelSql.get(question) !== sql)
        throw new Error(`the scripted model's SQL differs for "${question}" (${engine}): ${modelSql.get(question)}`);
    }
  };
  await checkModelSql(modelApi);
  const apis: LabelledApi[] = [
    { target: 'nlq scripted model', api: modelApi },
    { target: 'nlq offline', api: offline },
  ];
  if (policy) for (const labelled of apis) labelled.policyKeys = await preparePolicy(labelled.api.url, BENCH_QUESTIONS);
  if (stateDb) {
    log(`copying ${stateDb} for the used-state apis`);
    const usedModel = await start(true, modelEnv);
    await checkModelSql(usedModel);
    const usedOffline = await start(true);
    await prepare(usedOffline, BENCH_QUESTIONS);
    apis.push(
      { target: 'nlq scripted model, used state', api: usedModel },
      { target: 'nlq offline, used state', api: usedOffline },
    );
  }
  // c. floor
  const floor =
    engine === 'sqlite'
      ? await startFloorServer(sqlitePathOf(databaseUrl), sqlByQuestion)
      : await startServerFloorServer(databaseUrl, sqlByQuestion);
  closers.push(() => floor.close());
  return { engine, floor, apis, sqlByQuestion };
}

const sqlitePathOf = (url: string) => url.replace(/^sqlite:\/\//, '');

/**
 * Rounds: every scenario once per round, each engine's floor first, so each ratio compares runs made close together;
 * with --policy, each api's /api/chat runs without and with the data policy after its /query runs. Answers each
 * engine's rounds.
 */
async function measureRounds(
  setups: readonly EngineSetup[],
  load: LoadProcess,
  options: BenchOptions,
): Promise<Map<BenchEngine, ScenarioResult[][]>> {
  const roundsByEngine = new Map<BenchEngine, ScenarioResult[][]>(setups.map((s) => [s.engine, []]));
  for (let r = 1; r <= options.rounds; r++) {
    log(`round ${r} of ${options.rounds}`);
    for (const setup of setups) {
      const label = (target: string) => `${target} (${setup.engine})`;
      const round: ScenarioResult[] = [await measure(load, label('floor'), 'n/a', setup.floor.url, options, 'columns')];
      for (const { target, api, policyKeys } of setup.apis) {
        for (const cache of ['miss', 'hit'] as const)
          round.push(await measure(load, label(target), cache, api.url, options, 'success'));
        if (!policyKeys) continue;
        const chat = (suffix: string, key: string) =>
          measure(load, label(`${target}, ${suffix}`), 'miss', api.url, options, 'success', key);
        round.push(await chat(NO_POLICY, policyKeys.open), await chat(WITH_POLICY, policyKeys.viewer));
      }
      roundsByEngine.get(setup.engine)!.push(round);
    }
  }
  return roundsByEngine;
}

async function main(options: BenchOptions): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nlq-bench-'));
  const closers: (() => Promise<void>)[] = [];
  try {
    const databaseFile = path.join(dir, 'shop.db');
    const stats = generateSampleDatabase(databaseFile, { scale: options.scale });
    log(`sample database scale ${options.scale}: ${stats.totalRows} rows in ${Math.round(stats.millis)} ms`);

    const setups: EngineSetup[] = [];
    for (const engine of options.engines) {
      let url = `sqlite://${databaseFile}`;
      if (engine !== 'sqlite') {
        const copy = await copySampleDatabase(databaseFile, engine);
        closers.push(() => copy.drop());
        url = copy.url;
        log(`sample database copied to ${engine}`);
      }
      setups.push(await setupEngine(engine, url, dir, closers, options.stateDb, options.policy));
    }

    const load = startLoadProcess();
    closers.push(() => load.close());
    const roundsByEngine = await measureRounds(setups, load, options);
    const rounds = [...roundsByEngine.values()].flat();
    const scenarios = [...roundsByEngine].flatMap(([engine, engineRounds]) =>
      summarizeRounds(engineRounds, `floor (${engine})`),
    );

    const ratios = policyRatios(rounds);
    const policyLines = [...ratios].map(
      ([target, ratio]) => `with a data policy / without, cache miss on /api/chat: ${target} ${ratio.toFixed(2)}x`,
    );
    const table = [formatBenchTable(scenarios), ...policyLines].join('\n');
    const header =
      `POST /query, ${options.connections} connections, ${options.duration} s per scenario, median of ${options.rounds} round(s), ` +
      `scale ${options.scale}, ${os.cpus().length} CPUs, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`;
    if (options.json) {
      process.stderr.write(`${header}\n${table}\n`);
      const report = {
        machine: {
          node: process.version,
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model ?? null,
          platform: process.platform,
          loadAverage: os.loadavg(),
        },
        options,
        database: { scale: options.scale, totalRows: stats.totalRows, tables: stats.tables },
        questions: BENCH_QUESTIONS.map((q) => ({
          ...q,
          sql: Object.fromEntries(setups.map((e) => [e.engine, e.sqlByQuestion.get(q.question)])),
        })),
        scenarios,
        rounds,
        ...(options.policy ? { policyRatios: Object.fromEntries(ratios) } : {}),
      };
      await new Promise<void>((resolve) =>
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`, () => resolve()),
      );
    } else {
      await new Promise<void>((resolve) => process.stdout.write(`${header}\n${table}\n`, () => resolve()));
    }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
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
  // 5 runs (9 with --state-db, 4 more with --policy) of `duration` a round, each ended at most 30 s (autocannon's request timeout) later, plus start-up.
  const budgetMs =
    (((options.stateDb ? 9 : 5) + (options.policy ? 4 : 0)) *
      options.rounds *
      options.engines.length *
      (options.duration + 30) +
      (options.stateDb ? 420 : 120) * options.engines.length) *
    1000;
  setTimeout(() => {
    process.stderr.write(`[bench] stopped: still running after ${budgetMs / 1000} s\n`);
    process.exit(2);
  }, budgetMs).unref();
  main(options).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
