/**
 * Fills a state database with a used service's history, to measure nlq on it (no slowdown as history
 * grows):
 *
 *   npm run bench:seed -- --entries 1000000 --out /tmp/state-1m.db        (SQLite file, created or extended)
 *   npm run bench:seed -- --entries 1000000 --state-url postgres://postgres@127.0.0.1:5432/nlq_seed
 *
 * The database is opened through the api's own openStateDataSource, so the committed migrations (tables, indexes)
 * are applied first, exactly as at the api's start. Then --entries history entries go in, in batched multi-row
 * INSERTs, one transaction per --batch rows: many sessions of 500 users (1 to 30 turns each, 80% on the
 * `default` connection, the rest on three others), every question a
 * `query` entry with its trace (ten stage spans, about 1.5 kB of JSON like the pipeline writes), about one in eight
 * followed by `feedback` (three positive of four, ref_id to the query, its question and SQL copied, as
 * recordFeedback does), and a few writes held for approval with their pending_operation rows (approved, rejected,
 * or still pending in a session's last turn). Times run evenly from --days ago to now, in insertion order.
 * Deterministic for a given --seed. Prints what it wrote and how long it took.
 */
import type { DataSource, QueryRunner } from 'typeorm';
import { openStateDataSource, sqliteUrl } from '@nlq/server';
import { Random } from '@nlq/sample-db';

/** Options of the seeding script. */
export interface SeedOptions {
  /** History entries to write (1..10^8). */
  entries: number;
  /** STATE_DATABASE_URL of the database to fill (from --out FILE as sqlite:///abs/FILE, or --state-url). */
  stateUrl: string;
  /** Days the entries' times span, ending now (default 30). */
  days: number;
  /** Rows per transaction (default 5000). */
  batch: number;
  /** Seed of the pseudo-random choices (default 1). */
  seed: number;
}

/** What {@link seedStateDatabase} wrote. */
export interface SeedStats {
  historyEntries: number;
  traces: number;
  feedback: number;
  pendingOperations: number;
  sessions: number;
  millis: number;
}

const USAGE =
  'usage: npm run bench:seed -- --entries n (--out FILE.db | --state-url URL) [--days 30] [--batch 5000] [--seed 1]';

/**
 * Parses `argv` (without node and script); `--name value` or `--name=value`. `--out` is resolved against `cwd`.
 * @throws Error with the usage line for an unknown option, a missing or out-of-range value, or neither/both of
 * --out and --state-url.
 */
export function parseSeedOptions(argv: readonly string[], cwd = process.cwd()): SeedOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s, 2);
    if (!['--entries', '--out', '--state-url', '--days', '--batch', '--seed'].includes(name))
      throw new Error(`unknown option "${argv[i]}"\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.trim() === '') throw new Error(`${name} needs a value\n${USAGE}`);
    values.set(name, value.trim());
  }
  const out = values.get('--out');
  const url = values.get('--state-url');
  if ((out === undefined) === (url === undefined))
    throw new Error(`give exactly one of --out and --state-url\n${USAGE}`);
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = values.get(name);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${name} must be an integer in [${min}, ${max}], got ${raw}\n${USAGE}`);
    return value;
  };
  if (!values.has('--entries')) throw new Error(`--entries is required\n${USAGE}`);
  return {
    entries: integer('--entries', 0, 1, 100_000_000),
    stateUrl: out !== undefined ? sqliteUrl(out.startsWith('/') ? out : `${cwd}/${out}`) : (url as string),
    days: integer('--days', 30, 1, 3650),
    batch: integer('--batch', 5000, 1, 100_000),
    seed: integer('--seed', 1, 0, 2 ** 31 - 1),
  };
}

/**
 * A UUID-shaped id, unique per (kind letter, n), the same length as the pipeline's randomUUID ids and, like them,
 * scattered (a hash of n leads), so the unique indexes on ids grow as in use, not in insertion order.
 */
