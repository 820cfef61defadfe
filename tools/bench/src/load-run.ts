import autocannon from 'autocannon';
import type { BenchQuestion } from './bench-questions';

/** One load run against one POST /query (or, with `apiKey`, POST /api/chat) endpoint. */
export interface LoadRunOptions {
  /** Base URL (http://127.0.0.1:port) of the server; the run posts to `${url}/query`. */
  url: string;
  /**
   * With a key: POST /api/chat with `X-API-Key: <apiKey>` and `{question}` alone, so every request opens a session of
   * its own (a result-cache miss); `cache` must then be `miss`. The key's role and data policy apply (--policy).
   */
  apiKey?: string;
  questions: readonly BenchQuestion[];
  /** Seconds. */
  duration: number;
  connections: number;
  /**
   * `miss`: every request carries a new user_id (hence a new session), so the per-session result cache cannot hit;
   * `hit`: each question is asked by its own user, {@link cacheHitUser} (whose answers the caller primed beforehand).
   */
  cache: 'miss' | 'hit';
  /** What a good 2xx body is (see {@link BODY_CHECKS}); other bodies count as `failed`. */
  expect: BodyExpectation;
}

/** `columns`: the floor's `{"columns": ...}`; `success`: an nlq answer with `"success": true`. */
export type BodyExpectation = 'columns' | 'success';

/** Decides, per expectation, whether a 2xx body is a good answer (names, not functions, so a run can cross processes). */
export const BODY_CHECKS: Readonly<Record<BodyExpectation, (body: string) => boolean>> = Object.freeze({
  columns: (body: string) => body.startsWith('{"columns":'),
  success: (body: string) => {
    try {
      return (JSON.parse(body) as { success?: unknown }).success === true;
    } catch {
      return false;
    }
  },
});

/** What one run measured: latency in milliseconds, throughput in requests per second. */
export interface LoadRunResult {
  requests: number;
  /** Completed requests divided by the run's wall-clock seconds. */
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Non-2xx answers + connection errors/timeouts + 2xx bodies that failed verifyBody. */
  failed: number;
  durationSeconds: number;
}

/** Prefix of the user ids of a cache-hit run (and of its priming requests): see {@link cacheHitUser}. */
export const CACHE_HIT_USER = 'bench-hit';

/**
 * User (and session) asking question number `questionIndex` in a cache-hit run: one user per question, so each
 * session holds only repeats of its one question and the conversation window (which skips repeats of the question
 * asked) stays empty. With one user for every question, the window held the other questions in the order
 * concurrent requests happened to land, the result-cache key (which includes the conversation) changed with that
 * order, and about a fifth of a "hit" run missed (measured from the traces' cache spans: 144 of 697).
 */
export function cacheHitUser(questionIndex: number): string {
  return `${CACHE_HIT_USER}-${questionIndex}`;
}

/**
 * Runs autocannon (as a library, in this process) for `duration` seconds with `connections` connections. Requests
 * cycle through the questions; setupRequest writes each body, with a fresh user_id per request for `miss` runs.
 * Autocannon's `timeout` is 30 s per request, so a run ends at most that long after `duration`.
 */
export async function runLoad(options: LoadRunOptions): Promise<LoadRunResult> {
  let sent = 0;
  const runTag = Date.now().toString(36);
  const chat = options.apiKey !== undefined;
  if (chat && options.cache !== 'miss') throw new Error('a run on /api/chat measures cache misses only');
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: chat ? '/api/chat' : '/query',
        headers: { 'content-type': 'application/json', ...(chat ? { 'x-api-key': options.apiKey! } : {}) },
        setupRequest: (request) => {
          const n = sent++;
          const index = n % options.questions.length;
          const question = options.questions[index].question;
          if (chat) return { ...request, body: JSON.stringify({ question }) };
          const user = options.cache === 'miss' ? `bench-${runTag}-${n}` : cacheHitUser(index);
          return { ...request, body: JSON.stringify({ question, user_id: user }) };
        },
      },
    ],
    verifyBody: BODY_CHECKS[options.expect],
  });
  const latency = result.latency;
  const completed = result.requests.total ?? 0;
  return {
    requests: completed,
    requestsPerSecond: result.duration > 0 ? completed / result.duration : 0,
    latencyMs: { p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max, mean: latency.mean },
    failed: result.non2xx + result.errors + result.mismatches,
    durationSeconds: result.duration,
  };
}
