import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Benchmark } from '@nlq/contracts';
import type { Logger } from 'pino';
import { AppConfig } from '../../platform/config/app-config';
import { IntervalTicker } from '../../platform/common/interval-ticker';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { BenchmarkRunsService } from './benchmark-runs.service';
import { nextDue } from './benchmark-schedule';

/** A scheduled run claimed more than this long after its due time is late (ms); at least twice the interval. */
export const LATE_AFTER_MS = 60_000;

/**
 * Runs on a schedule (docs/http-api.md "Benchmarks", "Runs on a schedule"): every BENCHMARK_SCHEDULER_INTERVAL_MS
 * each replica reads the benchmarks whose `next_run_at` has passed and claims each due run in the state store by
 * advancing `next_run_at` from the value it read to the schedule's next time after now with a conditional UPDATE
 * ({@link BenchmarksRepository.claimDue}); only the replica whose UPDATE changed the row starts the background run
 * (trigger `schedule`), so two replicas never start the same due run. The next time is counted from now, so slots
 * missed while no replica was up are run once, late, and that run is marked `late` (claimed more than
 * {@link LATE_AFTER_MS}, or twice the interval, after its due time). One tick at a time; a failing tick is logged.
 */
@Injectable()
export class BenchmarkSchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly ticker: IntervalTicker;

  constructor(
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    private readonly runs: BenchmarkRunsService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.ticker = new IntervalTicker(
      (now) => this.startDue(now),
      (error) => this.logger.warn({ err: error }, 'benchmark scheduler: due runs not read; retried at the next tick'),
    );
  }

  /** Starts the ticks; the timer does not keep the process alive. */
  onApplicationBootstrap(): void {
    this.ticker.start(this.config.benchmarkSchedulerIntervalMs);
  }

  /** Stops the ticks and waits for one in progress (before the background runs are drained). Idempotent. */
  onModuleDestroy(): Promise<void> {
    return this.ticker.stop();
  }

  /**
   * Claim and start every due scheduled run now (or join the tick in progress): resolves with the runs this replica
   * started. Never rejects (a failure is logged as a warning and the next tick retries).
   */
  tick(now = new Date()): Promise<number> {
    return this.ticker.tick(now);
  }

  private async startDue(now: Date): Promise<number> {
    let started = 0;
    for (const benchmark of await this.store.benchmarks.listDue(now.toISOString())) {
      if (this.ticker.stopping) break;
      if (await this.claimAndStart(benchmark, now)) started++;
    }
    return started;
  }

  /** Claim the due run of one benchmark and start it when this replica won the claim. Never throws (logged). */
  private async claimAndStart(benchmark: Benchmark, now: Date): Promise<boolean> {
    const due = benchmark.next_run_at;
    if (!due || !benchmark.schedule) return false;
    try {
      const next = nextDue(benchmark.schedule, now);
      if (!(await this.store.benchmarks.claimDue(benchmark.id, due, next))) return false;
      const lateAfter = Math.max(LATE_AFTER_MS, 2 * this.config.benchmarkSchedulerIntervalMs);
      const late = now.getTime() - Date.parse(due) > lateAfter;
      const run = this.runs.startScheduled(benchmark, late);
      this.logger.info(
        { benchmarkId: benchmark.id, runId: run.id, due, late, next },
        'scheduled benchmark run started',
      );
      return true;
    } catch (error) {
      this.logger.warn({ err: error, benchmarkId: benchmark.id }, 'scheduled benchmark run not started');
      return false;
    }
  }
}