const uuidOf = (kind: string, n: number) => {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ (h >>> 16);
  return `${(h >>> 0).toString(16).padStart(8, '0')}-${kind.padEnd(4, '0')}-4000-8000-${n.toString(16).padStart(12, '0')}`;
};

const TABLES = ['customers', 'orders', 'products', 'reviews', 'order_items'] as const;
const CITIES = ['Lisbon', 'Porto', 'Berlin', 'Paris', 'Madrid', 'Rome', 'Vienna', 'Oslo', 'Dublin', 'Prague'];
const CATEGORIES = ['books', 'garden', 'toys', 'kitchen', 'sports', 'music', 'tools', 'beauty'];

/** A question and its SQL, varied enough that few-shot examples have thousands of distinct questions to choose from. */
function questionOf(rand: () => number): { question: string; sql: string; write: boolean } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const n = 1 + Math.floor(rand() * 20);
  switch (Math.floor(rand() * 7)) {
    case 0: {
      const t = pick(TABLES);
      return {
        question: `How many ${t.replace('_', ' ')} are there?`,
        sql: `SELECT COUNT(*) AS count FROM ${t}`,
        write: false,
      };
    }
    case 1: {
      const city = pick(CITIES);
      return {
        question: `List the customers from ${city}`,
        sql: `SELECT id, name, email FROM customers WHERE city = '${city}' ORDER BY name LIMIT 1000`,
        write: false,
      };
    }
    case 2: {
      const c = pick(CATEGORIES);
      return {
        question: `Top ${n} ${c} products by revenue`,
        sql: `SELECT p.name, SUM(oi.quantity * oi.unit_price) AS revenue FROM order_items oi JOIN products p ON p.id = oi.product_id WHERE p.category = '${c}' GROUP BY p.name ORDER BY revenue DESC LIMIT ${n}`,
        write: false,
      };
    }
    case 3: {
      const month = 1 + Math.floor(rand() * 12);
      return {
        question: `Orders per status in month ${month} of 2025`,
        sql: `SELECT status, COUNT(*) AS orders FROM orders WHERE strftime('%m', created_at) = '${String(month).padStart(2, '0')}' GROUP BY status`,
        write: false,
      };
    }
    case 4: {
      const c = pick(CATEGORIES);
      return {
        question: `Average rating of ${c} products`,
        sql: `SELECT AVG(r.rating) AS avg_rating FROM reviews r JOIN products p ON p.id = r.product_id WHERE p.category = '${c}'`,
        write: false,
      };
    }
    case 5: {
      const city = pick(CITIES);
      return {
        question: `Which ${city} customers ordered more than ${n} times?`,
        sql: `SELECT c.name, COUNT(*) AS orders FROM customers c JOIN orders o ON o.customer_id = c.id WHERE c.city = '${city}' GROUP BY c.name HAVING COUNT(*) > ${n}`,
        write: false,
      };
    }
    default: {
      if (rand() < 0.3)
        return {
          question: `Delete reviews with rating ${1 + (n % 2)}`,
          sql: `DELETE FROM reviews WHERE rating = ${1 + (n % 2)}`,
          write: true,
        };
      const c = pick(CATEGORIES);
      return {
        question: `Total revenue from ${c} in the last ${n} weeks`,
        sql: `SELECT SUM(oi.quantity * oi.unit_price) AS revenue FROM order_items oi JOIN products p ON p.id = oi.product_id WHERE p.category = '${c}'`,
        write: false,
      };
    }
  }
}

const STAGES = [
  'intake',
  'schema',
  'cache',
  'linking',
  'examples',
  'generate',
  'check',
  'policy',
  'execute',
  'answer',
  'record',
] as const;

