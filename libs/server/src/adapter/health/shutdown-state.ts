import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';

/**
 * Graceful shutdown. {@link begin} (main.ts calls it on SIGTERM/SIGINT, before app.close()) turns
 * GET /readyz to 503. Then, before the HTTP server closes (Nest's beforeApplicationShutdown), approved writes this
 * replica is running get up to SHUTDOWN_GRACE_MS to finish; Fastify's close then stops accepting connections and
 * waits for in-flight requests, and the pools close last (onApplicationShutdown). A write still running past the
 * deadline is not marked here (it could still commit): main.ts exits 1 five seconds after the deadline, the database
 * rolls the write back with the dead connection (the SQLite write process rolls back when its parent is gone), and
 * the run is marked failed "interrupted" at this replica's next start or by another replica once its lease ends.
 */
@Injectable()
export class ShutdownState implements BeforeApplicationShutdown {
  private startedAt: number | null = null;

  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** true once shutdown began. */
  get shuttingDown(): boolean {
    return this.startedAt !== null;
  }

  /** Mark the start of shutdown (idempotent): /readyz answers 503 from now on. */
  begin(): void {
    this.startedAt ??= Date.now();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.begin();
    const running = this.pipeline.executingApprovals;
    if (running === 0) return;
    this.logger.info(
      { running, graceMs: this.config.shutdownGraceMs },
      'waiting for approved writes to finish before stopping',
    );
    const left = await this.pipeline.drainApprovals(this.config.shutdownGraceMs);
    if (left > 0)
      this.logger.warn(
        { left },
        'approved writes still running at the shutdown deadline; the process exits shortly and the database rolls them back',
      );
  }
}
