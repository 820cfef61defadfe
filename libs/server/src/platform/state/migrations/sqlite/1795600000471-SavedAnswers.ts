import { MigrationInterface, QueryRunner } from 'typeorm';

/** Saved answers on SQLite: table `saved_answer`, listed per user newest first. */
export class SavedAnswers1795600000471 implements MigrationInterface {
  name = 'SavedAnswers1795600000471';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "saved_answer" ("id" varchar(64) PRIMARY KEY NOT NULL, "user_id" varchar(128) NOT NULL, "name" varchar(128) NOT NULL, "connection_id" varchar(128) NOT NULL, "question" text, "sql" text NOT NULL, "chart" text, "reading" text, "session_id" varchar(128), "entry_id" varchar(64), "created_at" varchar(32) NOT NULL, "updated_at" varchar(32) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_saved_answer_user" ON "saved_answer" ("user_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_saved_answer_user"`);
    await queryRunner.query(`DROP TABLE "saved_answer"`);
  }
}
