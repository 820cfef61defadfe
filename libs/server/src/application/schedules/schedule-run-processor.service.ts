import { Inject, Injectable } from '@nestjs/common';
import type { ScheduleDeliveryStatus } from '@nlq/contracts';
import type { Logger } from 'pino';
import { SecretBox } from '../../platform/auth/secret-box';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { scrubMessage } from '../../platform/security/secret-scrubber';
import type { ScheduleRunEntity } from '../../platform/state/entities';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { DELIVERY_RETRY_LIMIT } from './delivery-policy';
import { EmailSender } from './email-sender';
import { webhookBody } from './message-formats';
import type { RunMessage } from './run-message';
import { conditionHolds } from './schedule-condition';
import type { DeliveryTarget } from './schedule-input';
import { pendingDeliveries, runResults, toRecord, type ScheduleRecord } from './schedule-record';
import { ScheduleResultsReader } from './schedule-results-reader.service';
import { postWebhook } from './webhook-sender';

/** What one attempt at a run left to do: nothing more (`done`), or another attempt later (`retry`). */
export type RunOutcome = 'done' | 'retry';

/** The text of an error, scrubbed of secrets and server paths, at most 500 characters. */
function errorText(error: unknown): string {
  return scrubMessage(error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * One attempt at a run of a schedule (docs/http-api.md "Schedules and alerts"): reads the results once (as the
 * schedule's owner, kept in the run so every retry sends the same message), records `condition_met` (a condition
 * that does not hold finishes the run as `skipped`: nothing is sent), then sends to every target not yet delivered
 * and records each target's attempts, last error (scrubbed) and delivery time. The run ends `delivered` when every
 * target has it, `failed` when the attempt was the last one ({@link DELIVERY_RETRY_LIMIT} retries) and some did not.
 * Both queues (pg-boss, in process) call it; it never throws for a delivery failure.
 */
@Injectable()
export class ScheduleRunProcessor {
  constructor(
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    @Inject(SecretBox) private readonly box: SecretBox,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(EmailSender) private readonly email: EmailSender,
    @Inject(ScheduleResultsReader) private readonly reader: ScheduleResultsReader,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** One attempt at the run `runId`: `done` when it is finished (or gone), `retry` when another attempt is due. */
  async process(runId: string): Promise<RunOutcome> {
    const run = await this.store.schedules.getRun(runId);
    if (!run || run.status !== 'pending') return 'done';
    const row = await this.store.schedules.get(run.scheduleId);
    if (!row) return 'done';
    const schedule = toRecord(row, this.box);
    const attempts = run.attempts + 1;
    const last = attempts > DELIVERY_RETRY_LIMIT;
    let results = runResults(run);
    if (!results) {
      try {
        results = await this.reader.read(schedule);
      } catch (error) {
        const deliveries = last ? (JSON.parse(run.deliveries) as ScheduleDeliveryStatus[]) : undefined;
        await this.finishAttempt(run, attempts, last, { error: errorText(error), deliveries });
        return last ? 'done' : 'retry';
      }
      const met = conditionHolds(schedule.condition, results);
      if (!met) {
        await this.store.schedules.updateRun(run.id, {
          attempts,
          conditionMet: false,
          status: 'skipped',
          error: null,
          finishedAt: new Date().toISOString(),
        });
        return 'done';
      }
      await this.store.schedules.updateRun(run.id, { conditionMet: true, results: JSON.stringify(results) });
    }
    const message: RunMessage = {
      schedule_id: schedule.id,
      name: schedule.name,
      run_id: run.id,
      due_at: run.dueAt,
      late: run.late,
      results,
    };
    const deliveries = await this.deliver(schedule, run, message);
    const allDelivered = deliveries.every((d) => d.status === 'delivered');
    await this.finishAttempt(run, attempts, last || allDelivered, { deliveries, delivered: allDelivered, error: null });
    return allDelivered || last ? 'done' : 'retry';
  }

  /** Send to each target not yet delivered; answers every target's status after this attempt. */
  private async deliver(
    schedule: ScheduleRecord,
    run: ScheduleRunEntity,
    message: RunMessage,
  ): Promise<ScheduleDeliveryStatus[]> {
    let statuses = JSON.parse(run.deliveries) as ScheduleDeliveryStatus[];
    const sameTargets =
      statuses.length === schedule.targets.length && statuses.every((s, i) => s.type === schedule.targets[i]?.type);
    if (!sameTargets) statuses = pendingDeliveries(schedule.targets);
    return Promise.all(
      schedule.targets.map(async (target, i) => {
        const status = statuses[i] as ScheduleDeliveryStatus;
        if (status.status === 'delivered') return status;
        try {
          await this.send(target, message);
          return {
            ...status,
            status: 'delivered',
            attempts: status.attempts + 1,
            delivered_at: new Date().toISOString(),
          };
        } catch (error) {
          const text = errorText(error);
          this.logger.warn(
            { scheduleId: schedule.id, runId: run.id, target: status.target, error: text },
            'delivery failed',
          );
          return { ...status, status: 'pending', attempts: status.attempts + 1, last_error: text };
        }
      }),
    ) as Promise<ScheduleDeliveryStatus[]>;
  }

  private async send(target: DeliveryTarget, message: RunMessage): Promise<void> {
    if (target.type === 'email') return this.email.send(target.to, message);
    return postWebhook(target.url, webhookBody(target.format, message), this.config.deliveryAllowedHosts);
  }

  /** Record an attempt: its count, and when `finished`, the final status and time. */
  private async finishAttempt(
    run: ScheduleRunEntity,
    attempts: number,
    finished: boolean,
    outcome: { error: string | null; deliveries?: ScheduleDeliveryStatus[]; delivered?: boolean },
  ): Promise<void> {
    const deliveries = outcome.deliveries?.map((d) =>
      finished && d.status !== 'delivered' ? { ...d, status: 'failed' as const } : d,
    );
    await this.store.schedules.updateRun(run.id, {
      attempts,
      error: outcome.error,
      ...(deliveries ? { deliveries: JSON.stringify(deliveries) } : {}),
      ...(finished ? { status: outcome.delivered ? 'delivered' : 'failed', finishedAt: new Date().toISOString() } : {}),
    });
  }
}
