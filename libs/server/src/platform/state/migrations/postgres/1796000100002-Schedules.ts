import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schedules on PostgreSQL (docs/http-api.md "Schedules and alerts"): table `schedule` (due time claimed with a
 * conditional UPDATE of `next_run_at`) and `schedule_run` (one row per claimed slot, with each target's status).
 */
export class Schedules1796000100002 implements MigrationInterface {
  name = 'Schedules1796000100002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "schedule" ("id" character varying(64) NOT NULL, "user_id" character varying(128) NOT NULL, "owner_role" character varying(16) NOT NULL, "owner_attributes" text NOT NULL, "name" character varying(128) NOT NULL, "saved_id" character varying(64), "board_id" character varying(64), "cron" character varying(200) NOT NULL, "timezone" character varying(64) NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "deliver" text NOT NULL, "condition" text, "next_run_at" character varying(32), "created_at" character varying(32) NOT NULL, "updated_at" character varying(32) NOT NULL, CONSTRAINT "PK_schedule_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_schedule_user" ON "schedule" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_schedule_next_run" ON "schedule" ("next_run_at") `);
    await queryRunner.query(
      `CREATE TABLE "schedule_run" ("id" character varying(64) NOT NULL, "schedule_id" character varying(64) NOT NULL, "due_at" character varying(32) NOT NULL, "started_at" character varying(32) NOT NULL, "finished_at" character varying(32), "late" boolean NOT NULL DEFAULT false, "trigger" character varying(16) NOT NULL, "status" character varying(16) NOT NULL, "condition_met" boolean, "error" text, "attempts" integer NOT NULL DEFAULT 0, "results" text, "deliveries" text NOT NULL, CONSTRAINT "PK_schedule_run_id" PRIMARY KEY ("id"))`,
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
