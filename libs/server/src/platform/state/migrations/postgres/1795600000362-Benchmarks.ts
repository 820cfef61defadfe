import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Benchmarks on PostgreSQL: a connection's named question sets (table `benchmark`, names unique per connection) and
 * their runs (table `benchmark_run`, read per benchmark newest first).
 */
export class Benchmarks1795600000362 implements MigrationInterface {
  name = 'Benchmarks1795600000362';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "benchmark" ("id" character varying(64) NOT NULL, "connection_id" character varying(128) NOT NULL, "name" character varying(128) NOT NULL, "questions" text NOT NULL, "created_at" character varying(32) NOT NULL, "updated_at" character varying(32) NOT NULL, CONSTRAINT "PK_benchmark_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_benchmark_connection_name" ON "benchmark" ("connection_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "benchmark_run" ("id" character varying(64) NOT NULL, "benchmark_id" character varying(64) NOT NULL, "connection_id" character varying(128) NOT NULL, "started_at" character varying(32) NOT NULL, "finished_at" character varying(32) NOT NULL, "total" integer NOT NULL, "right_count" integer NOT NULL, "fingerprint" text NOT NULL, "changes" text NOT NULL, "regressions" text NOT NULL, "results" text NOT NULL, "previous_run_id" character varying(64), CONSTRAINT "PK_benchmark_run_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_benchmark_run_benchmark" ON "benchmark_run" ("benchmark_id", "started_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_benchmark_run_benchmark"`);
    await queryRunner.query(`DROP TABLE "benchmark_run"`);
    await queryRunner.query(`DROP INDEX "ux_benchmark_connection_name"`);
    await queryRunner.query(`DROP TABLE "benchmark"`);
  }
}
