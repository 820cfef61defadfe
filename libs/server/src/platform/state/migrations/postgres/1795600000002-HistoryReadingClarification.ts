import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: a query's reading (what its SQL computed, in plain English) and, for a question asked back,
 * its clarification (JSON text) on the history entry.
 */
export class HistoryReadingClarification1795600000002 implements MigrationInterface {
  name = 'HistoryReadingClarification1795600000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" ADD "reading" text`);
    await queryRunner.query(`ALTER TABLE "history_entry" ADD "clarification" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" DROP COLUMN "clarification"`);
    await queryRunner.query(`ALTER TABLE "history_entry" DROP COLUMN "reading"`);
  }
}
