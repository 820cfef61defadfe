import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import type { DatabaseSchema, ReadResult } from '@nlq/contracts';
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import type { LlmProvider } from '@nlq/llm-providers';
import {
  DEFAULT_PIPELINE_CONFIG,
  InMemoryEventBus,
  QueryPipeline,
  resultsMatch,
  sqlHasOrderBy,
  type PipelineConfig,
  type TargetResolver,
} from '@nlq/pipeline';
import { InMemoryStateStore } from '@nlq/pipeline/testing';
import type { EvalItem } from './eval-data';
import { rewriteDoubleQuotedLiterals } from './gold-sql';
import { definitionsFor, type EvalKnowledge } from './knowledge-file';

/** How one question ended. */
export interface ItemOutcome {
  id: string;
  db: string;
  question: string;
  /** correct: matched a gold alternative; wrong: answered but no match; refused: success false; gold-error: no gold alternative ran. */
  verdict: 'correct' | 'wrong' | 'refused' | 'gold-error';
  sql: string;
  /** The pipeline's error (refused) or the gold error. */
  error: string | null;
  ms: number;
}

/** Figures of one set. accuracy = correct / total (execution accuracy); precision = correct / answered. */
export interface SetReport {
  set: string;
  total: number;
  answered: number;
  refused: number;
  correct: number;
  /** Answered questions whose gold SQL failed on every alternative (counted as answered and not correct). */
  goldErrors: number;
  accuracy: number;
  precision: number;
  seconds: number;
  items: ItemOutcome[];
}

/** Limits of the evaluation pipeline: rows are not cut short in practice; 60 s per statement as the test-suite. */
export const EVAL_PIPELINE_CONFIG: Readonly<PipelineConfig> = Object.freeze({
  ...DEFAULT_PIPELINE_CONFIG,
  maxResultRows: 100_000,
  statementTimeoutMs: 60_000,
});

const READ_LIMITS = { maxRows: EVAL_PIPELINE_CONFIG.maxResultRows, timeoutMs: EVAL_PIPELINE_CONFIG.statementTimeoutMs };

/** Every table and column name of the schema, lower case (the identifiers of rewriteDoubleQuotedLiterals). */
function schemaNames(driverSchema: Awaited<ReturnType<DatabaseDriver['introspect']>>): Set<string> {
  const names = new Set<string>();
  for (const table of driverSchema.tables) {
    names.add(table.name.toLowerCase());
    for (const column of table.columns) names.add(column.name.toLowerCase());
  }
  return names;
}

/** One open database of an evaluation run: its driver, engine and table and column names (lower case). */
export interface EvalDatabase {
  driver: DatabaseDriver;
  /** The introspected schema. */
  schema: DatabaseSchema;
  names: Set<string>;
  engine: 'sqlite' | 'postgresql';
}

/** The local PostgreSQL server of the development machines (STACK-NOTES.md), for the defog-postgres set. */
const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres' };

/**
 * Loads a PostgreSQL dump (defog-data's `<db>.sql`) into a new database of the local server and returns its URL
 * and a function that drops it.
 * @throws Error naming the server when it cannot be reached
 */
