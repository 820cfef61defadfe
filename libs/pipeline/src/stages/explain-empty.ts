import type { DatabaseSchema, ReadResult } from '@nlq/contracts';
import { probeEmptyResult } from '@nlq/db-drivers';
import type { DatabaseDriver } from '@nlq/db-drivers';

/**
 * Why a read returned no rows (docs/architecture.md step 11): `text` is the sentence(s) appended to the answer
 * (null when nothing was found out); `detail` the facts for the answer span (conditions probed, what each matched,
 * ranges or nearest values, probe queries run, milliseconds).
 */
export interface EmptyExplanation {
  text: string | null;
  detail: Record<string, unknown>;
}

/**
 * After execution: when `result` has no rows, ask the database why (probeEmptyResult: each literal condition of the
 * read alone, then the column's MIN/MAX or the nearest existing values), read-only with the statement timeout
 * `timeoutMs` (ms) per probe query. Resolves null for a result with rows; never rejects.
 */
export async function explainEmptyResult(
  driver: DatabaseDriver,
  sql: string,
  result: ReadResult,
  schema: DatabaseSchema,
  timeoutMs: number,
): Promise<EmptyExplanation | null> {
  if (result.rowCount > 0 || result.rows.length > 0) return null;
  const started = Date.now();
  try {
    const probe = await probeEmptyResult(driver, sql, schema, { timeoutMs });
    return {
      text: probe.explanation,
      detail: {
        explanation: probe.explanation,
        findings: probe.findings,
        queries: probe.queries,
        durationMs: Date.now() - started,
      },
    };
  } catch (error) {
    return {
      text: null,
      detail: { error: error instanceof Error ? error.message : String(error), durationMs: Date.now() - started },
    };
  }
}

/** The answer text with the explanation appended as its own sentence(s); unchanged when there is none or it is already there. */
export function withEmptyExplanation(answer: string, explanation: EmptyExplanation | null): string {
  const text = explanation?.text;
  if (!text || answer.includes(text)) return answer;
  const trimmed = answer.trimEnd();
  if (!trimmed) return text;
  return `${trimmed}${/[.!?]$/.test(trimmed) ? '' : '.'} ${text}`;
}
