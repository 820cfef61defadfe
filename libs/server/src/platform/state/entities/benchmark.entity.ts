import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One benchmark of a connection (contracts Benchmark) in table `benchmark`: its questions as JSON text (an array of
 * contracts BenchmarkQuestion), a name unique within the connection, times as ISO-8601 UTC strings.
 */
@Entity({ name: 'benchmark' })
@Index('ux_benchmark_connection_name', ['connectionId', 'name'], { unique: true })
export class BenchmarkEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'connection_id', type: 'varchar', length: 128 })
  connectionId!: string;

  @Column({ name: 'name', type: 'varchar', length: 128 })
  name!: string;

  @Column({ name: 'questions', type: 'text' })
  questions!: string;

  /** Run after each configuration change (contracts Benchmark.run_on_change). */
  @Column({ name: 'run_on_change', type: 'boolean', default: false })
  runOnChange!: boolean;

  /** The schedule's cron expression (contracts Benchmark.schedule), null without a schedule. */
  @Column({ name: 'schedule_cron', type: 'varchar', length: 200, nullable: true })
  scheduleCron!: string | null;

  /** The schedule's IANA time zone, null without a schedule. */
  @Column({ name: 'schedule_timezone', type: 'varchar', length: 64, nullable: true })
  scheduleTimezone!: string | null;

  /** When the next scheduled run is due (ISO-8601 UTC); a replica claims it by advancing it (conditional UPDATE). */
  @Index('ix_benchmark_next_run')
  @Column({ name: 'next_run_at', type: 'varchar', length: 32, nullable: true })
  nextRunAt!: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
