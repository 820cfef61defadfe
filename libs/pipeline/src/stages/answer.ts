import type { ReadResult } from '@nlq/contracts';
import type { LlmProvider, TokenUsage } from '@nlq/llm-providers';
import type { AnswerMode } from '../ports';
import { templateAnswer } from './answer-template';
import { describeProviderError } from './generate';

/** Who worded the answer: a template, the provider (a model call, or the offline engine), or the factual fallback. */
export type AnswerSource = 'template' | 'model' | 'fallback';

/** The answer text, who wrote it, tokens, and the provider error when the fallback text was used. */
export interface AnswerOutcome {
  text: string;
  source: AnswerSource;
  tokens: TokenUsage | null;
  error: string | null;
}

/**
 * Pipeline step 11 (DESIGN.md): the answer in plain words, by `mode` (the ANSWER_MODE setting):
 * - `template`: templateAnswer when it can state the result exactly, else the factual summary; never a model call;
 * - `model`: the provider words every result;
 * - `auto` (default): the template where it states the result exactly (one value, one row, empty, a short list),
 *   so those cost no second model call; the provider words the rest. A provider that answers locally at no cost
 *   (`answersLocally`, the offline engine) keeps wording its own answers.
 * The provider sees at most `rowLimit` rows plus the total row count and the truncation flag (aggregates come from
 * SQL, never from sampling rows). When the provider fails here the query already ran, so the answer falls back to
 * a factual line built from the result (row count and columns) and `error` carries the provider's failure.
 */
export async function writeAnswer(
  provider: LlmProvider,
  question: string,
  sql: string,
  result: ReadResult,
  rowLimit: number,
  mode: AnswerMode = 'auto',
): Promise<AnswerOutcome> {
  if (mode !== 'model' && !(mode === 'auto' && provider.answersLocally)) {
    const templated = templateAnswer(result);
    if (templated !== null) return { text: templated, source: 'template', tokens: null, error: null };
    if (mode === 'template') return { text: factualSummary(result), source: 'template', tokens: null, error: null };
  }
  try {
    const answer = await provider.writeAnswer({
      question,
      sql,
      columns: result.columns,
      rows: result.rows.slice(0, Math.max(0, rowLimit)),
      rowCount: result.rowCount,
      truncated: result.truncated,
    });
    return { text: answer.text, source: 'model', tokens: answer.tokens ?? null, error: null };
  } catch (error) {
    return { text: factualSummary(result), source: 'fallback', tokens: null, error: describeProviderError(provider, error) };
  }
}

/** "The query returned 3 rows (columns: a, b)." with "at least" when the row limit cut the result. */
export function factualSummary(result: ReadResult): string {
  const count = `${result.truncated ? 'at least ' : ''}${result.rowCount} row${result.rowCount === 1 ? '' : 's'}`;
  return `The query returned ${count}${result.columns.length ? ` (columns: ${result.columns.join(', ')})` : ''}.`;
}
