import { toStoredClarification, type StoredClarification } from '@nlq/contracts';
import {
  ClarificationNeededError,
  ProviderConnectionError,
  ProviderError,
  ProviderRateLimitError,
  ProviderTimeoutError,
  UnanswerableQuestionError,
} from '@nlq/llm-providers';
import type { LlmProvider, SqlGenerationRequest, TokenUsage } from '@nlq/llm-providers';

/** Outcome of one generation attempt. */
export type GenerateResult =
  | { ok: true; sql: string; raw: string; tokens: TokenUsage | null; examplesUsed: string[]; answerPlan: unknown }
  | { ok: false; error: string; unanswerable: boolean }
  | { ok: false; clarification: StoredClarification };

/**
 * Turn a provider failure into the text a user reads: an UnanswerableQuestionError keeps its own message; a
 * connection, timeout or rate-limit error names the provider and says it could not be reached or answered.
 */
export function describeProviderError(provider: Pick<LlmProvider, 'name' | 'modelId'>, error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  const who = `The model provider "${provider.name}" (${provider.modelId})`;
  if (error instanceof UnanswerableQuestionError) return detail;
  if (error instanceof ProviderConnectionError) return `${who} could not be reached: ${detail}`;
  if (error instanceof ProviderTimeoutError) return `${who} did not answer in time: ${detail}`;
  if (error instanceof ProviderRateLimitError) return `${who} is rate limiting requests; try again later: ${detail}`;
  if (error instanceof ProviderError) return `${who} failed: ${detail}`;
  return `${who} failed unexpectedly: ${detail}`;
}

/**
 * Pipeline step 6 (docs/architecture.md): ask the provider for one SQL statement in the connection's dialect. The provider
 * extracts SQL from fenced or chatty output; an empty SQL string means the model could not answer. Never throws:
 * failures come back as `{ ok: false, error }` (unanswerable true for UnanswerableQuestionError or empty SQL). A
 * provider asking back (ClarificationNeededError) comes back as `{ ok: false, clarification }`, numbered options;
 * one with fewer than two distinct readings is a refusal instead. `examplesUsed`: the ids of the verified examples
 * the SQL was written with (those the provider names, else every example of the request). `answerPlan`: the
 * provider's data for wording the statement's rows (SqlGenerationResult.answerPlan), or null.
 */
export async function generateSql(provider: LlmProvider, request: SqlGenerationRequest): Promise<GenerateResult> {
  try {
    const result = await provider.generateSql(request);
    const sql = (result.sql ?? '').trim();
    if (!sql) {
      return {
        ok: false,
        unanswerable: true,
        error: 'The model could not write SQL for this question; try rephrasing it with table or column names.',
      };
    }
    const examplesUsed = result.examplesUsed ?? request.examples.flatMap((e) => (e.id ? [e.id] : []));
    const answerPlan = result.answerPlan ?? null;
    return { ok: true, sql, raw: result.raw, tokens: result.tokens ?? null, examplesUsed, answerPlan };
  } catch (error) {
    if (error instanceof ClarificationNeededError) {
      const clarification = toStoredClarification(error.clarification);
      if (clarification) return { ok: false, clarification };
      return {
        ok: false,
        unanswerable: true,
        error: `The question is ambiguous (${error.clarification.question}); rephrase it so it has one reading.`,
      };
    }
    return {
      ok: false,
      unanswerable: error instanceof UnanswerableQuestionError,
      error: describeProviderError(provider, error),
    };
  }
}
