import { MigrationInterface, QueryRunner } from 'typeorm';

/** Benchmarks on PostgreSQL: `run_on_change`, whether a benchmark runs after each change of its connection's configuration. */
export class BenchmarkRunOnChange1795600000372 implements MigrationInterface {
  name = 'BenchmarkRunOnChange1795600000372';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "benchmark" ADD "run_on_change" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "benchmark" DROP COLUMN "run_on_change"`);
  }
}
