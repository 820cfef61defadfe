import type { ReadResult } from '@nlq/contracts';
import {
  collectAnswerStream,
  ProviderResponseError,
  type AnswerPromptRequest,
  type AnswerRequest,
  type AnswerResult,
  type LlmProvider,
  type TokenUsage,
} from '@nlq/llm-providers';
import type { KnowledgeDefinition } from '@nlq/contracts';
import type { AnswerMode } from '../ports';
import { templateAnswer } from './answer-template';
import { describeProviderError } from './generate';

/**
 * Who worded the answer: a template, a model (the provider's call), the offline engine (a provider that answers
 * locally, `answersLocally`: no model is involved), or the factual fallback after the provider failed.
 */
export type AnswerSource = 'template' | 'model' | 'offline' | 'fallback';

/** The answer text, who wrote it, tokens, and the provider error when the fallback text was used. */
export interface AnswerOutcome {
  text: string;
  source: AnswerSource;
  tokens: TokenUsage | null;
  error: string | null;
}

/**
 * Pipeline step 11 (docs/architecture.md): the answer in plain words, by `mode` (the ANSWER_MODE setting):
 * - `template`: templateAnswer when it can state the result exactly, else the factual summary; never a model call;
 * - `model`: the provider words every result;
 * - `auto` (default): the template where it states the result exactly (one value, one row, empty, a short list),
 *   so those cost no second model call; the provider words the rest. A provider that answers locally at no cost
 *   (`answersLocally`, the offline engine) keeps wording its own answers.
 * The provider sees at most `rowLimit` rows plus the total row count and the truncation flag (aggregates come from
 * SQL, never from sampling rows). When the provider fails here the query already ran, so the answer falls back to
 * a factual line built from the result (row count and columns) and `error` carries the provider's failure.
 *
 * Streaming (docs/architecture.md step 11, "streamed as it writes"): given `onDelta`, a provider with `streamAnswer` streams
 * its wording and `onDelta` gets each piece of text in order (reasoning blocks held back); the pieces concatenate to
 * the returned text. When the stream fails after some pieces the fallback text replaces them (the returned text is
 * authoritative); when a server refuses the streaming request itself (400) before any piece, the answer is asked
 * once more without streaming. Templates and providers without streamAnswer never call `onDelta`.
 * `answerPlan`: what the provider's generateSql returned for wording this statement's rows, handed back unchanged.
 */
export async function writeAnswer(
  provider: LlmProvider,
  question: string,
  sql: string,
  result: ReadResult,
  rowLimit: number,
  mode: AnswerMode = 'auto',
  onDelta?: (text: string) => void,
  knowledge: readonly KnowledgeDefinition[] = [],
  answerPlan: unknown = null,
): Promise<AnswerOutcome> {
  if (mode !== 'model' && !(mode === 'auto' && provider.answersLocally)) {
    const templated = templateAnswer(result);
    if (templated !== null) return { text: templated, source: 'template', tokens: null, error: null };
    if (mode === 'template') return { text: factualSummary(result), source: 'template', tokens: null, error: null };
  }
  try {
    // the answer-scope instructions of the business definitions travel with the request to the prompt
    const request: AnswerPromptRequest = {
      question,
      sql,
      columns: result.columns,
      rows: result.rows.slice(0, Math.max(0, rowLimit)),
      rowCount: result.rowCount,
      truncated: result.truncated,
      ...(result.truncated && typeof result.totalRows === 'number' ? { totalRows: result.totalRows } : {}),
      ...(knowledge.some((d) => d.kind === 'instruction' && d.scope === 'answer') ? { knowledge } : {}),
      ...(answerPlan !== null && answerPlan !== undefined ? { answerPlan } : {}),
    };
    const answer =
      onDelta && provider.streamAnswer
        ? await streamedAnswer(provider, request, onDelta)
        : await provider.writeAnswer(request);
    return {
      text: answer.text,
      source: provider.answersLocally ? 'offline' : 'model',
      tokens: answer.tokens ?? null,
      error: null,
    };
  } catch (error) {
    return {
      text: factualSummary(result),
      source: 'fallback',
      tokens: null,
      error: describeProviderError(provider, error),
    };
  }
}

/** The provider's streamed answer; a 400 refusal of the streaming request before any text asks once without streaming. */
async function streamedAnswer(
  provider: LlmProvider,
  request: AnswerRequest,
  onDelta: (text: string) => void,
): Promise<AnswerResult> {
  let streamed = false;
  try {
    return await collectAnswerStream(provider.streamAnswer!(request), (text) => {
      streamed = true;
      onDelta(text);
    });
  } catch (error) {
    if (streamed || !(error instanceof ProviderResponseError) || error.status !== 400) throw error;
    return provider.writeAnswer(request);
  }
}

/**
 * "The query returned 3 rows (columns: a, b)."; when the row limit cut the result, the uncapped count with the rows
 * shown ("returned 2,369 rows; the first 1,000 are shown"), or "at least" when they could not be counted.
 */
export function factualSummary(result: ReadResult): string {
  const rows = (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;
  const columns = result.columns.length ? ` (columns: ${result.columns.join(', ')})` : '';
  if (result.truncated && typeof result.totalRows === 'number')
    return `The query returned ${rows(result.totalRows)}${columns}; the first ${result.rowCount.toLocaleString('en-US')} are shown.`;
  return `The query returned ${result.truncated ? 'at least ' : ''}${rows(result.rowCount)}${columns}.`;
}
