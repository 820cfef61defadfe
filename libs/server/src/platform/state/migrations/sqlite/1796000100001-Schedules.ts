import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schedules on SQLite (docs/http-api.md "Schedules and alerts"): table `schedule` (due time claimed with a
 * conditional UPDATE of `next_run_at`) and `schedule_run` (one row per claimed slot, with each target's status).
 */
export class Schedules1796000100001 implements MigrationInterface {
  name = 'Schedules1796000100001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "schedule" ("id" varchar(64) PRIMARY KEY NOT NULL, "user_id" varchar(128) NOT NULL, "owner_role" varchar(16) NOT NULL, "owner_attributes" text NOT NULL, "name" varchar(128) NOT NULL, "saved_id" varchar(64), "board_id" varchar(64), "cron" varchar(200) NOT NULL, "timezone" varchar(64) NOT NULL, "enabled" boolean NOT NULL DEFAULT (1), "deliver" text NOT NULL, "condition" text, "next_run_at" varchar(32), "created_at" varchar(32) NOT NULL, "updated_at" varchar(32) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_schedule_user" ON "schedule" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_schedule_next_run" ON "schedule" ("next_run_at") `);
    await queryRunner.query(
      `CREATE TABLE "schedule_run" ("id" varchar(64) PRIMARY KEY NOT NULL, "schedule_id" varchar(64) NOT NULL, "due_at" varchar(32) NOT NULL, "started_at" varchar(32) NOT NULL, "finished_at" varchar(32), "late" boolean NOT NULL DEFAULT (0), "trigger" varchar(16) NOT NULL, "status" varchar(16) NOT NULL, "condition_met" boolean, "error" text, "attempts" integer NOT NULL DEFAULT (0), "results" text, "deliveries" text NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_schedule_run_slot" ON "schedule_run" ("schedule_id", "due_at") `);
    await queryRunner.query(`CREATE INDEX "ix_schedule_run_status" ON "schedule_run" ("status", "started_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_schedule_run_status"`);
    await queryRunner.query(`DROP INDEX "ux_schedule_run_slot"`);
    await queryRunner.query(`DROP TABLE "schedule_run"`);
    await queryRunner.query(`DROP INDEX "ix_schedule_next_run"`);
    await queryRunner.query(`DROP INDEX "ix_schedule_user"`);
    await queryRunner.query(`DROP TABLE "schedule"`);
  }
}