/** The spans of a trace, shaped like the pipeline's (stage names, outcomes, small details), starting at `start` ms. */
function spansOf(
  rand: () => number,
  start: number,
  status: string,
  sql: string,
): { spans: unknown[]; durationMs: number } {
  let at = start;
  const spans = STAGES.map((name) => {
    const durationMs =
      Math.round((name === 'generate' || name === 'execute' ? 2 + rand() * 40 : rand() * 1.5) * 1000) / 1000;
    const detail: Record<string, unknown> =
      name === 'schema'
        ? { tables: 5, version: 'v1-3f9a2c', dialect: 'sqlite' }
        : name === 'linking'
          ? {
              tables: ['orders', 'customers', 'products'].slice(0, 1 + Math.floor(rand() * 3)),
              scores: [0.91, 0.42, 0.17],
              method: 'lexical',
            }
          : name === 'examples'
            ? { examples: Math.floor(rand() * 4) }
            : name === 'generate'
              ? { attempt: 1, model: 'offline', sqlChars: sql.length }
              : name === 'execute'
                ? { rows: Math.floor(rand() * 200), truncated: false, engine: 'sqlite' }
                : name === 'record'
                  ? { cached: true }
                  : {};
    const span = {
      name,
      startedAt: new Date(at).toISOString(),
      durationMs,
      outcome: name === 'cache' ? 'miss' : name === 'execute' && status === 'error' ? 'error' : 'ok',
      tokens:
        name === 'generate'
          ? { prompt: 600 + Math.floor(rand() * 900), completion: 20 + Math.floor(rand() * 80) }
          : null,
      error: name === 'execute' && status === 'error' ? 'no such column: revenue' : null,
      detail,
    };
    at += durationMs;
    return span;
  });
  return { spans, durationMs: Math.round((at - start) * 1000) / 1000 };
}

const HISTORY_COLUMNS = [
  'id',
  'kind',
  'session_id',
  'user_id',
  'question',
  'sql',
  'answer',
  'status',
  'error',
  'row_count',
  'rows_affected',
  'signal',
  'rlhf_signal',
  'trace_id',
  'ref_id',
  'connection_id',
  'estimated_rows',
  'created_at',
];
const TRACE_COLUMNS = [
  'id',
  'session_id',
  'user_id',
  'question',
  'sql',
  'status',
  'started_at',
  'duration_ms',
  'error',
  'spans',
];
const PENDING_COLUMNS = [
  'id',
  'session_id',
  'user_id',
  'connection_id',
  'question',
  'sql',
  'kind',
  'state',
  'query_entry_id',
  'estimated_rows',
  'created_at',
  'decided_at',
  'decided_by',
];

/** Rows of the three tables waiting for the next flush. */
interface Pending {
  history: unknown[][];
  traces: unknown[][];
  operations: unknown[][];
}

