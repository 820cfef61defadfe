import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: an answered query's warnings from the answer check (contracts AnswerWarning[] as JSON text,
 * docs/http-api.md "Answer warnings") on its history entry; null when there were none.
 */
export class HistoryWarnings1795600000052 implements MigrationInterface {
  name = 'HistoryWarnings1795600000052';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" ADD "warnings" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" DROP COLUMN "warnings"`);
  }
}
