import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On SQLite: traces by (started_at, id), so retention pages through them in that order from the index (and the
 * trace list's newest-first order, ties by id, reads it too).
 */
export class TraceStartedId1795503437645 implements MigrationInterface {
  name = 'TraceStartedId1795503437645';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_trace_started"`);
    await queryRunner.query(`CREATE INDEX "ix_trace_started" ON "trace" ("started_at", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_trace_started"`);
    await queryRunner.query(`CREATE INDEX "ix_trace_started" ON "trace" ("started_at") `);
  }
}
