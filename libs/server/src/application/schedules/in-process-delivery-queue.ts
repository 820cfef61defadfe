import type { Logger } from 'pino';
import { retryDelayMs } from './delivery-policy';
import type { DeliveryQueue } from './delivery-queue';
import type { RunOutcome } from './schedule-run-processor.service';

/**
 * The delivery queue of SQLite state (one process): a run is processed at once, and again after
 * {@link retryDelayMs} while its processor answers `retry`; the run's row keeps its progress, so a restart resumes
 * the unfinished runs (ScheduleDeliveries re-queues them at start). A run is in the queue once at a time.
 */
export class InProcessDeliveryQueue implements DeliveryQueue {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly active = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly process: (runId: string) => Promise<RunOutcome>,
    private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return Promise.resolve();
  }

  /** Process the run now unless it is already waiting or in progress. */
  enqueue(run: { id: string }): Promise<void> {
    if (!this.stopped && !this.timers.has(run.id) && !this.active.has(run.id)) this.attempt(run.id, 0);
    return Promise.resolve();
  }

  private attempt(runId: string, retries: number): void {
    this.timers.delete(runId);
    const work = this.process(runId)
      .catch((error: unknown) => {
        this.logger.warn({ err: error, runId }, 'schedule run attempt failed; retried');
        return 'retry' as const;
      })
      .then((outcome) => {
        this.active.delete(runId);
        if (outcome !== 'retry' || this.stopped) return;
        const timer = setTimeout(() => this.attempt(runId, retries + 1), retryDelayMs(retries + 1));
        timer.unref();
        this.timers.set(runId, timer);
      });
    this.active.set(runId, work);
  }

  /** Cancel the waiting retries (their runs stay pending and resume at the next start) and wait for the attempts in progress. */
  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    let timeout: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, graceMs);
      timeout.unref();
    });
    await Promise.race([Promise.all(this.active.values()), deadline]);
    clearTimeout(timeout);
  }
}
