import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One finished run of a benchmark (contracts BenchmarkRun) in table `benchmark_run`: counts as integers (accuracy is
 * `right_count / total`), the fingerprint, changes, regressions and results as JSON text, times as ISO-8601 UTC strings.
 */
@Entity({ name: 'benchmark_run' })
@Index('ix_benchmark_run_benchmark', ['benchmarkId', 'startedAt'])
export class BenchmarkRunEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'benchmark_id', type: 'varchar', length: 64 })
  benchmarkId!: string;

  @Column({ name: 'connection_id', type: 'varchar', length: 128 })
  connectionId!: string;

  @Column({ name: 'started_at', type: 'varchar', length: 32 })
  startedAt!: string;

  @Column({ name: 'finished_at', type: 'varchar', length: 32 })
  finishedAt!: string;

  @Column({ name: 'total', type: 'integer' })
  total!: number;

  @Column({ name: 'right_count', type: 'integer' })
  rightCount!: number;

  @Column({ name: 'fingerprint', type: 'text' })
  fingerprint!: string;

  @Column({ name: 'changes', type: 'text' })
  changes!: string;

  @Column({ name: 'regressions', type: 'text' })
  regressions!: string;

  @Column({ name: 'results', type: 'text' })
  results!: string;

  @Column({ name: 'previous_run_id', type: 'varchar', length: 64, nullable: true })
  previousRunId!: string | null;

  /** What started the run: `request`, `change` or `schedule`. */
  @Column({ name: 'trigger', type: 'varchar', length: 16, default: 'request' })
  trigger!: string;

  /** A scheduled run started well after its due time. */
  @Column({ name: 'late', type: 'boolean', default: false })
  late!: boolean;
}
