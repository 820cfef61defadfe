import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On SQLite: verified examples and their candidates (table `verified_example`), read per connection
 * and status, newest change first.
 */
export class VerifiedExamples1795600000021 implements MigrationInterface {
  name = 'VerifiedExamples1795600000021';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "verified_example" ("id" varchar(64) PRIMARY KEY NOT NULL, "connection_id" varchar(128) NOT NULL, "question" text NOT NULL, "sql" text NOT NULL, "schema_version" varchar(128), "result_fingerprint" text, "status" varchar(16) NOT NULL, "reason" text, "source_entry_id" varchar(64), "created_at" varchar(32) NOT NULL, "updated_at" varchar(32) NOT NULL)`,
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
