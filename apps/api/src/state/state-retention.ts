import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';

/** How long state is kept, in days; 0 keeps that kind forever (README "State retention"). */
export interface RetentionPolicy {
  /** History entries (and decided pending operations) older than this many days are pruned. */
  historyDays: number;
  /** Traces older than this many days are pruned. */
  traceDays: number;
}

/** How a pruning run paces itself. */
export interface PruneOptions {
  /** Rows one DELETE statement removes at most (default 500): the longest a statement holds the database. */
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

/** States of an operation that may still run or be decided: its query entry and trace are never pruned. */
const UNDECIDED = "('pending', 'failed', 'executing')";
/** States of a decided operation: pruned with the history. */
const DECIDED = "('approved', 'rejected', 'superseded')";

const DAY_MS = 86_400_000;

/**
 * Deletes, in batches of `batchSize` rows with a pause between statements, the state older than the policy's
 * cutoffs (`now` minus the days; times are the ISO-8601 strings the store writes, compared as text):
 * - history entries created before the history cutoff, except rated questions (every `feedback` entry and each
 *   entry a feedback entry refers to by ref_id: the few-shot examples and their ratings) and the query entry of
 *   an operation still pending, failed or executing. Paged by (created_at, seq) through ix_history_entry_created,
 *   so the kept rows are read once a run, not once a batch;
 * - pending operations decided (approved, rejected, superseded) before the history cutoff;
 * - traces started before the trace cutoff, except the trace of an operation's query entry still undecided.
 * Each statement stands alone (no transaction spans batches), so a stop or a failure keeps the batches done.
 * @param now the time the cutoffs count back from, in ms since the epoch.
 * @returns the rows deleted per table.
 * @throws the driver's error when a statement fails (rows of earlier statements stay deleted).
 */
export async function pruneState(dataSource: DataSource, policy: RetentionPolicy, now: number, options: PruneOptions = {}): Promise<PruneResult> {
  const batch = Math.max(1, Math.floor(options.batchSize ?? 500));
  const pauseMs = options.pauseMs ?? 20;
  const exclusive = options.exclusive ?? (<T>(fn: () => Promise<T>) => fn());
  const stopped = options.shouldStop ?? (() => false);
  const postgres = dataSource.options.type === 'postgres';
  const p = (n: number) => (postgres ? `$${n}` : '?');
  const result: PruneResult = { historyEntries: 0, traces: 0, pendingOperations: 0 };
  const runner = dataSource.createQueryRunner();
  /** Runs one statement; resolves with the rows it affected (DELETE) or returned (SELECT). */
  const run = async <T = unknown>(sql: string, parameters: unknown[]): Promise<{ affected: number; records: T[] }> => {
    const out = await exclusive(() => runner.query(sql, parameters, true));
    return { affected: out.affected ?? 0, records: Array.isArray(out.records) ? (out.records as T[]) : [] };
  };
  let first = true;
  const next = async (): Promise<boolean> => {
    if (!first && pauseMs > 0) await sleep(pauseMs);
    first = false;
    return !stopped();
  };
  try {
    if (policy.historyDays > 0) {
      const cutoff = new Date(now - policy.historyDays * DAY_MS).toISOString();
      let cursor: [string, number] = ['', 0];
      while (await next()) {
        const page = await run<{ created_at: string; seq: number | string }>(
          `SELECT created_at, seq FROM history_entry WHERE created_at < ${p(1)} AND (created_at, seq) > (${p(2)}, ${p(3)}) ` +
            `ORDER BY created_at, seq LIMIT 1 OFFSET ${batch - 1}`,
          [cutoff, ...cursor],
        );
        const end = page.records[0];
        const upper: [string, number] | null = end ? [end.created_at, Number(end.seq)] : null;
        const deleted = await run(
          `DELETE FROM history_entry WHERE created_at < ${p(1)} AND (created_at, seq) > (${p(2)}, ${p(3)})` +
            (upper ? ` AND (created_at, seq) <= (${p(4)}, ${p(5)})` : '') +
            ` AND kind <> 'feedback'` +
            ` AND NOT EXISTS (SELECT 1 FROM history_entry f WHERE f.ref_id = history_entry.id AND f.kind = 'feedback')` +
            ` AND id NOT IN (SELECT query_entry_id FROM pending_operation WHERE state IN ${UNDECIDED})`,
          upper ? [cutoff, ...cursor, ...upper] : [cutoff, ...cursor],
        );
        result.historyEntries += deleted.affected;
        if (!upper) break;
        cursor = upper;
      }
      result.pendingOperations = await deleteInBatches(next, run, (limit) => [
        `DELETE FROM pending_operation WHERE id IN (SELECT id FROM pending_operation WHERE state IN ${DECIDED} AND created_at < ${p(1)} LIMIT ${limit})`,
        [cutoff],
      ], batch);
    }
    if (policy.traceDays > 0) {
      const cutoff = new Date(now - policy.traceDays * DAY_MS).toISOString();
      result.traces = await deleteInBatches(next, run, (limit) => [
        `DELETE FROM trace WHERE id IN (SELECT id FROM trace WHERE started_at < ${p(1)} AND id NOT IN (` +
          `SELECT h.trace_id FROM pending_operation o JOIN history_entry h ON h.id = o.query_entry_id ` +
          `WHERE o.state IN ${UNDECIDED} AND h.trace_id IS NOT NULL) ORDER BY started_at LIMIT ${limit})`,
        [cutoff],
      ], batch);
    }
  } finally {
    await runner.release();
  }
  return result;
}

/** Repeats the DELETE `statement(batch)` builds until it removes fewer than `batch` rows or the run stops; the total. */
async function deleteInBatches(
  next: () => Promise<boolean>,
  run: (sql: string, parameters: unknown[]) => Promise<{ affected: number }>,
  statement: (limit: number) => [string, unknown[]],
  batch: number,
): Promise<number> {
  let total = 0;
  while (await next()) {
    const deleted = await run(...statement(batch));
    total += deleted.affected;
    if (deleted.affected < batch) break;
  }
  return total;
}
