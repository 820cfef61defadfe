import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsvObjects } from './csv-reader';
import { splitGoldAlternatives } from './gold-sql';

/** The evaluation sets the runner knows. */
export const EVAL_SETS = ['chinook', 'geography', 'restaurants', 'defog'] as const;
export type EvalSetName = (typeof EVAL_SETS)[number];

/** One question with its database and gold SQL alternatives (any of them may match). */
export interface EvalItem {
  id: string;
  /** Database name; also the pipeline's connection id. */
  db: string;
  /** Absolute path of the SQLite file. */
  dbFile: string;
  question: string;
  goldSql: string[];
}

/** Where the shared evaluation data lives: `<repo>/../shared/eval`, i.e. /work/shared/eval for /work/main. */
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
 * gold alternatives).
 * @throws Error naming the missing file when the data is absent
 */
export function loadEvalSet(set: EvalSetName, evalDir: string = defaultEvalDir()): EvalItem[] {
  const need = (...parts: string[]) => {
    const file = path.join(evalDir, ...parts);
    if (!existsSync(file)) throw new Error(`evaluation data not found: ${file} (expected the shared data set in ${evalDir})`);
    return file;
  };
  switch (set) {
    case 'chinook':
      return readJsonSet(path.join(evalDir, 'chinook_nss'), 'chinook_questions.json', need('chinook_nss', 'database', 'chinook', 'chinook.sqlite'));
    case 'geography':
    case 'restaurants':
      need('text2sql_data', `${set}_questions.json`);
      return readJsonSet(path.join(evalDir, 'text2sql_data'), `${set}_questions.json`, need('text2sql_data', 'database', set, `${set}.sqlite`));
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
  }
}

/** `limit` items spread evenly over the set (every (total/limit)-th, starting with the first); all when limit >= total. */
export function spreadSample<T>(items: readonly T[], limit: number | null): T[] {
  if (limit === null || limit >= items.length) return [...items];
  return Array.from({ length: limit }, (_, k) => items[Math.floor((k * items.length) / limit)]);
}