async function loadPostgresDump(db: string, dumpFile: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `nlq_eval_${db.replace(/\W/g, '_').toLowerCase()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ ...POSTGRES, database: 'postgres', connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES.host}:${POSTGRES.port} (${error instanceof Error ? error.message : String(error)}): the defog-postgres set needs it`,
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const loader = new Client({ ...POSTGRES, database: name });
  await loader.connect();
  try {
    await loader.query(readFileSync(dumpFile, 'utf8'));
  } finally {
    await loader.end();
  }
  return {
    url: `postgres://${POSTGRES.user}@${POSTGRES.host}:${POSTGRES.port}/${name}`,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A QueryPipeline over the evaluation databases, opened on first use; `close` closes every driver. */
export interface EvalHarness {
  pipeline: QueryPipeline;
  open(item: EvalItem): Promise<EvalDatabase>;
  close(): Promise<void>;
}

/**
 * Opens the database of an item with a real driver (connected, introspected): the SQLite file, or the PostgreSQL
 * dump loaded into a new database of the local server. `drop` removes that database again (a no-op for SQLite);
 * close the driver first.
 */
export async function openEvalDatabase(item: EvalItem): Promise<{ database: EvalDatabase; drop: () => Promise<void> }> {
  const engine = item.engine ?? 'sqlite';
  let url = `sqlite://${item.dbFile}`;
  let drop = async (): Promise<void> => undefined;
  if (engine === 'postgresql') {
    const loaded = await loadPostgresDump(item.db, item.dbFile);
    drop = loaded.drop;
    url = loaded.url;
  }
  const driver = createDriver(url);
  await driver.connect();
  const schema = await driver.introspect();
  return { database: { driver, schema, names: schemaNames(schema), engine }, drop };
}

/**
 * A real QueryPipeline (InMemoryStateStore, in-memory event bus, EVAL_PIPELINE_CONFIG, the given provider) whose
 * connection ids are the items' database names, each one real driver opened on first use: the SQLite file, or for
 * PostgreSQL items the dump loaded into a new database of the local server (dropped again by `close`). The
 * definitions of `knowledge` for a database are checked against its schema and stored when it opens.
 * @throws (from `open`) Error when a definition does not hold on its database
 */
export function createEvalHarness(provider: LlmProvider, knowledge?: EvalKnowledge): EvalHarness {
  const drivers = new Map<string, EvalDatabase>();
  const store = new InMemoryStateStore();
  const drops: Array<() => Promise<void>> = [];
  const open = async (item: EvalItem) => {
    let entry = drivers.get(item.db);
    if (!entry) {
      const opened = await openEvalDatabase(item);
      entry = opened.database;
      drops.push(opened.drop);
      store.definitions.push(...definitionsFor(knowledge, item.db, entry.schema));
      drivers.set(item.db, entry);
    }
    return entry;
  };
  const targets: TargetResolver = {
    connection: async (id) => {
      const entry = id ? drivers.get(id) : undefined;
      if (!entry || !id) throw new Error(`unknown evaluation database "${id}"`);
      return { connectionId: id, driver: entry.driver };
    },
    provider: async () => provider,
  };
  const pipeline = new QueryPipeline({
    targets,
    store,
    config: { ...EVAL_PIPELINE_CONFIG },
    audit: { audit: () => undefined },
    events: new InMemoryEventBus(),
  });
  return {
    pipeline,
    open,
    close: async () => {
      for (const { driver } of drivers.values()) await driver.close();
      for (const drop of drops) await drop();
    },
  };
}

/**
 * Runs one SQL text directly on the database, as the sqlite3 shell would (double-quoted literals read by
 * rewriteDoubleQuotedLiterals, SQLite's legacy DQS rule; PostgreSQL text as it is): the rows, or the error message.
 */
export async function runDirect(
  db: EvalDatabase,
  sql: string,
): Promise<{ ok: true; result: ReadResult } | { ok: false; error: string }> {
  try {
    const text = db.engine === 'sqlite' ? rewriteDoubleQuotedLiterals(sql, db.names) : sql;
    return { ok: true, result: await db.driver.runRead(text, READ_LIMITS) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Asks every item through a real QueryPipeline (createEvalHarness, each question in its own session) and scores
 * it against the gold SQL run on the same driver: correct when the pipeline's rows match any gold alternative
 * under Spider test-suite EX (@nlq/pipeline benchmarks/result-comparison.ts). Gold SQL first goes through rewriteDoubleQuotedLiterals.
 * Sequential: one question at a time. `onItem` sees each outcome as it is decided; `knowledge` gives the databases
 * their business definitions (knowledge-file.ts).
 */
export async function runEvalSet(
  set: string,
  items: readonly EvalItem[],
  provider: LlmProvider,
  onItem?: (o: ItemOutcome) => void,
  knowledge?: EvalKnowledge,
): Promise<SetReport> {
  const started = performance.now();
  const { pipeline, open, close } = createEvalHarness(provider, knowledge);
  const outcomes: ItemOutcome[] = [];
  try {
    for (const [k, item] of items.entries()) {
      const t0 = performance.now();
      const { driver, names } = await open(item);
      const sessionId = `eval-${set}-${k}`;
      for (const earlier of item.context ?? [])
        await pipeline.ask({ question: earlier, sessionId, userId: 'eval', connectionId: item.db });
      const out = await pipeline.ask({ question: item.question, sessionId, userId: 'eval', connectionId: item.db });
      const base = { id: item.id, db: item.db, question: item.question, sql: out.sql };
      let outcome: ItemOutcome;
      if (!out.success) {
        outcome = { ...base, verdict: 'refused', error: out.error, ms: 0 };
      } else {
        const predicted: ReadResult | null = out.kind === 'read' ? out.result : null;
        let matched = false;
        let goldError: string | null = null;
        let goldRan = false;
        for (const gold of item.goldSql) {
          let goldResult: ReadResult;
          try {
            goldResult = await driver.runRead(rewriteDoubleQuotedLiterals(gold, names), READ_LIMITS);
          } catch (error) {
            goldError = error instanceof Error ? error.message : String(error);
            continue;
          }
          goldRan = true;
          if (predicted && resultsMatch(goldResult, predicted, sqlHasOrderBy(gold))) {
            matched = true;
            break;
          }
        }
        outcome = matched
          ? { ...base, verdict: 'correct', error: null, ms: 0 }
          : goldRan
            ? { ...base, verdict: 'wrong', error: null, ms: 0 }
            : { ...base, verdict: 'gold-error', error: goldError, ms: 0 };
      }
      outcome.ms = Math.round(performance.now() - t0);
      outcomes.push(outcome);
      onItem?.(outcome);
    }
  } finally {
    await close();
  }
  const count = (v: ItemOutcome['verdict']) => outcomes.filter((o) => o.verdict === v).length;
  const total = outcomes.length;
  const refused = count('refused');
  const correct = count('correct');
  const answered = total - refused;
  return {
    set,
    total,
    answered,
    refused,
    correct,
    goldErrors: count('gold-error'),
    accuracy: total ? correct / total : 0,
    precision: answered ? correct / answered : 0,
    seconds: (performance.now() - started) / 1000,
    items: outcomes,
  };
}
