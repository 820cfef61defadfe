import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: the first page of an answered read's rows (contracts KeptResult as JSON text, at most
 * 100 rows and 64 KiB) on its history entry, so a reloaded session shows its table and chart.
 */
export class HistoryResult1795600000042 implements MigrationInterface {
  name = 'HistoryResult1795600000042';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" ADD "result" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" DROP COLUMN "result"`);
  }
}
