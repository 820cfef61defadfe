import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSampleDatabase } from '@nlq/sample-db';
import { crypticGoldSql, crypticShopDatabase } from './cryptic-shop';
import { SHOP_QUESTIONS } from './shop-questions';
import { parseCsvObjects } from '@nlq/pipeline';
import { expandBraceAlternatives, splitGoldAlternatives } from './gold-sql';

/** The evaluation sets of `--set all` (SQLite files, no server needed). */
export const EVAL_SETS = ['chinook', 'geography', 'restaurants', 'defog'] as const;
/**
 * Sets named explicitly only: `defog-postgres` is defog sql-eval's PostgreSQL question file over its PostgreSQL
 * dumps, loaded into throw-away databases of the local server (127.0.0.1:5432, user postgres); `shop` is a shop
 * manager's first 30 questions on nlq's own sample database (shop-questions.ts), generated into a temporary file;
 * `shop-cryptic` the same questions on a copy whose meaningful columns have cryptic names (cryptic-shop.ts).
 */
export const EXTRA_EVAL_SETS = ['defog-postgres', 'shop', 'shop-cryptic'] as const;
export type EvalSetName = (typeof EVAL_SETS)[number] | (typeof EXTRA_EVAL_SETS)[number];

/** One question with its database and gold SQL alternatives (any of them may match). */
export interface EvalItem {
  id: string;
  /** Database name; also the pipeline's connection id. */
  db: string;
  /** Absolute path of the SQLite file, or of the PostgreSQL dump when `engine` is postgresql. */
  dbFile: string;
  /** Where the database lives; sqlite when absent. */
  engine?: 'sqlite' | 'postgresql';
  question: string;
  goldSql: string[];
  /** Earlier questions asked first in the same session (a follow-up's context); none when absent. */
  context?: string[];
}

/** Where the shared evaluation data lives: `<repo>/../shared/eval`. */
export function defaultEvalDir(): string {
  return path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'eval');
}

interface JsonQuestion {
  id: string;
  db_id: string;
  question: string;
  gold_sql: string[];
}

function readJsonSet(dir: string, file: string, dbFile: string): EvalItem[] {
  const items = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as JsonQuestion[];
  return items.map((q) => ({ id: q.id, db: q.db_id, dbFile, question: q.question, goldSql: q.gold_sql }));
}

/**
 * Loads a set from `evalDir` (README.md there describes the files):
 * chinook: chinook_nss/chinook_questions.json (27); geography, restaurants: text2sql_data/<set>_questions.json
 * (877, 378); defog: defog/questions/questions_gen_sqlite.csv (210 questions over 11 databases, `;`-separated
 * gold alternatives); defog-postgres: defog/questions/questions_gen_postgres.csv over defog/defog_data/<db>/<db>.sql
 * (`{a, b}` column choices expanded by expandBraceAlternatives).
 * @throws Error naming the missing file when the data is absent
 */
export function loadEvalSet(set: EvalSetName, evalDir: string = defaultEvalDir()): EvalItem[] {
  const need = (...parts: string[]) => {
    const file = path.join(evalDir, ...parts);
    if (!existsSync(file))
      throw new Error(`evaluation data not found: ${file} (expected the shared data set in ${evalDir})`);
    return file;
  };
  switch (set) {
    case 'chinook':
      return readJsonSet(
        path.join(evalDir, 'chinook_nss'),
        'chinook_questions.json',
        need('chinook_nss', 'database', 'chinook', 'chinook.sqlite'),
      );
    case 'geography':
    case 'restaurants':
      need('text2sql_data', `${set}_questions.json`);
      return readJsonSet(
        path.join(evalDir, 'text2sql_data'),
        `${set}_questions.json`,
        need('text2sql_data', 'database', set, `${set}.sqlite`),
      );
    case 'defog': {
      const rows = parseCsvObjects(readFileSync(need('defog', 'questions', 'questions_gen_sqlite.csv'), 'utf8'));
      return rows.map((row, k) => ({
        id: `defog-${row.db_name}-${k}`,
        db: row.db_name,
        dbFile: need('defog', 'database', row.db_name, `${row.db_name}.sqlite`),
        question: row.question,
        goldSql: splitGoldAlternatives(row.query),
      }));
    }
    case 'defog-postgres': {
      const rows = parseCsvObjects(readFileSync(need('defog', 'questions', 'questions_gen_postgres.csv'), 'utf8'));
      return rows.map((row, k) => ({
        id: `defog-pg-${row.db_name}-${k}`,
        db: row.db_name,
        dbFile: need('defog', 'defog_data', row.db_name, `${row.db_name}.sql`),
        engine: 'postgresql' as const,
        question: row.question,
        goldSql: splitGoldAlternatives(row.query).flatMap(expandBraceAlternatives),
      }));
    }
    case 'shop':
    case 'shop-cryptic': {
      const cryptic = set === 'shop-cryptic';
      const dbFile = cryptic ? crypticShopDatabase(shopDatabase()) : shopDatabase();
      return SHOP_QUESTIONS.map((q, k) => ({
        id: `${set}-${k + 1}`,
        db: set,
        dbFile,
        question: q.question,
        goldSql: cryptic ? q.goldSql.map(crypticGoldSql) : q.goldSql,
        ...(q.context ? { context: q.context } : {}),
      }));
    }
  }
}

/** The sample shop database of the `shop` set (seed 42, scale 1, history ending 2026-01-01), generated once into the temp directory. */
function shopDatabase(): string {
  const file = path.join(os.tmpdir(), 'nlq-eval-shop-42-2026-01-01.db');
  if (!existsSync(file)) generateSampleDatabase(file, { seed: 42, scale: 1, today: new Date('2026-01-01T00:00:00Z') });
  return file;
}

/** `limit` items spread evenly over the set (every (total/limit)-th, starting with the first); all when limit >= total. */
export function spreadSample<T>(items: readonly T[], limit: number | null): T[] {
  if (limit === null || limit >= items.length) return [...items];
  return Array.from({ length: limit }, (_, k) => items[Math.floor((k * items.length) / limit)]);
}
