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

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
