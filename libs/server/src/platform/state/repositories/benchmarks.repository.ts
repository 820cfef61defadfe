import type { Benchmark, BenchmarkRun, BenchmarkTrigger } from '@nlq/contracts';
import { IsNull, LessThanOrEqual, Not, type DataSource } from 'typeorm';
import { BenchmarkEntity, BenchmarkRunEntity } from '../entities';
import type { ExclusiveRunner } from './exclusive-runner';

/** Rows a list of runs returns at most, newest first. */
export const MAX_LISTED_RUNS = 200;

/**
 * Benchmarks and their runs in `benchmark` and `benchmark_run` (docs/http-api.md "Benchmarks"): questions, results,
 * fingerprints and regressions as JSON text. Deleting a benchmark deletes its runs in the same transaction.
 */
export class BenchmarksRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  private get benchmarks() {
    return this.dataSource.getRepository(BenchmarkEntity);
  }

  private get runs() {
    return this.dataSource.getRepository(BenchmarkRunEntity);
  }

  /** Insert a new benchmark. Rejects with the driver's unique-violation error for a name taken in its connection. */
  async insert(benchmark: Benchmark): Promise<void> {
    await this.exclusive.run(() => this.benchmarks.insert(toRow(benchmark)));
  }

  /**
   * Replace a benchmark's name, questions, run_on_change and updated_at; its schedule and next_run_at too when
   * `rescheduled` (otherwise next_run_at stays as a replica's claim may have just advanced it).
   */
  async update(benchmark: Benchmark, rescheduled = false): Promise<void> {
    const { id, scheduleCron, scheduleTimezone, nextRunAt, ...rest } = toRow(benchmark);
    const row = rescheduled ? { ...rest, scheduleCron, scheduleTimezone, nextRunAt } : rest;
    await this.exclusive.run(() => this.benchmarks.update({ id }, row));
  }

  /** The benchmarks with a schedule whose next run is due at `nowIso` or before, earliest due first. */
  async listDue(nowIso: string): Promise<Benchmark[]> {
    const rows = await this.exclusive.run(() =>
      this.benchmarks.find({
        where: { nextRunAt: LessThanOrEqual(nowIso), scheduleCron: Not(IsNull()) },
        order: { nextRunAt: 'ASC', id: 'ASC' },
      }),
    );
    return rows.map(fromRow);
  }

  /**
   * Claim the scheduled run of a benchmark due at `due`: advance next_run_at from `due` to `next` with a conditional
   * UPDATE (`WHERE id = ? AND next_run_at = ?`). True for the one caller whose UPDATE changed the row; every other
   * replica (or a PATCH that changed the schedule meanwhile) finds it moved and gets false.
   */
  async claimDue(id: string, due: string, next: string | null): Promise<boolean> {
    const result = await this.exclusive.run(() => this.benchmarks.update({ id, nextRunAt: due }, { nextRunAt: next }));
    return result.affected === 1;
  }

  async get(id: string): Promise<Benchmark | null> {
    const row = await this.exclusive.run(() => this.benchmarks.findOneBy({ id }));
    return row ? fromRow(row) : null;
  }

  /** The benchmarks that run after each configuration change, of one connection when named, oldest first. */
  async listRunOnChange(connectionId?: string): Promise<Benchmark[]> {
    const rows = await this.exclusive.run(() =>
      this.benchmarks.find({
        where: connectionId === undefined ? { runOnChange: true } : { connectionId, runOnChange: true },
        order: { createdAt: 'ASC', id: 'ASC' },
      }),
    );
    return rows.map(fromRow);
  }

  /** Benchmarks, of one connection when named, oldest first. */
  async list(connectionId?: string): Promise<Benchmark[]> {
    const rows = await this.exclusive.run(() =>
      this.benchmarks.find({
        where: connectionId === undefined ? {} : { connectionId },
        order: { createdAt: 'ASC', id: 'ASC' },
      }),
    );
    return rows.map(fromRow);
  }

  /** The benchmark named `name` (exact) in a connection, or null. */
  async byName(connectionId: string, name: string): Promise<Benchmark | null> {
    const row = await this.exclusive.run(() => this.benchmarks.findOneBy({ connectionId, name }));
    return row ? fromRow(row) : null;
  }

  /** Delete a benchmark and its runs; false when it did not exist. */
  async remove(id: string): Promise<boolean> {
    return this.exclusive.run(() =>
      this.dataSource.transaction(async (manager) => {
        await manager.delete(BenchmarkRunEntity, { benchmarkId: id });
        const result = await manager.delete(BenchmarkEntity, { id });
        return (result.affected ?? 0) > 0;
      }),
    );
  }

  async insertRun(run: BenchmarkRun): Promise<void> {
    await this.exclusive.run(() => this.runs.insert(toRunRow(run)));
  }

  /** A benchmark's runs newest first (at most {@link MAX_LISTED_RUNS}), with their results. */
  async listRuns(benchmarkId: string): Promise<BenchmarkRun[]> {
    const rows = await this.exclusive.run(() =>
      this.runs.find({
        where: { benchmarkId },
        order: { startedAt: 'DESC', id: 'DESC' },
        take: MAX_LISTED_RUNS,
      }),
    );
    return rows.map(fromRunRow);
  }

  /** The latest run of a benchmark, or null. */
  async latestRun(benchmarkId: string): Promise<BenchmarkRun | null> {
    const row = await this.exclusive.run(() =>
      this.runs.findOne({ where: { benchmarkId }, order: { startedAt: 'DESC', id: 'DESC' } }),
    );
    return row ? fromRunRow(row) : null;
  }

  async getRun(benchmarkId: string, runId: string): Promise<BenchmarkRun | null> {
    const row = await this.exclusive.run(() => this.runs.findOneBy({ benchmarkId, id: runId }));
    return row ? fromRunRow(row) : null;
  }
}

