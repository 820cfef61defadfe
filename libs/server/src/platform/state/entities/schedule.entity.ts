import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One schedule (contracts Schedule) in table `schedule` (docs/http-api.md "Schedules and alerts"): what it runs (a
 * saved answer or a board), its cron and time zone, the delivery targets as one SecretBox token (AES-256-GCM of
 * their JSON: webhook URLs are secrets), the condition as JSON text, and the owner's role and attributes its runs
 * read under. Times are ISO-8601 UTC strings; a replica claims a due run by advancing `next_run_at`.
 */
@Entity({ name: 'schedule' })
@Index('ix_schedule_user', ['userId', 'createdAt'])
export class ScheduleEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  /** The owner's role when the schedule was created (contracts Role). */
  @Column({ name: 'owner_role', type: 'varchar', length: 16 })
  ownerRole!: string;

  /** The owner's attributes when the schedule was created, JSON text of a string map. */
  @Column({ name: 'owner_attributes', type: 'text' })
  ownerAttributes!: string;

  @Column({ name: 'name', type: 'varchar', length: 128 })
  name!: string;

  @Column({ name: 'saved_id', type: 'varchar', length: 64, nullable: true })
  savedId!: string | null;

  @Column({ name: 'board_id', type: 'varchar', length: 64, nullable: true })
  boardId!: string | null;

  @Column({ name: 'cron', type: 'varchar', length: 200 })
  cron!: string;

  @Column({ name: 'timezone', type: 'varchar', length: 64 })
  timezone!: string;

  @Column({ name: 'enabled', type: 'boolean', default: true })
  enabled!: boolean;

  /** SecretBox token of the JSON array of delivery targets. */
  @Column({ name: 'deliver', type: 'text' })
  deliver!: string;

  @Column({ name: 'condition', type: 'text', nullable: true })
  condition!: string | null;

  @Index('ix_schedule_next_run')
  @Column({ name: 'next_run_at', type: 'varchar', length: 32, nullable: true })
  nextRunAt!: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
