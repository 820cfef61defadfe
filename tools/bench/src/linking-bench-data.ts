/**
 * Data of the schema-linking benchmark: every SQLite database of the shared evaluation data (../shared/eval,
 * described by its README.md) introspected with the project's driver and merged into one catalog, one namespace
 * (TableSchema.schema) a database, and every question of those sets with the tables its gold SQL reads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { classifySql, createDriver, schemaVersion } from '@nlq/db-drivers';

/** One database of the shared data: where its file is and the namespace it gets in the merged catalog. */
export interface BenchDatabase {
  /** Namespace in the merged catalog: the database name, prefixed by its collection when two share a name. */
  namespace: string;
  /** Absolute path of the SQLite file. */
  file: string;
}

/** One question with the tables its gold SQL reads: any one alternative's tables all kept counts as found. */
export interface BenchQuestion {
  id: string;
  /** Namespace of the question's database in the merged catalog. */
  namespace: string;
  question: string;
  /** Per gold alternative, the tables it reads (lower case, without namespace); alternatives that fail to parse are left out. */
  goldTables: string[][];
}

/** Where the shared data lives when the benchmark runs from the repository: `<repo>/../shared/eval`. */
export function defaultSharedEvalDir(): string {
  return path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'eval');
}

/** The SQLite databases under `evalDir` (chinook_nss, defog, text2sql_data), each with a unique namespace. */
export function findDatabases(evalDir: string): BenchDatabase[] {
  const found: Array<{ collection: string; db: string; file: string }> = [];
  const collections: Array<[string, string]> = [
    ['chinook_nss', 'chinook'],
    ['text2sql_data', 'text2sql'],
    ['defog', 'defog'],
  ];
  for (const [dir, collection] of collections) {
    const root = path.join(evalDir, dir, 'database');
    if (!existsSync(root)) continue;
    for (const db of listDirs(root)) {
      const file = path.join(root, db, `${db}.sqlite`);
      if (existsSync(file)) found.push({ collection, db, file });
    }
  }
  const count = new Map<string, number>();
  for (const f of found) count.set(f.db, (count.get(f.db) ?? 0) + 1);
  return found.map((f) => ({ namespace: count.get(f.db)! > 1 ? `${f.collection}_${f.db}` : f.db, file: f.file }));
}

function listDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/**
 * Introspects every database with the project's SQLite driver (sample values included, as the service does) and
 * merges the tables into one catalog, each table's `schema` set to its database's namespace. Foreign keys are
 * written `namespace.table`, as the PostgreSQL and information_schema introspectors write references to tables
 * outside the default schema; with `bareReferences` they keep SQLite's bare names.
 */
export async function mergedCatalog(
  databases: readonly BenchDatabase[],
  bareReferences = false,
): Promise<DatabaseSchema> {
  const tables: TableSchema[] = [];
  for (const db of databases) {
    const driver = createDriver(`sqlite://${db.file}`);
    try {
      const schema = await driver.introspect();
      for (const t of schema.tables) {
        const foreignKeys = bareReferences
          ? t.foreignKeys
          : t.foreignKeys.map((fk) => ({ ...fk, referencedTable: `${db.namespace}.${fk.referencedTable}` }));
        tables.push({ ...t, schema: db.namespace, foreignKeys });
      }
    } finally {
      await driver.close();
    }
  }
  return { dialect: 'sqlite', tables, introspectedAt: new Date().toISOString(), version: schemaVersion(tables) };
}

/** Tables read by one gold statement, lower case, from the project's classifier (node-sql-parser); null when it fails to parse. */
export function goldTablesOf(sql: string): string[] | null {
  const c = classifySql(sql.trim().replace(/;\s*$/, ''), 'sqlite');
  if (c.kind === 'refused' || c.tables.length === 0) return null;
  return c.tables.map((t) => t.toLowerCase());
}

interface JsonQuestion {
  id: string;
  question: string;
  gold_sql: string[];
}

/**
 * Every question of the shared sets with its gold tables: chinook (27), GeoQuery (877), Restaurants (378), defog
 * questions_gen_sqlite (210), instruct_basic_sqlite (40) and instruct_advanced_sqlite (64; the question text
 * only, without its instructions). defog's `query` holds `;`-separated alternatives. idk.csv is left out: its gold
 * SQL is a fixed "cannot answer" SELECT that reads no table. Questions whose gold SQL all fails to parse are
 * returned with `goldTables` empty (the caller reports them).
 */
export function loadQuestions(evalDir: string, databases: readonly BenchDatabase[]): BenchQuestion[] {
  const namespaceOf = (collection: string, db: string): string => {
    const suffix = `${path.sep}${db}${path.sep}${db}.sqlite`;
    const hit = databases.find(
      (d) => d.file.includes(`${path.sep}${collection}${path.sep}`) && d.file.endsWith(suffix),
    );
    if (!hit) throw new Error(`no database ${collection}/${db} under ${evalDir}`);
    return hit.namespace;
  };
  const alternatives = (sqls: string[]) => sqls.map(goldTablesOf).filter((t): t is string[] => t !== null);
  const out: BenchQuestion[] = [];
  const json = (file: string, collection: string, db: string) => {
    if (!existsSync(file)) return;
    for (const q of JSON.parse(readFileSync(file, 'utf8')) as JsonQuestion[]) {
      out.push({
        id: q.id,
        namespace: namespaceOf(collection, db),
        question: q.question,
        goldTables: alternatives(q.gold_sql),
      });
    }
  };
  json(path.join(evalDir, 'chinook_nss', 'chinook_questions.json'), 'chinook_nss', 'chinook');
  json(path.join(evalDir, 'text2sql_data', 'geography_questions.json'), 'text2sql_data', 'geography');
  json(path.join(evalDir, 'text2sql_data', 'restaurants_questions.json'), 'text2sql_data', 'restaurants');
  for (const name of ['questions_gen_sqlite', 'instruct_basic_sqlite', 'instruct_advanced_sqlite']) {
    const file = path.join(evalDir, 'defog', 'questions', `${name}.csv`);
    if (!existsSync(file)) continue;
    const rows = parseCsv(readFileSync(file, 'utf8'), {
      columns: true,
      skip_empty_lines: true,
      relax_quotes: true,
    }) as Array<Record<string, string>>;
    rows.forEach((row, k) => {
      out.push({
        id: `defog-${name}-${k}`,
        namespace: namespaceOf('defog', row.db_name),
        question: row.question,
        goldTables: alternatives(splitAlternatives(row.query)),
      });
    });
  }
  return out;
}

/** defog sql-eval's `query` field: alternatives separated by `;` outside quotes (shared/eval/README.md). */
export function splitAlternatives(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null;
      current += c;
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
      current += c;
    } else if (c === ';') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}
