import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource, QueryRunner } from 'typeorm';

/** How long state is kept, in days; 0 keeps that kind forever (docs/operations.md "State retention"). */
export interface RetentionPolicy {
  /** History entries (and decided pending operations) older than this many days are pruned. */
  historyDays: number;
  /** Traces older than this many days are pruned. */
  traceDays: number;
}

/** How a pruning run paces itself. */
export interface PruneOptions {
  /** Rows one DELETE statement removes at most (default 100): bounds how long a statement holds the database. */
  batchSize?: number;
  /** Pause between two batches, in ms (default 20): requests run in between. */
  pauseMs?: number;
  /** Checked before each batch: a run asked to stop (shutdown) ends early, every finished batch kept. */
  shouldStop?: () => boolean;
  /** Runs each statement: the store's serialization on SQLite (TypeOrmStateStore.prune); default: directly. */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** Rows a pruning run deleted, per table. */
export interface PruneResult {
  historyEntries: number;
  traces: number;
  pendingOperations: number;
}

/** States of an operation that may still run or be decided: its query entry and its session's traces are kept. */
const UNDECIDED = "('pending', 'failed', 'executing')";
/** States of a decided operation: pruned with the history. */
const DECIDED_STATES = ['approved', 'rejected', 'superseded'] as const;

const DAY_MS = 86_400_000;

/** A table pruned by age, page by page in (time, key) order, keeping the rows `keep` (an SQL condition) names. */
interface PagedTable {
  table: 'history_entry' | 'trace';
  /** ISO-8601 time column (indexed). */
  time: string;
  /** Unique key breaking ties of time (seq, id). */
  key: string;
  /** The key's smallest value, below every key. */
  firstKey: string | number;
  /** SQL condition true for the rows that may be deleted. */
  deletable: string;
}

const HISTORY: PagedTable = {
  table: 'history_entry',
  time: 'created_at',
  key: 'seq',
  firstKey: 0,
  deletable:
    `kind <> 'feedback'` +
    ` AND NOT EXISTS (SELECT 1 FROM history_entry f WHERE f.ref_id = history_entry.id AND f.kind = 'feedback')` +
    ` AND id NOT IN (SELECT query_entry_id FROM pending_operation WHERE state IN ${UNDECIDED})`,
};

const TRACES: PagedTable = {
  table: 'trace',
  time: 'started_at',
  key: 'id',
  firstKey: '',
  deletable: `NOT EXISTS (SELECT 1 FROM pending_operation o WHERE o.session_id = trace.session_id AND o.state IN ${UNDECIDED})`,
};

/**
 * Deletes, in batches of `batchSize` rows with a pause between batches, the state older than the policy's cutoffs
 * (`now` minus the days; times are the ISO-8601 strings the store writes, compared as text):
 * - history entries created before the history cutoff, except rated questions (every `feedback` entry and each
 *   entry a feedback entry refers to by ref_id: the few-shot examples and their ratings) and the query entry of
 *   an operation still pending, failed or executing;
 * - pending operations decided (approved, rejected, superseded) before the history cutoff;
 * - traces started before the trace cutoff, except those of a session whose write still awaits a decision.
 * History and traces are paged in (time, key) order through their time index, so each statement reads one page
 * and the kept rows are read once a run, not once a batch. Each statement stands alone (no transaction spans
 * batches), so a stop or a failure keeps the batches done.
 * @param now the time the cutoffs count back from, in ms since the epoch.
 * @returns the rows deleted per table.
 * @throws the driver's error when a statement fails (rows of earlier statements stay deleted).
 */
export async function pruneState(
  dataSource: DataSource,
  policy: RetentionPolicy,
  now: number,
  options: PruneOptions = {},
): Promise<PruneResult> {
  const batch = Math.max(1, Math.floor(options.batchSize ?? 100));
  const statements = new PruneStatements(dataSource, options);
  const result: PruneResult = { historyEntries: 0, traces: 0, pendingOperations: 0 };
  try {
    if (policy.historyDays > 0) {
      const cutoff = new Date(now - policy.historyDays * DAY_MS).toISOString();
      result.historyEntries = await prunePaged(statements, HISTORY, cutoff, batch);
      result.pendingOperations = await pruneDecided(statements, cutoff, batch);
    }
    if (policy.traceDays > 0)
      result.traces = await prunePaged(
        statements,
        TRACES,
        new Date(now - policy.traceDays * DAY_MS).toISOString(),
        batch,
      );
  } finally {
    await statements.release();
  }
  return result;
}

/** The statements of one prune on one query runner: parameters bound per engine, a pause between batches, a stop. */
class PruneStatements {
  private readonly runner: QueryRunner;
  private readonly postgres: boolean;
  private first = true;

