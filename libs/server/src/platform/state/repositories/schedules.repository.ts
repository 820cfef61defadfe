import { In, IsNull, LessThanOrEqual, type DataSource } from 'typeorm';
import { ScheduleEntity, ScheduleRunEntity } from '../entities';
import type { ExclusiveRunner } from './exclusive-runner';

/** Most schedules one list returns, newest first. */
export const MAX_LISTED_SCHEDULES = 500;
/** Most runs one run history returns, newest first. */
export const MAX_LISTED_SCHEDULE_RUNS = 100;

/**
 * Schedules and their runs in `schedule` and `schedule_run` (docs/http-api.md "Schedules and alerts"). Rows are
 * handed out as entities; the application layer decrypts the targets and parses the JSON columns. A due slot is
 * claimed and its run inserted in one transaction ({@link claimSlot}), so a slot has one run however many replicas
 * tick.
 */
export class SchedulesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  private get schedules() {
    return this.dataSource.getRepository(ScheduleEntity);
  }

  private get runs() {
    return this.dataSource.getRepository(ScheduleRunEntity);
  }

  async insert(row: ScheduleEntity): Promise<void> {
    await this.exclusive.run(() => this.schedules.insert(row));
  }

  /** Replace the columns given of one schedule. */
  async update(id: string, changes: Partial<ScheduleEntity>): Promise<void> {
    await this.exclusive.run(() => this.schedules.update({ id }, changes));
  }

  async get(id: string): Promise<ScheduleEntity | null> {
    return this.exclusive.run(() => this.schedules.findOneBy({ id }));
  }

  /** Schedules of one user, or everyone's when `userId` is null; newest first, at most {@link MAX_LISTED_SCHEDULES}. */
  async list(userId: string | null): Promise<ScheduleEntity[]> {
    return this.exclusive.run(() =>
      this.schedules.find({
        where: userId === null ? {} : { userId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: MAX_LISTED_SCHEDULES,
      }),
    );
  }

  /** Delete a schedule and its runs in one transaction; false when it did not exist. */
  async remove(id: string): Promise<boolean> {
    return this.exclusive.run(() =>
      this.dataSource.transaction(async (manager) => {
        await manager.delete(ScheduleRunEntity, { scheduleId: id });
        const result = await manager.delete(ScheduleEntity, { id });
        return (result.affected ?? 0) > 0;
      }),
    );
  }

  /** The enabled schedules whose next run is due at `nowIso` or before, earliest first. */
  async listDue(nowIso: string): Promise<ScheduleEntity[]> {
    return this.exclusive.run(() =>
      this.schedules.find({
        where: { nextRunAt: LessThanOrEqual(nowIso), enabled: true },
        order: { nextRunAt: 'ASC', id: 'ASC' },
      }),
    );
  }

  /**
   * Claim the slot of a schedule due at `due` and record its run, in one transaction: advance next_run_at from
   * `due` to `next` with a conditional UPDATE (`WHERE id = ? AND next_run_at = ?`), and insert `run` only when that
   * UPDATE changed the row. True for the one caller that won; every other replica (or a PATCH that rescheduled it
   * meanwhile) gets false and nothing is written.
   */
  async claimSlot(id: string, due: string, next: string | null, run: ScheduleRunEntity): Promise<boolean> {
    return this.exclusive.run(() =>
      this.dataSource.transaction(async (manager) => {
        const result = await manager.update(ScheduleEntity, { id, nextRunAt: due }, { nextRunAt: next });
        if (result.affected !== 1) return false;
        await manager.insert(ScheduleRunEntity, run);
        return true;
      }),
    );
  }

  async insertRun(run: ScheduleRunEntity): Promise<void> {
    await this.exclusive.run(() => this.runs.insert(run));
  }

  async getRun(id: string): Promise<ScheduleRunEntity | null> {
    return this.exclusive.run(() => this.runs.findOneBy({ id }));
  }

  /** Replace the columns given of one run. */
  async updateRun(id: string, changes: Partial<ScheduleRunEntity>): Promise<void> {
    await this.exclusive.run(() => this.runs.update({ id }, changes));
  }

  /** A schedule's runs, latest started first, at most {@link MAX_LISTED_SCHEDULE_RUNS}. */
  async listRuns(scheduleId: string): Promise<ScheduleRunEntity[]> {
    return this.exclusive.run(() =>
      this.runs.find({
        where: { scheduleId },
        order: { startedAt: 'DESC', dueAt: 'DESC', id: 'DESC' },
        take: MAX_LISTED_SCHEDULE_RUNS,
      }),
    );
  }

  /** Runs not finished (status `pending`), started at `beforeIso` or earlier, oldest first: work to resume. */
  async listUnfinished(beforeIso: string): Promise<ScheduleRunEntity[]> {
    return this.exclusive.run(() =>
      this.runs.find({
        where: { status: In(['pending']), startedAt: LessThanOrEqual(beforeIso), finishedAt: IsNull() },
        order: { startedAt: 'ASC', id: 'ASC' },
        take: 1000,
      }),
    );
  }
}
