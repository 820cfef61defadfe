import type { ChartSuggestion } from './results';

/**
 * The first page of a query's result as kept on its history entry, so a reloaded session shows
 * its table and chart: at most `HISTORY_RESULT_MAX_ROWS` rows and `HISTORY_RESULT_MAX_BYTES` of JSON, whichever
 * comes first. Beyond it, export re-runs the query (GET /api/export).
 */
export interface KeptResult {
  columns: string[];
  /** The kept rows, each aligned with `columns` (JSON-safe values, as /api/chat returns them). */
  rows: unknown[][];
  /** True when the result had more rows than were kept (the cap cut it, or the row limit had already). */
  more: boolean;
  /** The chart suggestion for the kept rows (GET /api/sessions/{id} adds it; absent in the store). */
  chart?: ChartSuggestion | null;
}

/** Most result rows kept on one history entry (the web app's first pages). */
export const HISTORY_RESULT_MAX_ROWS = 100;

/** Most bytes of JSON the kept rows of one history entry may take (wide rows keep fewer than 100). */
export const HISTORY_RESULT_MAX_BYTES = 64 * 1024;

/**
 * Most kept rows one entry carries in a history list (GET /api/sessions/{id}, GET /session/{id}): a page of entries
 * stays small however wide their results; `more` says rows were left out (export re-runs the query).
 */
export const HISTORY_LIST_RESULT_MAX_ROWS = 20;

/** Most bytes of JSON the kept rows of one entry take in a history list. */
export const HISTORY_LIST_RESULT_MAX_BYTES = 16 * 1024;
