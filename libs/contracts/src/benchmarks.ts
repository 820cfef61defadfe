/**
 * Benchmarks (docs/http-api.md "Benchmarks"): a connection's curated questions, each with the SQL whose result is the
 * expected answer, re-run through the pipeline on demand; each run records its configuration fingerprint and
 * accuracy, and names the questions that were right in the previous run and are not now.
 */

/** One question of a benchmark: the expected answer is the result of `expected_sql` at run time. */
export interface BenchmarkQuestion {
  question: string;
  /** A read (the SQL classifier's `read`); writes, DDL and refused SQL are rejected when saved. */
  expected_sql: string;
  /** Earlier questions asked first in the same session, oldest first, so that `question` is a follow-up. */
  context?: string[];
}

/** A stored benchmark, as GET/POST/PATCH /api/benchmarks answer it. */
export interface Benchmark {
  id: string;
  connection_id: string;
  name: string;
  questions: BenchmarkQuestion[];
  /**
   * Start a run in the background after each change of the connection's model setting, definition versions or schema
   * version (when the configuration fingerprint differs from the latest run's); default false.
   */
  run_on_change: boolean;
  /** Start a run in the background on this cron schedule (docs/http-api.md "Benchmarks", "Runs on a schedule"); null: never. */
  schedule: BenchmarkSchedule | null;
  /** When the next scheduled run is due (ISO-8601 UTC); null without a schedule. */
  next_run_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A benchmark's schedule: a cron expression of 5 fields (minute hour day-of-month month day-of-week, or a nickname
 * such as `@daily`) read in an IANA time zone (such as `Europe/Paris` or `UTC`).
 */
export interface BenchmarkSchedule {
  cron: string;
  timezone: string;
}

/** What started a run: a request, a change of the configuration, or the benchmark's schedule. */
export type BenchmarkTrigger = 'request' | 'change' | 'schedule';

/** GET /api/benchmarks. */
export interface BenchmarkList {
  items: Benchmark[];
}

/**
 * How one question fared: `right` (the result equals the expected one), `wrong` (it differs; see the reasons),
 * `refused` (the pipeline refused the question or its SQL, or held a write), `clarification` (it asked back) or
 * `error` (the expected SQL failed, or the pipeline failed to answer).
 */
export type BenchmarkStatus = 'right' | 'wrong' | 'refused' | 'clarification' | 'error';

/** Every {@link BenchmarkStatus}. */
export const BENCHMARK_STATUSES: readonly BenchmarkStatus[] = ['right', 'wrong', 'refused', 'clarification', 'error'];

/**
 * Why a result differs from the expected one (libs/pipeline/src/benchmarks/result-comparison.ts `compareResults`):
 * - missing_rows / extra_rows: rows of the expected result it lacks / rows it has that the expected result lacks;
 * - missing_columns / extra_columns: fewer / more columns than the expected result;
 * - different_values: as many rows, but some values differ;
 * - different_order: the same rows in another order where the expected SQL orders them;
 * - empty_result: no rows where rows were expected.
 */
export type MismatchReason =
  | 'missing_rows'
  | 'extra_rows'
  | 'missing_columns'
  | 'extra_columns'
  | 'different_values'
  | 'different_order'
  | 'empty_result';

/** A definition as a run used it: id and version. */
export interface DefinitionVersion {
  id: string;
  name: string | null;
  version: number;
}

/** What a run ran with: the model provider, the model, the connection's live definitions and its schema version. */
export interface BenchmarkFingerprint {
  provider: string;
  model: string;
  /** The connection's live definitions, sorted by id. */
  definitions: DefinitionVersion[];
  schema_version: string | null;
}

/** A part of {@link BenchmarkFingerprint} that differs from the previous run's, with both values. */
export interface FingerprintChange {
  part: 'provider' | 'model' | 'definitions' | 'schema_version';
  before: unknown;
  now: unknown;
}

/** One question's outcome in a run. */
export interface BenchmarkResult {
  question: string;
  context: string[];
  status: BenchmarkStatus;
  /** Empty unless `status` is `wrong`. */
  reasons: MismatchReason[];
  /** The SQL the pipeline ran (empty when none). */
  sql: string;
  expected_sql: string;
  /** Wall time of the question (its context questions excluded), in milliseconds. */
  latency_ms: number;
  /** The pipeline's error, a refusal's reason, a cut result; empty when none. */
  warnings: string[];
  /** The business definitions the answer used. */
  definitions: DefinitionVersion[];
  /** The first rows of each side (at most 20), for the side-by-side view. */
  columns: string[];
  rows: unknown[][];
  expected_columns: string[];
  expected_rows: unknown[][];
}

/** A question that was right in the previous run and is not now. */
export interface BenchmarkRegression {
  question: string;
  before: BenchmarkStatus;
  now: BenchmarkStatus;
}

/** A finished run, as POST /api/benchmarks/{id}/runs and GET .../runs/{run_id} answer it. */
export interface BenchmarkRun {
  id: string;
  benchmark_id: string;
  connection_id: string;
  started_at: string;
  finished_at: string;
  /** right / total, 0 to 1 (1 for an empty benchmark). */
  accuracy: number;
  total: number;
  right: number;
  results: BenchmarkResult[];
  regressions: BenchmarkRegression[];
  fingerprint: BenchmarkFingerprint;
  /** The fingerprint parts that differ from the previous run's (empty for the first run). */
  changes: FingerprintChange[];
  /** Id of the previous run compared with, or null. */
  previous_run_id: string | null;
  /** What started it (`request` for runs stored before triggers were recorded). */
  trigger: BenchmarkTrigger;
  /** A scheduled run started well after its due time (no replica was up then): run once for the slots missed. */
  late: boolean;
}

/** GET /api/benchmarks/{id}/runs: runs newest first, without their results. */
export interface BenchmarkRunList {
  items: Array<Omit<BenchmarkRun, 'results'>>;
  /** Runs in the background on this replica (running, or failed in the last hour), newest first. */
  pending: BenchmarkRunPending[];
}

/**
 * A run started in the background (POST /api/benchmarks/{id}/runs?wait=false answers it with 202, and so does
 * GET .../runs/{run_id} until the run is stored): `running`, or `failed` with the reason when it could not finish.
 * Kept in the memory of the replica that runs it.
 */
export interface BenchmarkRunPending {
  id: string;
  benchmark_id: string;
  connection_id: string;
  started_at: string;
  status: 'running' | 'failed';
  /** What started it: a request (`request`), a change of the configuration (`change`) or the schedule (`schedule`). */
  trigger: BenchmarkTrigger;
  /** A scheduled run started well after its due time (see BenchmarkRun.late). */
  late: boolean;
  /** Why it failed; null while it runs. */
  error: string | null;
}
