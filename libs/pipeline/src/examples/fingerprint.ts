import { createHash } from 'node:crypto';
import type { ReadResult, ResultFingerprint } from '@nlq/contracts';

/**
 * Whether the statement orders its rows: an `ORDER BY` outside string literals, quoted identifiers and comments. An
 * ORDER BY inside a subquery or a window also counts, which only makes the comparison stricter (row order matters).
 */
export function ordersRows(sql: string): boolean {
  const bare = sql
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .replace(/`[^`]*`/g, '``')
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ');
  return /\border\s+by\b/i.test(bare);
}

/** One row as a stable line: JSON of its values, bigint as text, Date as ISO-8601. */
function rowLine(row: readonly unknown[]): string {
  return JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value instanceof Date ? value.toISOString() : value,
  );
}

/**
 * The fingerprint of a read: its column names, row count and a SHA-256 of its rows, the row lines
 * sorted first unless `sql` orders its rows ({@link ordersRows}), so an unordered statement's fingerprint does not
 * depend on the order the engine happened to return.
 */
export function resultFingerprint(sql: string, result: Pick<ReadResult, 'columns' | 'rows'>): ResultFingerprint {
  const lines = result.rows.map(rowLine);
  if (!ordersRows(sql)) lines.sort();
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line).update('\n');
  return { columns: [...result.columns], row_count: result.rows.length, hash: hash.digest('hex') };
}

/** Same columns, in the same order (the result's shape). */
export function sameShape(a: ResultFingerprint, b: ResultFingerprint): boolean {
  return a.columns.length === b.columns.length && a.columns.every((c, i) => c === b.columns[i]);
}

/** Why two fingerprints differ (columns, row count, then rows), or null when they are the same. */
export function fingerprintDifference(before: ResultFingerprint, now: ResultFingerprint): string | null {
  if (!sameShape(before, now))
    return `its columns changed from (${before.columns.join(', ')}) to (${now.columns.join(', ')})`;
  if (before.row_count !== now.row_count) return `it returned ${now.row_count} rows instead of ${before.row_count}`;
  if (before.hash !== now.hash) return 'its rows changed';
  return null;
}
