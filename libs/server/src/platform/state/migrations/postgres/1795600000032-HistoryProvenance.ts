import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: a query's provenance on the history entry, as JSON text
 * `{ "knowledge": [{ kind, id, name, version }], "examples": [id] }` (the definitions and verified examples its SQL
 * was written with); null when none applied.
 */
export class HistoryProvenance1795600000032 implements MigrationInterface {
  name = 'HistoryProvenance1795600000032';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" ADD "provenance" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" DROP COLUMN "provenance"`);
  }
}
