/**
 * Retries of deliveries (docs/http-api.md "Schedules and alerts", "Delivery and retries"): a run that could not
 * read its results or deliver to every target is tried again, at most {@link DELIVERY_RETRY_LIMIT} times, after
 * {@link retryDelayMs} (exponential backoff from {@link RETRY_BASE_MS}). The same limits drive pg-boss's queue
 * (retryLimit, retryDelay in seconds, retryBackoff) and the in-process queue of SQLite state.
 */

/** Retries after the first attempt: at most 6 attempts in all. */
export const DELIVERY_RETRY_LIMIT = 5;
/** The first retry's delay, in ms; each further retry doubles it. */
export const RETRY_BASE_MS = 1_000;

/** The delay before retry number `retry` (1 for the first retry), in ms: 1 s, 2 s, 4 s, 8 s, 16 s. */
export function retryDelayMs(retry: number): number {
  return RETRY_BASE_MS * 2 ** Math.max(0, retry - 1);
}
