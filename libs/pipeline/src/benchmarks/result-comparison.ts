import type { MismatchReason } from '@nlq/contracts';
import { ordersRows } from '../examples/fingerprint';

/**
 * The one comparison of two query results, shared by the evaluation runner (tools/eval) and benchmark runs
 * (benchmark-runner.ts). Execution accuracy as the Spider test-suite EX does it
 * (taoyds/test-suite-sql-eval exec_eval.py, summarised in tools/eval/README.md; no code copied):
 * - two empty results are equal;
 * - otherwise the row counts and the column counts must match;
 * - row order matters only when the gold SQL has ORDER BY (list comparison), else rows compare as a multiset;
 * - the predicted columns may be permuted: some permutation of them must make the results equal.
 * Values compare exactly by type and value (1 and 1.0 are the same number in JavaScript, as in Python; the number
 * 1 and the text '1' differ). DISTINCT is not stripped (test-suite's --keep_distinct behaviour).
 */

/** A result as the drivers return it: rows of positional values. `columns` is informative only. */
export interface ResultSet {
  columns?: string[];
  rows: unknown[][];
}

/** Permutations tried at most before giving up (answering "no match"); the test-suite bounds its search too. */
export const MAX_PERMUTATIONS = 20_000;

/** A type-tagged string for one cell value: null, numbers (incl. bigint and boolean), text, bytes or JSON. */
export function valueKey(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Object.is(value, -0) ? 'n:0' : `n:${value}`;
  if (typeof value === 'bigint') return `n:${value.toString()}`;
  if (typeof value === 'boolean') return value ? 'n:1' : 'n:0';
  if (typeof value === 'string') return `s:${value}`;
  if (value instanceof Uint8Array) return `b:${Buffer.from(value).toString('hex')}`;
  return `j:${JSON.stringify(value)}`;
}

/**
 * True when the SQL has an ORDER BY outside string literals, quoted names and comments (test-suite: `'order by' in
 * sql`); the same rule as the verified examples' fingerprints (examples/fingerprint.ts `ordersRows`).
 */
export function sqlHasOrderBy(sql: string): boolean {
  return ordersRows(sql);
}

