import type { BenchmarkQuestion, BenchmarkResult, ReadResult } from '@nlq/contracts';
import type { AskOutcome } from '../types';
import { compareResults, sqlHasOrderBy } from './result-comparison';

/** Rows of each side a result keeps for the side-by-side view. */
export const KEPT_RESULT_ROWS = 20;

/** The expected SQL's result at run time, or why it could not be had. */
export type ExpectedResult = { ok: true; result: ReadResult } | { ok: false; error: string };

/**
 * One question's verdict (docs/http-api.md "Benchmarks"), from the pipeline's outcome and the expected SQL's result:
 * the expected SQL failing is `error`; the pipeline asking back is `clarification`; a held write or a refusal
 * (policy, check, or a question the engine would not map) is `refused`; any other failure is `error`; an answered
 * read is `right` when {@link compareResults} finds it equal to the expected result, else `wrong` with its reasons.
 * A result the row limit cut on either side is compared as cut and says so in `warnings`.
 */
export function judgeAnswer(
  question: BenchmarkQuestion,
  outcome: AskOutcome,
  expected: ExpectedResult,
  latencyMs: number,
): BenchmarkResult {
  const base: BenchmarkResult = {
    question: question.question,
    context: question.context ?? [],
    status: 'error',
    reasons: [],
    sql: outcome.sql,
    expected_sql: question.expected_sql,
    latency_ms: Math.round(latencyMs * 10) / 10,
    warnings: [],
    definitions: outcome.knowledge.map(({ id, name, version }) => ({ id, name, version })),
    columns: outcome.result?.columns ?? [],
    rows: (outcome.result?.rows ?? []).slice(0, KEPT_RESULT_ROWS),
    expected_columns: expected.ok ? expected.result.columns : [],
    expected_rows: expected.ok ? expected.result.rows.slice(0, KEPT_RESULT_ROWS) : [],
  };
  if (!expected.ok) return { ...base, warnings: [`the expected SQL failed: ${expected.error}`] };
  if (outcome.clarification) return { ...base, status: 'clarification', warnings: [outcome.response] };
  if (outcome.pendingApproval)
    return { ...base, status: 'refused', warnings: ['the answer was a write, held for approval: nothing ran'] };
  if (!outcome.success || !outcome.result) {
    const status = outcome.status === 'refused' ? 'refused' : 'error';
    return { ...base, status, warnings: [outcome.error ?? 'no result'] };
  }
  const warnings: string[] = [];
  if (outcome.result.truncated) warnings.push('the answer was cut at the row limit');
  if (expected.result.truncated) warnings.push('the expected result was cut at the row limit');
  const verdict = compareResults(expected.result, outcome.result, sqlHasOrderBy(question.expected_sql));
  return { ...base, status: verdict.match ? 'right' : 'wrong', reasons: verdict.reasons, warnings };
}
