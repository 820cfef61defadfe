/**
 * Execution-accuracy comparison of two query results, as the Spider test-suite EX does it
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

/** True when the SQL has an ORDER BY outside string literals and quoted names (test-suite: `'order by' in sql`). */
export function sqlHasOrderBy(sql: string): boolean {
  const bare = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]/g, ' ');
  return /\border\s+by\b/i.test(bare);
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