/** One multi-row INSERT per chunk of rows (at most ~9,000 parameters a statement, under both engines' limits). */
async function insertRows(
  runner: QueryRunner,
  postgres: boolean,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(9000 / columns.length));
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement);
    let n = 0;
    const values = chunk.map(() => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`).join(', ');
    await runner.query(
      `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${values}`,
      chunk.flat(),
    );
  }
}

/**
 * Writes `options.entries` history entries (and their traces, feedback and pending operations, as the file
 * comment describes) into the migrated state database `dataSource`, one transaction per `options.batch` entries.
 * Ids are fixed per position (`uuidOf`), so seeding the same database twice fails on the unique ids.
 * @param now end of the time span (ms since the epoch).
 * @returns counts and the time taken (ms).
 * @throws the driver's error (that batch is rolled back; earlier batches stay).
 */
export async function seedStateDatabase(
  dataSource: DataSource,
  options: Pick<SeedOptions, 'entries' | 'days' | 'batch' | 'seed'>,
  now = Date.now(),
): Promise<SeedStats> {
  const started = performance.now();
  const postgres = dataSource.options.type === 'postgres';
  const random = new Random(options.seed); // mulberry32, deterministic for a seed
  const span = options.days * 86_400_000;
  const run: SeedRun = {
    rand: () => random.next(),
    stats: { historyEntries: 0, traces: 0, feedback: 0, pendingOperations: 0, sessions: 0, millis: 0 },
    pending: { history: [], traces: [], operations: [] },
    turnsLeft: 0,
    session: '',
    user: '',
    connection: 'default',
    lastQuery: null,
  };
  const runner = dataSource.createQueryRunner();
  try {
    while (run.stats.historyEntries < options.entries) {
      const i = run.stats.historyEntries;
      seedTurn(run, i, now - span + Math.floor((span * i) / options.entries));
      // never between a held write and its decision, which updates the operation's row before it is written
      if (run.pending.history.length >= options.batch && !run.lastQuery?.operation)
        await flushPending(runner, postgres, run.pending);
    }
    if (run.pending.history.length > 0) await flushPending(runner, postgres, run.pending);
  } finally {
    await runner.release();
  }
  run.stats.millis = performance.now() - started;
  return run.stats;
}

/** The last query entry of the current session, which the next turn may decide (a held write) or rate. */
interface LastQuery {
  id: string;
  question: string;
  sql: string;
  traceId: string;
  status: string;
  /** The pending_operation row of a held write, updated by its decision before it is written. */
  operation?: unknown[];
}

/** The state of one seeding run: the random source, the counts, the rows not yet written and the current session. */
interface SeedRun {
  rand: () => number;
  stats: SeedStats;
  pending: Pending;
  /** Turns left in the current session (0: a new session starts). */
  turnsLeft: number;
  session: string;
  user: string;
  connection: string;
  lastQuery: LastQuery | null;
}

/** Writes the pending rows of the three tables in one transaction and empties them; rolls back and rethrows on error. */
async function flushPending(runner: QueryRunner, postgres: boolean, pending: Pending): Promise<void> {
  await runner.startTransaction();
  try {
    await insertRows(runner, postgres, 'history_entry', HISTORY_COLUMNS, pending.history);
    await insertRows(runner, postgres, 'trace', TRACE_COLUMNS, pending.traces);
    await insertRows(runner, postgres, 'pending_operation', PENDING_COLUMNS, pending.operations);
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  }
  pending.history = [];
  pending.traces = [];
  pending.operations = [];
}

/**
 * History entry `i` at time `at` (ms): a new session first when the last one has no turns left; then the decision
 * on a write held in the previous turn, feedback on about one in eight answered queries, or else a new query.
 */
function seedTurn(run: SeedRun, i: number, at: number): void {
  const createdAt = new Date(at).toISOString();
  if (run.turnsLeft === 0) {
    run.turnsLeft = 1 + Math.floor(run.rand() * run.rand() * 30);
    run.session = uuidOf('s', run.stats.sessions++);
    run.user = `user-${Math.floor(run.rand() * 500)}`;
    run.connection = run.rand() < 0.8 ? 'default' : `conn-${Math.floor(run.rand() * 3)}`;
    run.lastQuery = null;
  }
  const last = run.lastQuery;
  if (last && last.status === 'pending_approval') pushDecision(run, last, i, createdAt);
  else if (last && last.status === 'ok' && run.rand() < 0.12) pushFeedback(run, last, i, createdAt);
  else pushQuery(run, i, at, createdAt);
  run.stats.historyEntries++;
  run.turnsLeft--;
}

/** The approval (60%) or rejection of the write held in the previous turn, which also decides its operation row. */
function pushDecision(run: SeedRun, last: LastQuery, i: number, createdAt: string): void {
  const approve = run.rand() < 0.6;
  run.pending.history.push([
    uuidOf('h', i),
    approve ? 'approval' : 'rejection',
    run.session,
    run.user,
    last.question,
    last.sql,
    approve ? 'Done: 12 rows changed.' : null,
    approve ? 'approved' : 'rejected',
    null,
    null,
    approve ? 12 : null,
    null,
    null,
    null,
    last.id,
    run.connection,
    null,
    createdAt,
  ]);
  const op = last.operation;
  if (op) {
    op[7] = approve ? 'approved' : 'rejected';
    op[11] = createdAt;
    op[12] = run.user;
  }
  run.lastQuery = null;
}

/** Feedback on the previous answered query (three positive of four), its question, SQL and trace copied. */
function pushFeedback(run: SeedRun, last: LastQuery, i: number, createdAt: string): void {
  const signal = run.rand() < 0.75 ? 'positive' : 'negative';
  run.pending.history.push([
    uuidOf('h', i),
    'feedback',
    run.session,
    run.user,
    last.question,
    last.sql,
    null,
    'ok',
    null,
    null,
    null,
    signal,
    null,
    last.traceId,
    last.id,
    run.connection,
    null,
    createdAt,
  ]);
  run.stats.feedback++;
  run.lastQuery = null;
}

/**
 * A new query entry `i` at `at` (ms): answered (about 95%), failed, or a write held for approval with its
 * pending_operation row (holdWrite); with its trace of stage spans.
 */
function pushQuery(run: SeedRun, i: number, at: number, createdAt: string): void {
  const { rand } = run;
  const { question, sql, write } = questionOf(rand);
  const status = write ? 'pending_approval' : rand() < 0.05 ? 'error' : 'ok';
  const id = uuidOf('h', i);
  const traceId = uuidOf('t', i);
  const error = status === 'error' ? 'no such column: revenue' : null;
  const rows = status === 'ok' ? Math.floor(rand() * 200) : null;
  const answer =
    status === 'ok'
      ? `There are ${rows} rows; the first is shown above.`
      : status === 'pending_approval'
        ? 'This SQL would delete 96 rows, so it was not run: it awaits approval.'
        : null;
  run.pending.history.push([
    id,
    'query',
    run.session,
    run.user,
    question,
    sql,
    answer,
    status,
    error,
    rows,
    null,
    null,
    null,
    traceId,
    null,
    run.connection,
    write ? 96 : null,
    createdAt,
  ]);
  const trace = spansOf(rand, at, status, sql);
  run.pending.traces.push([
    traceId,
    run.session,
    run.user,
    question,
    sql,
    status,
    createdAt,
    trace.durationMs,
    error,
    JSON.stringify(trace.spans),
  ]);
  run.stats.traces++;
  const operation = write ? holdWrite(run, i, id, question, sql, createdAt) : undefined;
  run.lastQuery = { id, question, sql, traceId, status, operation };
}

/**
 * The pending_operation row of the write held by query entry `queryId` (the `i`th entry), still pending when no
 * turn follows; else the next turn decides it (pushDecision). Returns the row, which stays open to that update.
 */
function holdWrite(
  run: SeedRun,
  i: number,
  queryId: string,
  question: string,
  sql: string,
  createdAt: string,
): unknown[] {
  const operation = [
    uuidOf('p', i),
    run.session,
    run.user,
    run.connection,
    question,
    sql,
    'delete',
    'pending',
    queryId,
    96,
    createdAt,
    null,
    null,
  ];
  run.pending.operations.push(operation);
  run.stats.pendingOperations++;
  return operation;
}

/** Opens (and migrates) the state database, seeds it and prints one line of counts and time. */
async function main(options: SeedOptions): Promise<void> {
  const dataSource = await openStateDataSource(options.stateUrl);
  try {
    const stats = await seedStateDatabase(dataSource, options);
    process.stdout.write(
      `seeded ${options.stateUrl}: ${stats.historyEntries} history entries (${stats.feedback} feedback), ${stats.traces} traces, ` +
        `${stats.pendingOperations} pending operations, ${stats.sessions} sessions, in ${(stats.millis / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  let options: SeedOptions;
  try {
    options = parseSeedOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  main(options).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `[seed] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
