/**
 * Measurement and report of the schema-linking benchmark: recall of the gold tables in the linked schema, tables
 * kept, estimated prompt tokens and milliseconds a question, per prompt budget.
 */
import { performance } from 'node:perf_hooks';
import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import type { LinkedSchema } from '@nlq/pipeline';
import type { BenchQuestion } from './linking-bench-data';

/** The entry point measured: `linkSchema(question, schema, budgetTokens)` of @nlq/pipeline. */
export type LinkFunction = (question: string, schema: DatabaseSchema, budgetTokens: number) => LinkedSchema;

/** Figures of one budget. Times are wall-clock milliseconds of one linkSchema call. */
export interface BudgetResult {
  budget: number;
  questions: number;
  /** Questions for which every gold table of some gold alternative was kept. */
  found: number;
  /** found / questions, 0..1. */
  recall: number;
  /** Mean tables kept a question. */
  tablesKept: number;
  /** Mean estimated tokens of the kept schema a question (the linker's own estimate). */
  tokens: number;
  /** Time of the first call (includes building any per-schema index) and mean / median / 95th percentile / max of the rest. */
  firstMs: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Recall per namespace of the question's database, 0..1, with the question count. */
  byNamespace: Record<string, { questions: number; recall: number }>;
  /** Ids of the questions whose gold tables were not all kept (for inspection; never used to tune). */
  missed: string[];
}

/** `namespace.table` in lower case: the identity of a table in the merged catalog. */
export function tableIdentity(table: Pick<TableSchema, 'schema' | 'name'>): string {
  return `${(table.schema ?? '').toLowerCase()}.${table.name.toLowerCase()}`;
}

/** True when every table of at least one gold alternative of `q` is in `kept` (identities from tableIdentity). */
export function goldKept(q: BenchQuestion, kept: ReadonlySet<string>): boolean {
  return q.goldTables.some((alt) => alt.every((t) => kept.has(`${q.namespace.toLowerCase()}.${t}`)));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Links every question (those with parsed gold tables) at `budget` with a fresh copy of the schema object (so a
 * cache keyed on the object starts cold for the first call) and scores it. Questions are only measured.
 */
export function measureBudget(
  link: LinkFunction,
  schema: DatabaseSchema,
  questions: readonly BenchQuestion[],
  budget: number,
): BudgetResult {
  const fresh: DatabaseSchema = { ...schema, tables: [...schema.tables] };
  const times: number[] = [];
  let found = 0;
  let kept = 0;
  let tokens = 0;
  const missed: string[] = [];
  const perNs = new Map<string, { questions: number; found: number }>();
  for (const q of questions) {
    const t0 = performance.now();
    const linked = link(q.question, fresh, budget);
    times.push(performance.now() - t0);
    const keptSet = new Set(linked.schema.tables.map(tableIdentity));
    const ok = goldKept(q, keptSet);
    if (ok) found++;
    else missed.push(q.id);
    kept += linked.schema.tables.length;
    tokens += linked.estimatedTokens;
    const ns = perNs.get(q.namespace) ?? { questions: 0, found: 0 };
    ns.questions++;
    if (ok) ns.found++;
    perNs.set(q.namespace, ns);
  }
  const firstMs = times[0] ?? 0;
  const rest = times.slice(1).sort((a, b) => a - b);
  const n = Math.max(questions.length, 1);
  return {
    budget,
    questions: questions.length,
    found,
    recall: found / n,
    tablesKept: kept / n,
    tokens: tokens / n,
    firstMs,
    meanMs: rest.reduce((s, x) => s + x, 0) / Math.max(rest.length, 1),
    p50Ms: percentile(rest, 0.5),
    p95Ms: percentile(rest, 0.95),
    maxMs: rest[rest.length - 1] ?? 0,
    byNamespace: Object.fromEntries(
      [...perNs].map(([k, v]) => [k, { questions: v.questions, recall: v.found / v.questions }]),
    ),
    missed,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ms = (x: number) => x.toFixed(2);

/** A plain-text table of budget results, one row a budget. */
export function formatBudgetTable(title: string, results: readonly BudgetResult[]): string {
  const header = [
    'budget (tokens)',
    'all gold tables kept',
    'tables kept',
    'est. tokens',
    'ms first',
    'ms mean',
    'ms p50',
    'ms p95',
    'ms max',
  ];
  const rows = results.map((r) => [
    String(r.budget),
    `${pct(r.recall)} (${r.found}/${r.questions})`,
    r.tablesKept.toFixed(1),
    r.tokens.toFixed(0),
    ms(r.firstMs),
    ms(r.meanMs),
    ms(r.p50Ms),
    ms(r.p95Ms),
    ms(r.maxMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [title, line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Recall per namespace, one line a namespace, one column a budget. */
export function formatNamespaceTable(results: readonly BudgetResult[]): string {
  const namespaces = [...new Set(results.flatMap((r) => Object.keys(r.byNamespace)))].sort();
  const lines = namespaces.map((ns) => {
    const q = results[0]?.byNamespace[ns]?.questions ?? 0;
    const cells = results.map((r) => pct(r.byNamespace[ns]?.recall ?? 0).padStart(7));
    return `  ${ns.padEnd(24)} ${String(q).padStart(5)} ${cells.join(' ')}`;
  });
  return [
    `  ${'namespace'.padEnd(24)} ${'qs'.padStart(5)} ${results.map((r) => String(r.budget).padStart(7)).join(' ')}`,
    ...lines,
  ].join('\n');
}