function toRow(b: Benchmark): BenchmarkEntity {
  return {
    id: b.id,
    connectionId: b.connection_id,
    name: b.name,
    questions: JSON.stringify(b.questions),
    runOnChange: b.run_on_change,
    scheduleCron: b.schedule?.cron ?? null,
    scheduleTimezone: b.schedule?.timezone ?? null,
    nextRunAt: b.next_run_at,
    createdAt: b.created_at,
    updatedAt: b.updated_at,
  };
}

function fromRow(row: BenchmarkEntity): Benchmark {
  return {
    id: row.id,
    connection_id: row.connectionId,
    name: row.name,
    questions: JSON.parse(row.questions),
    run_on_change: Boolean(row.runOnChange),
    schedule:
      row.scheduleCron !== null && row.scheduleTimezone !== null
        ? { cron: row.scheduleCron, timezone: row.scheduleTimezone }
        : null,
    next_run_at: row.nextRunAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function toRunRow(run: BenchmarkRun): BenchmarkRunEntity {
  return {
    id: run.id,
    benchmarkId: run.benchmark_id,
    connectionId: run.connection_id,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
    total: run.total,
    rightCount: run.right,
    fingerprint: JSON.stringify(run.fingerprint),
    changes: JSON.stringify(run.changes),
    regressions: JSON.stringify(run.regressions),
    results: JSON.stringify(run.results),
    previousRunId: run.previous_run_id,
    trigger: run.trigger,
    late: run.late,
  };
}

function fromRunRow(row: BenchmarkRunEntity): BenchmarkRun {
  return {
    id: row.id,
    benchmark_id: row.benchmarkId,
    connection_id: row.connectionId,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    accuracy: row.total === 0 ? 1 : row.rightCount / row.total,
    total: row.total,
    right: row.rightCount,
    results: JSON.parse(row.results),
    regressions: JSON.parse(row.regressions),
    fingerprint: JSON.parse(row.fingerprint),
    changes: JSON.parse(row.changes),
    previous_run_id: row.previousRunId,
    trigger: isTrigger(row.trigger) ? row.trigger : 'request',
    late: Boolean(row.late),
  };
}

function isTrigger(value: string): value is BenchmarkTrigger {
  return value === 'request' || value === 'change' || value === 'schedule';
}
