import { MigrationInterface, QueryRunner } from 'typeorm';

/** Saved answers on PostgreSQL: table `saved_answer`, listed per user newest first. */
export class SavedAnswers1795600000472 implements MigrationInterface {
  name = 'SavedAnswers1795600000472';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "saved_answer" ("id" character varying(64) NOT NULL, "user_id" character varying(128) NOT NULL, "name" character varying(128) NOT NULL, "connection_id" character varying(128) NOT NULL, "question" text, "sql" text NOT NULL, "chart" text, "reading" text, "session_id" character varying(128), "entry_id" character varying(64), "created_at" character varying(32) NOT NULL, "updated_at" character varying(32) NOT NULL, CONSTRAINT "PK_saved_answer_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_saved_answer_user" ON "saved_answer" ("user_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_saved_answer_user"`);
    await queryRunner.query(`DROP TABLE "saved_answer"`);
  }
}
