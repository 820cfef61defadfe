/**
 * Schema-linking recall benchmark (`npm run bench:linking -- [--budgets 1000,2000,4000] [--json] [--missed] [--bare-references]`).
 *
 * 1. Introspects every SQLite database of ../shared/eval (its README.md describes the layout) with the project's
 *    driver, merges them into one catalog with a namespace (TableSchema.schema) a database, and links every
 *    question of those sets with `linkSchema(question, catalog, budget)` of @nlq/pipeline at each budget; a
 *    question counts as found when all tables of one of its gold SQL alternatives (parsed with the project's
 *    classifier, node-sql-parser) are in the linked schema. Prints recall, tables kept, estimated tokens and
 *    milliseconds a question, then recall per namespace.
 * 2. Links generated questions over a synthetic 1,000-table catalog (20 namespaces) for speed.
 * Foreign keys of the merged catalog are written `namespace.table` as the PostgreSQL introspector writes references
 * outside the default schema (`--bare-references` keeps SQLite's bare names). --missed lists the ids not found.
 * The questions are only measured, never tuned on. When ../shared/eval is absent, part 1 is skipped with a message.
 */
import { existsSync } from 'node:fs';
import { linkSchema } from '@nlq/pipeline';
import {
  type BenchQuestion,
  defaultSharedEvalDir,
  findDatabases,
  loadQuestions,
  mergedCatalog,
} from './linking-bench-data';
import { formatBudgetTable, formatNamespaceTable, measureBudget, type BudgetResult } from './linking-bench-report';
import { syntheticCatalog, syntheticQuestions } from './linking-bench-synthetic';

interface Options {
  budgets: number[];
  json: boolean;
  missed: boolean;
  evalDir: string;
  bareReferences: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    budgets: [1000, 2000, 4000],
    json: false,
    missed: false,
    evalDir: defaultSharedEvalDir(),
    bareReferences: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') options.json = true;
    else if (arg === '--missed') options.missed = true;
    else if (arg === '--budgets')
      options.budgets = (argv[++i] ?? '')
        .split(',')
        .map(Number)
        .filter((n) => n > 0);
    else if (arg === '--bare-references') options.bareReferences = true;
    else if (arg === '--eval-dir') options.evalDir = argv[++i] ?? options.evalDir;
    else
      throw new Error(
        `unknown option ${arg} (known: --budgets 1000,2000,4000, --json, --missed, --bare-references, --eval-dir DIR)`,
      );
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const out = (text: string) => (options.json ? process.stderr : process.stdout).write(`${text}\n`);
  const report: {
    shared: BudgetResult[] | null;
    synthetic: BudgetResult[];
    sharedTables?: number;
    skippedQuestions?: number;
  } = {
    shared: null,
    synthetic: [],
  };

  if (!existsSync(options.evalDir)) {
    out(
      `[bench:linking] shared evaluation data not found at ${options.evalDir}: skipping the recall benchmark (the synthetic speed run follows).`,
    );
  } else {
    const t0 = Date.now();
    const databases = findDatabases(options.evalDir);
    const catalog = await mergedCatalog(databases, options.bareReferences);
    const all = loadQuestions(options.evalDir, databases);
    const questions: BenchQuestion[] = all.filter((q) => q.goldTables.length > 0);
    report.sharedTables = catalog.tables.length;
    report.skippedQuestions = all.length - questions.length;
    out(
      `Merged shared-eval catalog: ${catalog.tables.length} tables in ${databases.length} namespaces, introspected in ${Date.now() - t0} ms; ` +
        `${questions.length} questions (${all.length - questions.length} left out: no gold SQL parses).`,
    );
    report.shared = options.budgets.map((b) => measureBudget(linkSchema, catalog, questions, b));
    out(formatBudgetTable('\nRecall of gold tables (merged shared-eval catalog):', report.shared));
    out('\nRecall per namespace:');
    out(formatNamespaceTable(report.shared));
    if (options.missed) for (const r of report.shared) out(`\nmissed at ${r.budget}: ${r.missed.join(' ')}`);
  }

  const synthetic = syntheticCatalog(1000);
  const synthQuestions: BenchQuestion[] = syntheticQuestions(synthetic, 200).map((q, i) => ({
    id: `synthetic-${i}`,
    namespace: q.table.schema ?? '',
    question: q.question,
    goldTables: [[q.table.name.toLowerCase()]],
  }));
  report.synthetic = options.budgets.map((b) => measureBudget(linkSchema, synthetic, synthQuestions, b));
  out(
    formatBudgetTable(
      `\nSynthetic catalog (${synthetic.tables.length} tables, 20 namespaces, ${synthQuestions.length} generated questions naming their table):`,
      report.synthetic,
    ),
  );

  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`[bench:linking] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
