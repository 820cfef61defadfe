import type { DatabaseSchema, SqlKind } from '@nlq/contracts';
import { describeImpact, estimateImpact } from '@nlq/db-drivers';
import type { DatabaseDriver, ImpactEstimate } from '@nlq/db-drivers';

/**
 * Impact preview of a held statement (docs/architecture.md "Approval"): the count of `estimateImpact` plus
 * the words the pending response uses. `rows` is null for DDL and when the count failed or timed out.
 */
export interface ImpactPreview {
  rows: number | null;
  estimate: ImpactEstimate | null;
  /** e.g. `would delete 7 rows`; null for DDL. */
  phrase: string | null;
}

/**
 * Step 8 (hold branch): count the rows a held write would change, read-only with the statement timeout `timeoutMs`
 * (ms), on the connection it would run on. DDL gets no count (`estimate` null, nothing runs). Never rejects: a
 * count that fails or times out yields `rows: null` and a phrase saying the rows could not be counted.
 */
export async function previewImpact(
  driver: DatabaseDriver,
  sql: string,
  kind: SqlKind,
  schema: DatabaseSchema,
  timeoutMs: number,
): Promise<ImpactPreview> {
  if (kind !== 'write') return { rows: null, estimate: null, phrase: null };
  const estimate = await estimateImpact(driver, sql, schema.dialect, { timeoutMs, schema });
  return {
    rows: estimate.rows,
    estimate,
    phrase: describeImpact(estimate) ?? `changes data (could not count the rows: ${estimate.error ?? 'unknown error'})`,
  };
}

/**
 * The response text of a held statement: `This SQL would delete 7 rows, so it was not run: it awaits approval. ...`
 * for a write (or `This SQL would update rows (could not count how many: <why>), so it was not run ...`),
 * `This SQL changes the database schema, so it was not run: ...` for DDL.
 */
export function pendingResponse(kind: SqlKind, preview: ImpactPreview, sessionId: string): string {
  const what = preview.phrase ?? (kind === 'write' ? 'changes data' : 'changes the database schema');
  return `This SQL ${what}, so it was not run: it awaits approval. Approve it to run it, or reject it to discard it (session "${sessionId}").`;
}

/** Small trace-span facts of a preview (rows, how they were found, the count's SQL and milliseconds, or why none). */
export function impactDetail(preview: ImpactPreview): Record<string, unknown> | null {
  const e = preview.estimate;
  if (!e) return null;
  return {
    rows: e.rows,
    bound: e.bound,
    method: e.method,
    countSql: e.countSql,
    durationMs: e.durationMs,
    error: e.error,
  };
}
