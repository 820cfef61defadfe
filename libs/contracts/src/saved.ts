/**
 * Saved answers (docs/http-api.md "Saved answers"): an answer kept under a name (its question, SQL, chart choice and
 * reading), re-run on demand read-only with no model call. A saved answer belongs to the user who saved it.
 */
import type { ChartSuggestion } from './results';

/** Where a saved answer came from: the answered question of a session, or SQL written out (null). */
export interface SavedAnswerSource {
  session_id: string;
  entry_id: string;
}

/** A saved answer, as GET/POST/PATCH /api/saved answer it. */
export interface SavedAnswer {
  id: string;
  name: string;
  /** The user who saved it (`service` for the service key). */
  user_id: string;
  connection_id: string;
  /** The question asked, or null for SQL written out. */
  question: string | null;
  /** A read (the SQL classifier's `read`); writes, DDL and refused SQL are never saved. */
  sql: string;
  /** The chart the answer suggested when saved, or null. */
  chart: ChartSuggestion | null;
  /** What the SQL computes in plain English (the answer's reading), or null. */
  reading: string | null;
  source: SavedAnswerSource | null;
  created_at: string;
  updated_at: string;
}

/** GET /api/saved: the caller's saved answers (the service key: everyone's), newest first. */
export interface SavedAnswerList {
  items: SavedAnswer[];
}

/** Body of POST /api/saved: `session_id` with `entry_id`, or `connection_id` (default the active one) with `sql`. */
export interface CreateSavedAnswerRequest {
  name: string;
  session_id?: string;
  entry_id?: string;
  connection_id?: string;
  sql?: string;
}

/** GET /api/saved/{id}/result: the saved SQL run again now, read-only, with no model call. */
export interface SavedAnswerResult {
  saved_id: string;
  columns: string[];
  rows: unknown[][];
  row_count: number;
  /** True when the row limit cut the rows; `total_rows` then counts them when it could. */
  truncated: boolean;
  total_rows: number | null;
  /** The result in plain words, from a template (never a model). */
  answer: string;
  chart: ChartSuggestion | null;
  /** When the rows were read (ISO-8601 UTC). */
  read_at: string;
}
