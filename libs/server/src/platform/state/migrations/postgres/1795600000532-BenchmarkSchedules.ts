import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Benchmark schedules on PostgreSQL: `schedule_cron`, `schedule_timezone` and `next_run_at` on `benchmark` (the due
 * time a replica claims with a conditional UPDATE), `trigger` and `late` on `benchmark_run`.
 */
export class BenchmarkSchedules1795600000532 implements MigrationInterface {
  name = 'BenchmarkSchedules1795600000532';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "benchmark" ADD "schedule_cron" character varying(200)`);
    await queryRunner.query(`ALTER TABLE "benchmark" ADD "schedule_timezone" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "benchmark" ADD "next_run_at" character varying(32)`);
    await queryRunner.query(`CREATE INDEX "ix_benchmark_next_run" ON "benchmark" ("next_run_at")`);
    await queryRunner.query(
      `ALTER TABLE "benchmark_run" ADD "trigger" character varying(16) NOT NULL DEFAULT 'request'`,
    );
    await queryRunner.query(`ALTER TABLE "benchmark_run" ADD "late" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "benchmark_run" DROP COLUMN "late"`);
    await queryRunner.query(`ALTER TABLE "benchmark_run" DROP COLUMN "trigger"`);
    await queryRunner.query(`DROP INDEX "ix_benchmark_next_run"`);
    await queryRunner.query(`ALTER TABLE "benchmark" DROP COLUMN "next_run_at"`);
    await queryRunner.query(`ALTER TABLE "benchmark" DROP COLUMN "schedule_timezone"`);
    await queryRunner.query(`ALTER TABLE "benchmark" DROP COLUMN "schedule_cron"`);
  }
}
