import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: verified examples and their candidates (table `verified_example`), read per connection
 * and status, newest change first.
 */
export class VerifiedExamples1795600000022 implements MigrationInterface {
  name = 'VerifiedExamples1795600000022';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "verified_example" ("id" character varying(64) NOT NULL, "connection_id" character varying(128) NOT NULL, "question" text NOT NULL, "sql" text NOT NULL, "schema_version" character varying(128), "result_fingerprint" text, "status" character varying(16) NOT NULL, "reason" text, "source_entry_id" character varying(64), "created_at" character varying(32) NOT NULL, "updated_at" character varying(32) NOT NULL, CONSTRAINT "PK_cb9f9930ce1147f702beff904cf" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_verified_example_connection_status" ON "verified_example" ("connection_id", "status", "updated_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_verified_example_status" ON "verified_example" ("status", "updated_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_verified_example_status"`);
    await queryRunner.query(`DROP INDEX "ix_verified_example_connection_status"`);
    await queryRunner.query(`DROP TABLE "verified_example"`);
  }
}
