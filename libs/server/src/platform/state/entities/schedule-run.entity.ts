import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One run of a schedule (contracts ScheduleRun) in table `schedule_run`: one row per claimed slot (unique
 * `schedule_id, due_at`), the results read for it (JSON text, kept so that every retry sends the same message), each
 * target's delivery status as JSON text, and `attempts` (delivery rounds so far). Times are ISO-8601 UTC strings.
 */
@Entity({ name: 'schedule_run' })
@Index('ux_schedule_run_slot', ['scheduleId', 'dueAt'], { unique: true })
@Index('ix_schedule_run_status', ['status', 'startedAt'])
export class ScheduleRunEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'schedule_id', type: 'varchar', length: 64 })
  scheduleId!: string;

  @Column({ name: 'due_at', type: 'varchar', length: 32 })
  dueAt!: string;

  @Column({ name: 'started_at', type: 'varchar', length: 32 })
  startedAt!: string;

  @Column({ name: 'finished_at', type: 'varchar', length: 32, nullable: true })
  finishedAt!: string | null;

  @Column({ name: 'late', type: 'boolean', default: false })
  late!: boolean;

  @Column({ name: 'trigger', type: 'varchar', length: 16 })
  trigger!: string;

  @Column({ name: 'status', type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'condition_met', type: 'boolean', nullable: true })
  conditionMet!: boolean | null;

  @Column({ name: 'error', type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'results', type: 'text', nullable: true })
  results!: string | null;

  @Column({ name: 'deliveries', type: 'text' })
  deliveries!: string;
}