function countKeys(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

function sameBag(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const counts = countKeys(a);
  for (const k of b) {
    const n = counts.get(k);
    if (!n) return false;
    counts.set(k, n - 1);
  }
  return true;
}

/**
 * Whether `predicted` matches `gold` under test-suite EX (see the file comment).
 * @param orderMatters pass `sqlHasOrderBy(goldSql)`
 */
export function resultsMatch(gold: ResultSet, predicted: ResultSet, orderMatters: boolean): boolean {
  const g = gold.rows;
  const p = predicted.rows;
  if (g.length === 0 && p.length === 0) return true;
  if (g.length !== p.length) return false;
  const width = g[0].length;
  if (p[0].length !== width || g.some((r) => r.length !== width) || p.some((r) => r.length !== width)) return false;

  const gKeys = g.map((row) => row.map(valueKey));
  const pKeys = p.map((row) => row.map(valueKey));
  // Candidate predicted columns for each gold column: those holding the same multiset of values.
  const column = (rows: string[][], j: number) => rows.map((r) => r[j]);
  const candidates = Array.from({ length: width }, (_, j) => {
    const goldColumn = column(gKeys, j);
    return Array.from({ length: width }, (_, i) => i).filter((i) => sameBag(goldColumn, column(pKeys, i)));
  });
  if (candidates.some((c) => c.length === 0)) return false;

  const goldRows = gKeys.map((r) => JSON.stringify(r));
  const permutation: number[] = [];
  const used = new Set<number>();
  let tried = 0;
  const matchesWith = (perm: number[]): boolean => {
    const rows = pKeys.map((r) => JSON.stringify(perm.map((i) => r[i])));
    if (orderMatters) return rows.every((r, k) => r === goldRows[k]);
    return sameBag(goldRows, rows);
  };
  const search = (j: number): boolean => {
    if (j === width) {
      tried++;
      return matchesWith(permutation);
    }
    for (const i of candidates[j]) {
      if (used.has(i)) continue;
      if (tried >= MAX_PERMUTATIONS) return false;
      used.add(i);
      permutation.push(i);
      const found = search(j + 1);
      permutation.pop();
      used.delete(i);
      if (found) return true;
    }
    return false;
  };
  return search(0);
}

/** A comparison's verdict: `match`, and when not, why ({@link MismatchReason}, in the order of MISMATCH_REASONS). */
export interface ResultComparison {
  match: boolean;
  reasons: MismatchReason[];
}

/** Every mismatch reason, in the order a comparison lists them. */
export const MISMATCH_REASONS: readonly MismatchReason[] = [
  'missing_rows',
  'extra_rows',
  'missing_columns',
  'extra_columns',
  'different_values',
  'different_order',
  'empty_result',
];

const widthOf = (result: ResultSet): number => result.rows[0]?.length ?? result.columns?.length ?? 0;

/**
 * For each gold column, the predicted column it is compared with (or -1): the unused one of the same name (any case),
 * else the first unused one holding the same multiset of values, else the unused one at the same position.
 */
export function alignColumns(gold: ResultSet, predicted: ResultSet): number[] {
  const goldWidth = widthOf(gold);
  const predictedWidth = widthOf(predicted);
  const used = new Set<number>();
  const bag = (rows: unknown[][], j: number) => rows.map((r) => valueKey(r[j]));
  const take = (i: number): number => (used.add(i), i);
  return Array.from({ length: goldWidth }, (_, j) => {
    const name = gold.columns?.[j]?.toLowerCase();
    const free = Array.from({ length: predictedWidth }, (_, i) => i).filter((i) => !used.has(i));
    const named = free.find((i) => name !== undefined && predicted.columns?.[i]?.toLowerCase() === name);
    if (named !== undefined) return take(named);
    const goldBag = bag(gold.rows, j);
    const same = free.find((i) => sameBag(goldBag, bag(predicted.rows, i)));
    if (same !== undefined) return take(same);
    return free.includes(j) ? take(j) : -1;
  });
}

/**
 * Compares a predicted result with the gold (expected) one: equal under {@link resultsMatch} (test-suite EX), else the
 * reasons, computed over the gold columns aligned with predicted ones ({@link alignColumns}):
 * - `empty_result` alone when the prediction has no rows and the gold has some;
 * - `missing_columns` / `extra_columns` when the column counts differ;
 * - the rows compared as multisets of their aligned values: gold rows without a partner (m) and predicted rows
 *   without one (e): m > 0 and e > 0 give `different_values` (with `missing_rows` / `extra_rows` when the row counts
 *   also differ), m alone `missing_rows`, e alone `extra_rows`;
 * - the same multiset in another order, when `orderMatters`, gives `different_order`.
 * @param orderMatters pass `sqlHasOrderBy(goldSql)`
 */
export function compareResults(gold: ResultSet, predicted: ResultSet, orderMatters: boolean): ResultComparison {
  if (resultsMatch(gold, predicted, orderMatters)) return { match: true, reasons: [] };
  if (predicted.rows.length === 0) return { match: false, reasons: ['empty_result'] };
  const reasons = new Set<MismatchReason>();
  const goldWidth = widthOf(gold);
  const predictedWidth = widthOf(predicted);
  if (predictedWidth < goldWidth) reasons.add('missing_columns');
  if (predictedWidth > goldWidth) reasons.add('extra_columns');
  const alignment = alignColumns(gold, predicted);
  const shared = alignment.map((i, j) => [j, i]).filter(([, i]) => i >= 0);
  const goldRows = gold.rows.map((r) => JSON.stringify(shared.map(([j]) => valueKey(r[j]))));
  const predictedRows = predicted.rows.map((r) => JSON.stringify(shared.map(([, i]) => valueKey(r[i]))));
  const missing = bagDifference(goldRows, predictedRows);
  const extra = bagDifference(predictedRows, goldRows);
  const fewer = predicted.rows.length < gold.rows.length;
  const more = predicted.rows.length > gold.rows.length;
  if (missing > 0 && extra > 0) reasons.add('different_values');
  if (missing > 0 && (fewer || extra === 0)) reasons.add('missing_rows');
  if (extra > 0 && (more || missing === 0)) reasons.add('extra_rows');
  if (missing === 0 && extra === 0 && orderMatters && goldRows.some((r, k) => r !== predictedRows[k]))
    reasons.add('different_order');
  if (reasons.size === 0) reasons.add('different_values');
  return { match: false, reasons: MISMATCH_REASONS.filter((r) => reasons.has(r)) };
}

/** How many items of `a` have no partner in `b` (multisets). */
function bagDifference(a: string[], b: string[]): number {
  const counts = countKeys(b);
  let unmatched = 0;
  for (const k of a) {
    const n = counts.get(k) ?? 0;
    if (n > 0) counts.set(k, n - 1);
    else unmatched++;
  }
  return unmatched;
}
