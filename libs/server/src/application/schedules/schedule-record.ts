import { randomUUID } from 'node:crypto';
import {
  isRole,
  type DeliveryTargetView,
  type Role,
  type Schedule,
  type ScheduleCondition,
  type ScheduleDeliveryStatus,
  type ScheduleRun,
} from '@nlq/contracts';
import type { Principal } from '../../platform/auth/caller';
import type { SecretBox } from '../../platform/auth/secret-box';
import type { ScheduleEntity, ScheduleRunEntity } from '../../platform/state/entities';
import type { DeliveredResult } from './run-message';
import type { DeliveryTarget } from './schedule-input';

/** A schedule with its targets decrypted: what the service and the runs work with. Never answered as it is. */
export interface ScheduleRecord {
  id: string;
  name: string;
  userId: string;
  ownerRole: Role;
  ownerAttributes: Record<string, string>;
  savedId: string | null;
  boardId: string | null;
  cron: string;
  timezone: string;
  enabled: boolean;
  targets: DeliveryTarget[];
  condition: ScheduleCondition | null;
  nextRunAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row of `schedule` as a record, its targets decrypted with the SecretBox. @throws when the token is altered */
export function toRecord(row: ScheduleEntity, box: SecretBox): ScheduleRecord {
  return {
    id: row.id,
    name: row.name,
    userId: row.userId,
    ownerRole: isRole(row.ownerRole) ? row.ownerRole : 'viewer',
    ownerAttributes: JSON.parse(row.ownerAttributes) as Record<string, string>,
    savedId: row.savedId,
    boardId: row.boardId,
    cron: row.cron,
    timezone: row.timezone,
    enabled: row.enabled,
    targets: JSON.parse(box.decrypt(row.deliver)) as DeliveryTarget[],
    condition: row.condition ? (JSON.parse(row.condition) as ScheduleCondition) : null,
    nextRunAt: row.nextRunAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A record as a row of `schedule`, its targets encrypted with the SecretBox (a new token on every call). */
export function toRow(record: ScheduleRecord, box: SecretBox): ScheduleEntity {
  return {
    id: record.id,
    userId: record.userId,
    ownerRole: record.ownerRole,
    ownerAttributes: JSON.stringify(record.ownerAttributes),
    name: record.name,
    savedId: record.savedId,
    boardId: record.boardId,
    cron: record.cron,
    timezone: record.timezone,
    enabled: record.enabled,
    deliver: box.encrypt(JSON.stringify(record.targets)),
    condition: record.condition ? JSON.stringify(record.condition) : null,
    nextRunAt: record.nextRunAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** A webhook URL as answered: its scheme and host only (`https://hooks.slack.com`); path and query are secrets. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '';
  }
}

/** How a target is named in answers and run histories: the webhook's scheme and host, or the recipients. */
export function targetLabel(target: DeliveryTarget): string {
  return target.type === 'webhook' ? redactedUrl(target.url) : target.to.join(', ');
}

/** A target as answered: a webhook's URL redacted to scheme and host, with `url_set: true`. */
export function targetView(target: DeliveryTarget): DeliveryTargetView {
  if (target.type === 'email') return { type: 'email', to: [...target.to] };
  return { type: 'webhook', url: redactedUrl(target.url), url_set: true, format: target.format };
}

/** A record as GET /api/schedules answers it: no secret in it. */
export function scheduleView(record: ScheduleRecord): Schedule {
  return {
    id: record.id,
    name: record.name,
    user_id: record.userId,
    saved_id: record.savedId,
    board_id: record.boardId,
    cron: record.cron,
    timezone: record.timezone,
    enabled: record.enabled,
    deliver: record.targets.map(targetView),
    condition: record.condition,
    next_run_at: record.nextRunAt,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/** The caller a schedule's runs read as: its owner, with the role and attributes kept when it was created. */
export function ownerCaller(record: ScheduleRecord): Principal {
  return {
    userId: record.userId,
    role: record.ownerRole,
    attributes: record.ownerAttributes,
    via: record.userId === 'service' ? 'service-key' : 'user-key',
  };
}

/** The first status of each target of a new run: pending, no attempt yet. */
export function pendingDeliveries(targets: DeliveryTarget[]): ScheduleDeliveryStatus[] {
  return targets.map((t) => ({
    type: t.type,
    target: targetLabel(t),
    status: 'pending',
    attempts: 0,
    last_error: null,
    delivered_at: null,
  }));
}

/** A row of `schedule_run` as answered by GET /api/schedules/{id}/runs (without the results it keeps). */
export function runView(row: ScheduleRunEntity): ScheduleRun {
  return {
    id: row.id,
    schedule_id: row.scheduleId,
    due_at: row.dueAt,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    late: row.late,
    trigger: row.trigger === 'request' ? 'request' : 'schedule',
    status: row.status as ScheduleRun['status'],
    condition_met: row.conditionMet,
    error: row.error,
    deliveries: JSON.parse(row.deliveries) as ScheduleDeliveryStatus[],
  };
}

/** The results a run keeps (JSON text of the `results` column), or null before they were read. */
export function runResults(row: ScheduleRunEntity): DeliveredResult[] | null {
  return row.results ? (JSON.parse(row.results) as DeliveredResult[]) : null;
}

/**
 * A new pending run of `schedule` (its row of `schedule_run`): every target pending with no attempt, no results read
 * yet. `trigger` is `schedule` for a claimed slot, `request` for "run now".
 */
export function newRun(
  schedule: ScheduleRecord,
  run: { dueAt: string; startedAt: string; late: boolean; trigger: 'schedule' | 'request' },
): ScheduleRunEntity {
  return {
    id: randomUUID(),
    scheduleId: schedule.id,
    ...run,
    finishedAt: null,
    status: 'pending',
    conditionMet: null,
    error: null,
    attempts: 0,
    results: null,
    deliveries: JSON.stringify(pendingDeliveries(schedule.targets)),
  };
}
