import type { ClarificationProposal } from '@nlq/contracts';

/** What the offline engine can do, and how to configure a model for everything else (shown with every refusal). */
export const MODEL_HINT =
  'The built-in offline engine answers counts, lists filtered by values found in the data, top-N rankings and ' +
  'superlatives, lookups such as "what is the capital of X", comparisons, ' +
  'sums/averages/minimums/maximums optionally grouped, date ranges and simple single-table deletes and updates. ' +
  'For other questions configure a language model: set LLM_PROVIDER=ollama|openai|anthropic with LLM_MODEL, ' +
  'and LLM_BASE_URL (Ollama or an OpenAI-compatible server) or LLM_API_KEY (hosted models).';

/**
 * The engine's refusal: a question it cannot map with confidence is refused with the reason, never guessed. The
 * message says what it did not understand and how to configure a model ({@link MODEL_HINT}); the provider adapter in
 * @nlq/llm-providers turns it into an UnanswerableQuestionError.
 */
export class OfflineRefusalError extends Error {
  override readonly name = 'OfflineRefusalError';
}

/** The refusal error for a question the engine cannot map: `reason` says what it did not understand. */
export function unanswerable(reason: string): OfflineRefusalError {
  return new OfflineRefusalError(`The offline engine could not answer this question: ${reason}. ${MODEL_HINT}`);
}

/**
 * The engine asking back: the question has two or more readings it cannot rank apart (a word fits two
 * tables, columns or values; "or" could span two columns; a number could compare two things; a word is unknown but a
 * near match exists). `clarification.readings` are 2 to 5, most likely first, each with the restated question the
 * engine answers without ambiguity. The provider adapter turns it into a ClarificationNeededError; no SQL is written.
 */
export class OfflineClarificationError extends Error {
  override readonly name = 'OfflineClarificationError';
  constructor(readonly clarification: ClarificationProposal) {
    super(clarification.question);
  }
}
