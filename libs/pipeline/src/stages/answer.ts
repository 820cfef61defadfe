import type { ReadResult } from '@nlq/contracts';
import type { LlmProvider, TokenUsage } from '@nlq/llm-providers';
import { describeProviderError } from './generate';

/** The answer text, tokens, and the provider error when the fallback text was used. */
export interface AnswerOutcome {
  text: string;
  tokens: TokenUsage | null;
  error: string | null;
}

/**
 * Pipeline step 11 (DESIGN.md): the provider turns the rows into a sentence. It sees at most `rowLimit` rows plus
 * the total row count and the truncation flag (aggregates come from SQL, never from sampling rows). When the
 * provider fails here the query already ran, so the answer falls back to a factual line built from the result
 * (row count and columns) and `error` carries the provider's failure for the trace.
 */
export async function writeAnswer(
  provider: LlmProvider,
  question: string,
  sql: string,
  result: ReadResult,
  rowLimit: number,
): Promise<AnswerOutcome> {
  try {
    const answer = await provider.writeAnswer({
      question,
      sql,
      columns: result.columns,
      rows: result.rows.slice(0, Math.max(0, rowLimit)),
      rowCount: result.rowCount,
      truncated: result.truncated,
    });
    return { text: answer.text, tokens: answer.tokens ?? null, error: null };
  } catch (error) {
    return { text: factualSummary(result), tokens: null, error: describeProviderError(provider, error) };
  }
}

/** "The query returned 3 rows (columns: a, b)." with "at least" when the row limit cut the result. */
export function factualSummary(result: ReadResult): string {
  const count = `${result.truncated ? 'at least ' : ''}${result.rowCount} row${result.rowCount === 1 ? '' : 's'}`;
  return `The query returned ${count}${result.columns.length ? ` (columns: ${result.columns.join(', ')})` : ''}.`;
}
