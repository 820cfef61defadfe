import type { ClarificationProposal } from '@nlq/contracts';

/** Typed provider errors (openai-node style). Retries happen only for 408, 409, 429 and 5xx (docs/architecture.md). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
/** The model server could not be reached (DNS, refused, reset). */
export class ProviderConnectionError extends ProviderError {}
/** The request exceeded the configured timeout. */
export class ProviderTimeoutError extends ProviderError {}
/** 429 after retries. */
export class ProviderRateLimitError extends ProviderError {}
/** Any other non-2xx answer or malformed reply (401 bad key, 404 unknown model, 400 ...). */
export class ProviderResponseError extends ProviderError {}
/** The provider understood the request but cannot write SQL for the question; message says why and what to do. */
export class UnanswerableQuestionError extends ProviderError {}
/**
 * The provider asks back instead of guessing: the question has two or more readings it cannot rank apart.
 * `clarification` holds the question and 2 to 5 readings, each with its restated question; no SQL was written.
 */
export class ClarificationNeededError extends ProviderError {
  constructor(readonly clarification: ClarificationProposal) {
    super(clarification.question);
  }
}
