import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from '../logging/logger.factory';
import type { PruneResult } from './state-retention';
import { TypeOrmStateStore } from './typeorm-state.store';

/** Delay of the first pruning run after start, in ms: the start and its warm-up go first. */
export const FIRST_PRUNE_DELAY_MS = 60_000;

/**
 * Keeps the state database bounded (docs/operations.md "State retention"): a minute after start and then every
 * STATE_PRUNE_INTERVAL_MINUTES, deletes history older than HISTORY_RETENTION_DAYS and traces older than
 * TRACE_RETENTION_DAYS through {@link TypeOrmStateStore.prune} (batches of 100 rows, a pause between batches, so
 * requests never wait long). One run at a time; a failed run is logged and the next one retries; shutdown stops a
 * run between batches and waits for it. Every replica runs it (deleting the same rows twice is harmless).
 */
@Injectable()
export class StateRetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<PruneResult | null> | null = null;
  private stopping = false;

  constructor(
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** Schedules the runs (none when both retentions are 0); the timers do not keep the process alive. */
  onApplicationBootstrap(): void {
    if (this.config.historyRetentionDays === 0 && this.config.traceRetentionDays === 0) return;
    const first = setTimeout(() => void this.runOnce(), FIRST_PRUNE_DELAY_MS);
    const every = setInterval(() => void this.runOnce(), this.config.statePruneIntervalMinutes * 60_000);
    first.unref();
    every.unref();
    this.timers = [first, every];
  }

  /** Stops scheduling, asks a run in progress to stop after its current page, and waits for it. Idempotent. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.running;
  }

  /**
   * One pruning run now (or the one already running): resolves with the rows deleted, or null when it failed (logged
   * as a warning) or the service is stopping. Never rejects.
   */
  runOnce(now = Date.now()): Promise<PruneResult | null> {
    if (this.stopping) return Promise.resolve(null);
    this.running ??= this.store
      .prune({ historyDays: this.config.historyRetentionDays, traceDays: this.config.traceRetentionDays }, now, {
        shouldStop: () => this.stopping,
      })
      .then(
        (result) => {
          if (result.historyEntries + result.traces + result.pendingOperations > 0)
            this.logger.info({ pruned: result }, 'state retention: old history and traces pruned');
          return result;
        },
        (error: unknown) => {
          this.logger.warn({ err: error }, 'state retention: pruning failed; retried at the next interval');
          return null;
        },
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
