/**
 * Verified examples (docs/http-api.md "Verified examples"): a thumbs-up on an answered read becomes a
 * `candidate`, re-run read-only and fingerprinted; only an admin's promotion makes it `verified`, and only verified
 * examples are few-shot examples (docs/architecture.md step 5).
 *
 * - candidate: waiting for an admin (its check passed, or has not run yet);
 * - failed_check: its SQL no longer ran, or its result differed from the answer it came from (`reason` says which);
 * - verified: promoted after a passing re-run; in the prompts of its connection;
 * - retired: a schema change broke it (its SQL no longer runs or its columns changed; `reason`);
 * - rejected: an admin refused it.
 */
export type ExampleStatus = 'candidate' | 'failed_check' | 'verified' | 'retired' | 'rejected';

/** Every {@link ExampleStatus}, for validation. */
export const EXAMPLE_STATUSES: readonly ExampleStatus[] = [
  'candidate',
  'failed_check',
  'verified',
  'retired',
  'rejected',
];

/**
 * What a read returned, compared across re-runs: the column names, the row count and a SHA-256 of the rows
 * (order-insensitive unless the SQL has an ORDER BY).
 */
export interface ResultFingerprint {
  columns: string[];
  row_count: number;
  /** Hex SHA-256 of the rows (JSON, one line a row; the lines sorted unless the SQL orders its rows). */
  hash: string;
}

/** One question/SQL pair on its way to (or out of) the few-shot examples of a connection. */
export interface VerifiedExample {
  id: string;
  connection_id: string;
  question: string;
  sql: string;
  /** Schema version the SQL last ran against (null before its first check). */
  schema_version: string | null;
  /** Fingerprint of the result at its last passing check (null before it, or when the SQL failed). */
  result_fingerprint: ResultFingerprint | null;
  status: ExampleStatus;
  /** Why it is failed_check, retired, rejected or back to candidate; null otherwise. */
  reason: string | null;
  /** History entry id of the answered query the thumbs-up was given on. */
  source_entry_id: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /api/knowledge/examples. */
export interface VerifiedExampleList {
  items: VerifiedExample[];
}