  constructor(
    dataSource: DataSource,
    private readonly options: PruneOptions,
  ) {
    this.runner = dataSource.createQueryRunner();
    this.postgres = dataSource.options.type === 'postgres';
  }

  /** SQL and its parameters: `v(value)` adds a parameter and returns its placeholder ($n, or ? in order on SQLite). */
  bind(build: (v: (value: unknown) => string) => string): [string, unknown[]] {
    const values: unknown[] = [];
    const sql = build((value) => {
      values.push(value);
      return this.postgres ? `$${values.length}` : '?';
    });
    return [sql, values];
  }

  /** Runs one statement (inside `options.exclusive`); resolves with the rows it affected (DELETE) or returned (SELECT). */
  async run<T = unknown>([sql, parameters]: [string, unknown[]]): Promise<{ affected: number; records: T[] }> {
    const exclusive = this.options.exclusive ?? (<R>(fn: () => Promise<R>) => fn());
    const out = await exclusive(() => this.runner.query(sql, parameters, true));
    return { affected: out.affected ?? 0, records: Array.isArray(out.records) ? (out.records as T[]) : [] };
  }

  /** Whether another batch may run: after a pause of `pauseMs` (none before the first), unless asked to stop. */
  async next(): Promise<boolean> {
    const pauseMs = this.options.pauseMs ?? 20;
    if (!this.first && pauseMs > 0) await sleep(pauseMs);
    this.first = false;
    return !(this.options.shouldStop ?? (() => false))();
  }

  release(): Promise<void> {
    return this.runner.release();
  }
}

/** Prunes `t` older than `cutoff`, one page of `batch` rows per statement; the rows deleted. */
async function prunePaged(statements: PruneStatements, t: PagedTable, cutoff: string, batch: number): Promise<number> {
  let deletedRows = 0;
  let from: [string, string | number] = ['', t.firstKey];
  while (await statements.next()) {
    const page = await statements.run<{ t: string; k: string | number }>(
      statements.bind(
        (v) =>
          `SELECT ${t.time} AS t, ${t.key} AS k FROM ${t.table} WHERE ${t.time} < ${v(cutoff)} AND (${t.time}, ${t.key}) > (${v(from[0])}, ${v(from[1])}) ` +
          `ORDER BY ${t.time}, ${t.key} LIMIT 1 OFFSET ${batch - 1}`,
      ),
    );
    const end = page.records[0];
    const upper: [string, string | number] | null = end ? [end.t, t.key === 'seq' ? Number(end.k) : end.k] : null;
    // The page's own bounds on the time column, not the cutoff as well (SQLite would then range over everything up
    // to the cutoff): the index range read is the page.
    const deleted = await statements.run(
      statements.bind(
        (v) =>
          `DELETE FROM ${t.table} WHERE ${t.time} >= ${v(from[0])} AND (${t.time}, ${t.key}) > (${v(from[0])}, ${v(from[1])})` +
          (upper
            ? ` AND ${t.time} <= ${v(upper[0])} AND (${t.time}, ${t.key}) <= (${v(upper[0])}, ${v(upper[1])})`
            : ` AND ${t.time} < ${v(cutoff)}`) +
          ` AND ${t.deletable}`,
      ),
    );
    deletedRows += deleted.affected;
    if (!upper) break;
    from = upper;
  }
  return deletedRows;
}

/**
 * Prunes decided pending operations created before `cutoff`: one decided state at a time, oldest first, each
 * statement one range of ix_pending_operation_state; the rows deleted.
 */
async function pruneDecided(statements: PruneStatements, cutoff: string, batch: number): Promise<number> {
  let deletedRows = 0;
  for (const state of DECIDED_STATES) {
    while (await statements.next()) {
      const deleted = await statements.run(
        statements.bind(
          (v) =>
            `DELETE FROM pending_operation WHERE id IN (SELECT id FROM pending_operation WHERE state = ${v(state)} AND created_at < ${v(cutoff)} ` +
            `ORDER BY created_at LIMIT ${batch})`,
        ),
      );
      deletedRows += deleted.affected;
      if (deleted.affected < batch) break;
    }
  }
  return deletedRows;
}
