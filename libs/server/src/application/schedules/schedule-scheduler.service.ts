import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { SecretBox } from '../../platform/auth/secret-box';
import { AppConfig } from '../../platform/config/app-config';
import { IntervalTicker } from '../../platform/common/interval-ticker';
import { isPostgresStateUrl } from '../../platform/state/state-data-source.factory';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import type { ScheduleEntity, ScheduleRunEntity } from '../../platform/state/entities';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { nextDue } from '../benchmarks/benchmark-schedule';
import { LATE_AFTER_MS } from '../benchmarks/benchmark-scheduler.service';
import type { DeliveryQueue } from './delivery-queue';
import { InProcessDeliveryQueue } from './in-process-delivery-queue';
import { PgBossDeliveryQueue } from './pg-boss-delivery-queue';
import { newRun, toRecord } from './schedule-record';
import { ScheduleRunProcessor } from './schedule-run-processor.service';

/** A run of PostgreSQL state still pending this long after it started is queued again (idempotent), in ms. */
export const REQUEUE_AFTER_MS = 120_000;

/**
 * Runs schedules on time, exactly once across replicas (docs/http-api.md "Schedules and alerts", docs/operations.md
 * "Schedules across replicas"). Every SCHEDULER_INTERVAL_MS each replica reads the enabled schedules whose
 * `next_run_at` has passed and claims each due slot by advancing `next_run_at` from the value it read to the next
 * time after now with a conditional UPDATE, inserting the slot's run in the same transaction (the benchmark
 * scheduler's pattern, SchedulesRepository.claimSlot); only the winner queues the run for delivery. Slots missed
 * while no replica ran are run once, late (claimed more than a minute, or two intervals, after they were due). The
 * delivery queue is pg-boss on PostgreSQL state and in process on SQLite state; at start (and on PostgreSQL, at
 * each tick for runs pending over {@link REQUEUE_AFTER_MS}) the unfinished runs are queued again, so a restart
 * resumes them.
 */
@Injectable()
export class ScheduleSchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly queue: DeliveryQueue;
  private readonly onPostgres: boolean;
  private readonly ticker: IntervalTicker;

  constructor(
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    @Inject(SecretBox) private readonly box: SecretBox,
    @Inject(ScheduleRunProcessor) processor: ScheduleRunProcessor,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    const process = (runId: string) => processor.process(runId);
    this.onPostgres = isPostgresStateUrl(config.stateDatabaseUrl);
    this.queue = this.onPostgres
      ? new PgBossDeliveryQueue(config.stateDatabaseUrl, process, logger)
      : new InProcessDeliveryQueue(process, logger);
    this.ticker = new IntervalTicker(
      (now) => this.claimDue(now),
      (error) => this.logger.warn({ err: error }, 'schedule scheduler: due slots not read; retried at the next tick'),
    );
  }

  /** Starts the delivery queue, resumes unfinished runs, then the ticks (the timer does not keep the process alive). */
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
    await this.requeueUnfinished(new Date());
    this.ticker.start(this.config.schedulerIntervalMs);
  }

  /** Stops the ticks, waits for one in progress, then stops the queue gracefully (SHUTDOWN_GRACE_MS). Idempotent. */
  async onModuleDestroy(): Promise<void> {
    if (this.ticker.stopping) return;
    await this.ticker.stop();
    await this.queue.stop(this.config.shutdownGraceMs);
  }

  /** Queue one run (a run started by hand) for delivery. */
  enqueue(run: ScheduleRunEntity): Promise<void> {
    return this.queue.enqueue(run);
  }

  /**
   * Claim and queue every due slot now (or join the tick in progress): resolves with the runs this replica claimed.
   * Never rejects (a failure is logged as a warning and the next tick retries).
   */
  tick(now = new Date()): Promise<number> {
    return this.ticker.tick(now);
  }

  private async claimDue(now: Date): Promise<number> {
    let claimed = 0;
    for (const schedule of await this.store.schedules.listDue(now.toISOString())) {
      if (this.ticker.stopping) break;
      if (await this.claimAndQueue(schedule, now)) claimed++;
    }
    if (this.onPostgres && !this.ticker.stopping)
      await this.requeueUnfinished(new Date(now.getTime() - REQUEUE_AFTER_MS));
    return claimed;
  }

  /** Claim one schedule's due slot and queue its run when this replica won the claim. Never throws (logged). */
  private async claimAndQueue(row: ScheduleEntity, now: Date): Promise<boolean> {
    const due = row.nextRunAt;
    if (!due) return false;
    try {
      const schedule = toRecord(row, this.box);
      const next = nextDue(schedule, now);
      const lateAfter = Math.max(LATE_AFTER_MS, 2 * this.config.schedulerIntervalMs);
      const run = newRun(schedule, {
        dueAt: due,
        startedAt: now.toISOString(),
        late: now.getTime() - Date.parse(due) > lateAfter,
        trigger: 'schedule',
      });
      if (!(await this.store.schedules.claimSlot(row.id, due, next, run))) return false;
      this.logger.info({ scheduleId: row.id, runId: run.id, due, late: run.late, next }, 'scheduled delivery claimed');
      await this.queue.enqueue(run);
      return true;
    } catch (error) {
      this.logger.warn({ err: error, scheduleId: row.id }, 'scheduled delivery not claimed');
      return false;
    }
  }

  /** Queue again the runs still pending that started at `before` or earlier (idempotent on both queues). */
  private async requeueUnfinished(before: Date): Promise<void> {
    try {
      for (const run of await this.store.schedules.listUnfinished(before.toISOString())) await this.queue.enqueue(run);
    } catch (error) {
      this.logger.warn({ err: error }, 'unfinished schedule runs not queued; retried later');
    }
  }
}
