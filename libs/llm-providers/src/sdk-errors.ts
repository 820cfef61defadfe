/**
 * Maps errors of the Stainless-generated SDKs (`openai`, `@anthropic-ai/sdk`: same error hierarchy, different
 * classes) to the typed provider errors of errors.ts.
 */
import {
  ProviderConnectionError,
  ProviderError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderTimeoutError,
} from './errors';
import { redact, statusHint } from './provider-options';

type ErrorClass = abstract new (...args: any[]) => Error;

/** The SDK's error classes and what the message needs: label (provider and base URL), model, limits, key. */
export interface SdkErrorContext {
  classes: { APIError: ErrorClass; APIConnectionError: ErrorClass; APIConnectionTimeoutError: ErrorClass };
  label: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  apiKey?: string;
}

/** The server's own error message: OpenAI `{error:{message}}`, Anthropic `{type:'error', error:{message}}`. */
function serverMessage(error: Error): string {
  const body = (error as { error?: { message?: unknown; error?: { message?: unknown } } }).error;
  const message = body?.error?.message ?? body?.message;
  return typeof message === 'string' && message ? message : error.message;
}

/** Network cause of a connection error, e.g. ECONNREFUSED, else its message. */
function networkDetail(error: Error): string {
  let cause: unknown = (error as { cause?: unknown }).cause;
  for (let depth = 0; cause && depth < 3; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return error.message;
}

const noFinalStop = (text: string) => text.trim().replace(/[.\s]+$/, '');

/**
 * Timeout -> ProviderTimeoutError; connection failure -> ProviderConnectionError; 429 (after the SDK's retries) ->
 * ProviderRateLimitError; any other status -> ProviderResponseError with the status, the server's message and a hint
 * (key for 401/403, model name for 404). Messages name the provider and base URL; the API key is redacted.
 */
export function mapSdkError(error: unknown, ctx: SdkErrorContext): ProviderError {
  if (error instanceof ProviderError) return error;
  const { classes, label } = ctx;
  if (error instanceof classes.APIConnectionTimeoutError) {
    return new ProviderTimeoutError(`${label} did not answer within ${ctx.timeoutMs} ms (model ${ctx.model}).`);
  }
  if (error instanceof classes.APIConnectionError) {
    return new ProviderConnectionError(
      redact(
        `Cannot reach the ${label}: ${networkDetail(error)}. Check that the server runs and the base URL is right.`,
        ctx.apiKey,
      ),
    );
  }
  const status = (error as { status?: unknown })?.status;
  if (error instanceof classes.APIError && typeof status === 'number') {
    const detail = noFinalStop(redact(serverMessage(error), ctx.apiKey));
    if (status === 429) {
      return new ProviderRateLimitError(
        `${label} is rate limiting requests (429) after ${ctx.maxRetries} retries: ${detail}.`,
        429,
      );
    }
    return new ProviderResponseError(
      `${label} answered ${status}: ${detail}.${statusHint(status, ctx.model, !!ctx.apiKey)}`,
      status,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderResponseError(redact(`${label} failed: ${message}`, ctx.apiKey));
}
