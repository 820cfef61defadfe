/**
 * Retry and timeout for clients without their own (the `ollama` package has neither). Policy as in openai-node and
 * docs/architecture.md: retry only 408, 409, 429 and 5xx answers and connection failures, with exponential backoff (0.5 s
 * doubling up to 8 s, up to 25 % jitter) unless the server sends `retry-after-ms` or `retry-after`.
 */

/** True for the HTTP statuses worth retrying: 408 request timeout, 409 conflict/lock, 429 rate limit, 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The attempt was aborted because it took longer than `timeoutMs` (thrown by fetchWithRetry). */
export class AttemptTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`);
    this.name = 'AttemptTimeoutError';
  }
}

/** True when `error` is a network-level failure of fetch (refused, reset, DNS), not an HTTP status or a timeout. */
export function isConnectionFailure(error: unknown): boolean {
  // Duck-typed: undici's errors come from another realm inside vm contexts such as Jest's, so instanceof fails.
  if (typeof error !== 'object' || error === null || error instanceof AttemptTimeoutError) return false;
  const { name, message, code, cause } = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    cause?: { code?: unknown };
  };
  if (name === 'AbortError' || name === 'TimeoutError') return false;
  return (
    (name === 'TypeError' && /fetch failed|network/i.test(String(message))) || typeof (cause?.code ?? code) === 'string'
  );
}

/** Text of the network cause, e.g. `ECONNREFUSED 127.0.0.1:9`, else the error message. */
export function connectionFailureDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code)
    return cause.message && cause.message.includes(cause.code)
      ? cause.message
      : `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return (error as Error)?.message ?? String(error);
}

/** How often and how patiently to retry (openai-node's defaults: 2 retries, 0.5 s doubling to 8 s). */
export interface RetryPolicy {
  /** Retries after the first attempt (0 disables retrying). */
  maxRetries: number;
  /** First backoff delay in milliseconds, doubled each retry. Default 500. */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay in milliseconds. Default 8000. */
  maxDelayMs?: number;
}

/**
 * Milliseconds to wait before retry number `retry` (0-based): the server's `retry-after-ms` or `retry-after`
 * (seconds or HTTP date) when present, capped at 60 s; else exponential backoff with jitter.
 */
export function retryDelayMs(retry: number, policy: RetryPolicy, headers?: Headers | null): number {
  const afterMs = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(afterMs) && afterMs >= 0) return Math.min(afterMs, 60_000);
  const after = headers?.get('retry-after');
  if (after) {
    const seconds = Number.parseFloat(after);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, 60_000);
  }
  const base = policy.baseDelayMs ?? 500;
  const delay = Math.min(base * 2 ** retry, policy.maxDelayMs ?? 8000);
  return delay * (1 - Math.random() * 0.25);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Wraps fetch with a per-attempt timeout and retries. Each attempt's response body is read inside the timeout and
 * handed back as a fresh Response, so a server that stalls mid-body also times out. With `stream: true` (streaming
 * APIs such as Ollama's NDJSON chat) a successful body is handed on as it arrives instead, and the timeout becomes
 * an idle timeout: the headers, then each piece of the body, must come within `timeoutMs` of the previous one.
 * Retries: statuses accepted by isRetryableStatus and connection failures (not timeouts: a slow model would only be
 * asked again), up to `maxRetries`; the last response (or error) is returned (or thrown) as is.
 * @throws AttemptTimeoutError when an attempt exceeds `timeoutMs`; the network TypeError of fetch after the last
 *   connection retry; the caller's own abort reason when its signal aborts.
 */
export function fetchWithRetry(
  policy: RetryPolicy & { timeoutMs: number; fetch?: typeof fetch; stream?: boolean },
): typeof fetch {
  const baseFetch = policy.fetch ?? fetch;
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const controller = new AbortController();
      let timer = setTimeout(() => controller.abort(new AttemptTimeoutError(policy.timeoutMs)), policy.timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
      let response: Response;
      try {
        const answer = await baseFetch(input, { ...init, signal });
        if (policy.stream && answer.body && !(attempt < policy.maxRetries && isRetryableStatus(answer.status))) {
          const restart = () => {
            clearTimeout(timer);
            timer = setTimeout(() => controller.abort(new AttemptTimeoutError(policy.timeoutMs)), policy.timeoutMs);
          };
          return idleTimedResponse(answer, restart, () => clearTimeout(timer), controller.signal);
        }
        const body = await answer.arrayBuffer();
        response = new Response(body.byteLength ? body : null, {
          status: answer.status,
          statusText: answer.statusText,
          headers: answer.headers,
        });
      } catch (error) {
        if (controller.signal.aborted && !init?.signal?.aborted) throw controller.signal.reason;
        if (attempt < policy.maxRetries && isConnectionFailure(error)) {
          await sleep(retryDelayMs(attempt, policy));
          continue;
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
      if (attempt < policy.maxRetries && isRetryableStatus(response.status)) {
        await sleep(retryDelayMs(attempt, policy, response.headers));
        continue;
      }
      return response;
    }
  };
}

/**
 * `answer` with its body passed through piece by piece: `restart` (re)starts the idle timer before each read and
 * `stop` stops it after each read and on cancel, so only waiting for the server counts; when `signal` aborts (the idle timeout) the body fails
 * with the signal's reason (an AttemptTimeoutError).
 */
function idleTimedResponse(answer: Response, restart: () => void, stop: () => void, signal: AbortSignal): Response {
  const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      restart();
      try {
        const { done, value } = await reader.read();
        stop();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        stop();
        controller.error(signal.aborted ? signal.reason : error);
      }
    },
    cancel(reason) {
      stop();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}
