import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type Schedule, type ScheduleList, type ScheduleRun, type ScheduleRunList } from '@nlq/contracts';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { seesEveryone, type Caller } from '../../platform/auth/caller';
import { assertRole } from '../../platform/auth/required-role';
import { SecretBox } from '../../platform/auth/secret-box';
import { ApiException } from '../../platform/common/api.exception';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { nextDue } from '../benchmarks/benchmark-schedule';
import { SavedAnswersService } from '../saved/saved-answers.service';
import { BOARD_LOOKUP, BoardLookup } from './board-lookup';
import { EmailSender } from './email-sender';
import { isProblems } from './schedule-input';
import { newRun, runView, scheduleView, toRecord, toRow, type ScheduleRecord } from './schedule-record';
import { checkScheduleBody, type ScheduleFields } from './schedule-request';
import { ScheduleSchedulerService } from './schedule-scheduler.service';

/**
 * Schedules and alerts (docs/http-api.md "Schedules and alerts"): create, list, read, change, delete, run now and
 * the run history. Creating, changing, deleting and running need the role `analyst` or stronger (a viewer gets
 * 403). A schedule belongs to its creator: a user sees only its own (another user's 404 like an unknown id); an
 * admin sees and changes every one. Its runs read as the creator, with the role and attributes it had when it
 * created the schedule. Targets are stored encrypted (SecretBox) and answered redacted. Each change is an audit
 * line (`schedule.create`, `.update`, `.delete`, `.run`).
 */
@Injectable()
export class SchedulesService {
  constructor(
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    @Inject(SecretBox) private readonly box: SecretBox,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(EmailSender) private readonly email: EmailSender,
    @Inject(SavedAnswersService) private readonly saved: SavedAnswersService,
    @Inject(BOARD_LOOKUP) private readonly boards: BoardLookup,
    @Inject(ScheduleSchedulerService) private readonly scheduler: ScheduleSchedulerService,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** The caller's schedules (admin: everyone's), newest first. */
  async list(caller: Caller): Promise<ScheduleList> {
    const rows = await this.store.schedules.list(seesEveryone(caller) ? null : caller.userId);
    return { items: rows.map((row) => scheduleView(toRecord(row, this.box))) };
  }

  /** One schedule. @throws 404 unknown or another user's */
  async get(caller: Caller, id: string): Promise<Schedule> {
    return scheduleView(await this.record(caller, id));
  }

  /** @throws 403 below analyst, 400 VALIDATION naming each field, 404 saved answer or board not found */
  async create(caller: Caller, body: Record<string, unknown>): Promise<Schedule> {
    assertRole(caller, 'analyst', 'create schedules');
    const fields = this.checked(body, true);
    const sourceName = await this.sourceName(caller, fields);
    const now = new Date();
    const record: ScheduleRecord = {
      id: randomUUID(),
      name: fields.name ?? sourceName,
      userId: caller.userId,
      ownerRole: caller.role,
      ownerAttributes: { ...caller.attributes },
      savedId: fields.savedId ?? null,
      boardId: fields.boardId ?? null,
      cron: fields.cron ?? '',
      timezone: fields.timezone ?? 'UTC',
      enabled: fields.enabled ?? true,
      targets: fields.targets ?? [],
      condition: fields.condition ?? null,
      nextRunAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    record.nextRunAt = record.enabled ? nextDue(record, now) : null;
    await this.store.schedules.insert(toRow(record, this.box));
    auditCallerEvent(this.logger, 'schedule.create', caller, { scheduleId: record.id });
    return scheduleView(record);
  }

  /**
   * Change name, cron, timezone, enabled, deliver (the whole list) or condition. A change of cron, timezone or
   * enabled counts the next run from now. @throws 403, 400, 404
   */
  async update(caller: Caller, id: string, body: Record<string, unknown>): Promise<Schedule> {
    assertRole(caller, 'analyst', 'change schedules');
    const current = await this.record(caller, id);
    const fields = this.checked(body, false);
    const now = new Date();
    const next: ScheduleRecord = {
      ...current,
      name: fields.name ?? current.name,
      cron: fields.cron ?? current.cron,
      timezone: fields.timezone ?? current.timezone,
      enabled: fields.enabled ?? current.enabled,
      targets: fields.targets ?? current.targets,
      condition: fields.condition !== undefined ? fields.condition : current.condition,
      updatedAt: now.toISOString(),
    };
    const rescheduled = fields.cron !== undefined || fields.timezone !== undefined || fields.enabled !== undefined;
    if (rescheduled) next.nextRunAt = next.enabled ? nextDue(next, now) : null;
    const { id: _id, nextRunAt, ...row } = toRow(next, this.box);
    await this.store.schedules.update(id, rescheduled ? { ...row, nextRunAt } : row);
    auditCallerEvent(this.logger, 'schedule.update', caller, { scheduleId: id });
    return scheduleView(next);
  }

  /** Delete a schedule and its runs. @throws 403, 404 */
  async remove(caller: Caller, id: string): Promise<void> {
    assertRole(caller, 'analyst', 'delete schedules');
    await this.record(caller, id);
    await this.store.schedules.remove(id);
    auditCallerEvent(this.logger, 'schedule.delete', caller, { scheduleId: id });
  }

  /** Run a schedule now (trigger `request`): its run, pending, queued for delivery. @throws 403, 404 */
  async runNow(caller: Caller, id: string): Promise<ScheduleRun> {
    assertRole(caller, 'analyst', 'run schedules');
    const schedule = await this.record(caller, id);
    const now = new Date().toISOString();
    const run = newRun(schedule, { dueAt: now, startedAt: now, late: false, trigger: 'request' });
    await this.store.schedules.insertRun(run);
    await this.scheduler.enqueue(run);
    auditCallerEvent(this.logger, 'schedule.run', caller, { scheduleId: id, runId: run.id });
    return runView(run);
  }

  /** The run history, newest slot first. @throws 404 */
  async runs(caller: Caller, id: string): Promise<ScheduleRunList> {
    await this.record(caller, id);
    return { items: (await this.store.schedules.listRuns(id)).map(runView) };
  }

  private async record(caller: Caller, id: string): Promise<ScheduleRecord> {
    const row = await this.store.schedules.get(id);
    if (!row || (!seesEveryone(caller) && row.userId !== caller.userId))
      throw new ApiException(404, ErrorCode.NOT_FOUND, `Schedule "${id}" not found.`);
    return toRecord(row, this.box);
  }

  private checked(body: Record<string, unknown>, create: boolean): ScheduleFields {
    const settings = { allowedHosts: this.config.deliveryAllowedHosts, smtpConfigured: this.email.configured };
    const fields = checkScheduleBody(body, create, settings);
    if (isProblems(fields)) throw ApiException.validation(fields);
    return fields;
  }

  /** The name of what the schedule delivers, checked to be the caller's. @throws 404 */
  private async sourceName(caller: Caller, fields: ScheduleFields): Promise<string> {
    if (fields.savedId) return (await this.saved.get(caller, fields.savedId)).name;
    const board = fields.boardId ? await this.boards.find(fields.boardId) : null;
    if (!board || (!seesEveryone(caller) && board.user_id !== caller.userId))
      throw new ApiException(404, ErrorCode.NOT_FOUND, 'board not found');
    return board.name;
  }
}
