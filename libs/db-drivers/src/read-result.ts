import { performance } from 'node:perf_hooks';
import type { ReadResult } from '@nlq/contracts';
import { rowsToJsonSafe } from './json-safe';

/** Rows as an engine client fetched them: column names, rows as arrays (at most maxRows), whether more existed. */
export interface FetchedRows {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
}

/** ReadResult of fetched rows: values made JSON-safe (rowsToJsonSafe), rowCount = rows kept, durationMs as given. */
export function toReadResult(fetched: FetchedRows, durationMs: number): ReadResult {
  return {
    columns: fetched.columns,
    rows: rowsToJsonSafe(fetched.rows),
    rowCount: fetched.rows.length,
    truncated: fetched.truncated,
    durationMs,
  };
}

/**
 * Runs `fetch` and returns its rows as a ReadResult whose durationMs (milliseconds, fractional) is the time
 * `fetch` took, not counting the JSON-safe conversion. Rejections pass through unchanged.
 */
export async function timedRead(fetch: () => Promise<FetchedRows>): Promise<ReadResult> {
  const t0 = performance.now();
  const fetched = await fetch();
  return toReadResult(fetched, performance.now() - t0);
}
