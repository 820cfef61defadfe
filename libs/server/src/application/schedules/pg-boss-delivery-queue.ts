import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { DELIVERY_RETRY_LIMIT, RETRY_BASE_MS } from './delivery-policy';
import type { DeliveryQueue } from './delivery-queue';
import type { RunOutcome } from './schedule-run-processor.service';

/** The pg-boss queue of schedule deliveries. */
export const DELIVERY_QUEUE = 'nlq-schedule-delivery';
/** How often an idle worker asks for a job, in seconds (pg-boss's minimum is 0.5). */
const POLLING_SECONDS = 0.5;
/** States of a job that will not run again. */
const ENDED_STATES = new Set(['completed', 'failed', 'cancelled']);
/** A job running longer than this is expired and retried, in seconds. */
const EXPIRE_SECONDS = 300;

/**
 * The schema pg-boss keeps its tables in (docs/operations.md "Schedules across replicas"): `nlq_jobs`, or
 * `<schema>_jobs` when STATE_DATABASE_URL names a schema with `?schema=`, so two services sharing one database
 * keep apart. Answers the connection string without `schema` as well.
 */
export function jobsDatabase(stateUrl: string): { connectionString: string; schema: string } {
  const url = new URL(stateUrl);
  const stateSchema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  return { connectionString: url.toString(), schema: stateSchema ? `${stateSchema}_jobs` : 'nlq_jobs' };
}

/**
 * The delivery queue of PostgreSQL state: pg-boss (https://github.com/timgit/pg-boss, v10) on the state database in
 * its own schema, started with the app and stopped gracefully on shutdown. A run is a job whose id is the run's id
 * (pg-boss inserts with ON CONFLICT DO NOTHING, so queuing it again while it exists adds nothing) with singletonKey
 * `schedule_id:due_at`; a worker on every replica takes jobs, and a processor answer of `retry` fails the job so
 * pg-boss retries it (retryLimit {@link DELIVERY_RETRY_LIMIT}, retryDelay 1 s doubled each time, retryBackoff).
 */
export class PgBossDeliveryQueue implements DeliveryQueue {
  private readonly boss: PgBoss;

  constructor(
    stateUrl: string,
    private readonly process: (runId: string) => Promise<RunOutcome>,
    private readonly logger: Logger,
  ) {
    const { connectionString, schema } = jobsDatabase(stateUrl);
    this.boss = new PgBoss({ connectionString, schema, max: 4, application_name: 'nlq-schedules' });
    this.boss.on('error', (error) => this.logger.warn({ err: error }, 'schedule delivery queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(DELIVERY_QUEUE, {
      name: DELIVERY_QUEUE,
      retryLimit: DELIVERY_RETRY_LIMIT,
      retryDelay: RETRY_BASE_MS / 1000,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    });
    await this.boss.work<{ run_id: string }>(
      DELIVERY_QUEUE,
      { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const outcome = await this.process(job.data.run_id);
        if (outcome === 'retry') throw new Error('some targets were not delivered; retried with backoff');
      },
    );
  }

  /**
   * Queue a run: a job with the run's id, or, when that job already ended (completed, failed after its retries,
   * cancelled, or archived after expiring) while the run is still pending, one second job whose id every replica
   * derives alike ({@link requeuedJobId}), so a run is not left pending and two replicas add one job, not two.
   */
  async enqueue(run: { id: string; scheduleId: string; dueAt: string }): Promise<void> {
    const singletonKey = `${run.scheduleId}:${run.dueAt}`;
    const queued = await this.boss.send(DELIVERY_QUEUE, { run_id: run.id }, { id: run.id, singletonKey });
    if (queued !== null) return;
    const job = await this.boss.getJobById(DELIVERY_QUEUE, run.id, { includeArchive: true });
    if (job && !ENDED_STATES.has(job.state)) return;
    // every replica derives the same id for the second job, so queuing it again from two replicas adds one job
    await this.boss.send(DELIVERY_QUEUE, { run_id: run.id }, { id: requeuedJobId(run.id), singletonKey });
  }

  async stop(graceMs: number): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: Math.max(1000, graceMs) });
  }
}

/** The id of the second job of run `runId`: a UUID (version 5 layout) from a SHA-256 of the run id. */
export function requeuedJobId(runId: string): string {
  const hex = createHash('sha256').update(`requeue:${runId}`).digest('hex');
  const variant = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
