import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL:
 * - few-shot examples read one connection's positive feedback, newest first (kind, signal, connection_id, seq),
 *   instead of every connection's (kind, signal, seq); feedback entries written before connection_id was copied
 *   onto them take their query's connection_id;
 * - (ref_id) is dropped: (ref_id, kind, seq) serves every lookup by ref_id;
 * - retention pages through history by (created_at, seq) and finds operations by (state, created_at).
 */
export class StateIndexes1795501073178 implements MigrationInterface {
  name = 'StateIndexes1795501073178';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // feedback entries take the connection of the query they rate (recordFeedback copies it; older ones may lack it)
    await queryRunner.query(
      `UPDATE "history_entry" SET "connection_id" = (SELECT "q"."connection_id" FROM "history_entry" "q" WHERE "q"."id" = "history_entry"."ref_id") WHERE "kind" = 'feedback' AND "connection_id" IS NULL AND "ref_id" IS NOT NULL`,
    );
    await queryRunner.query(`DROP INDEX "ix_history_entry_ref"`);
    await queryRunner.query(`DROP INDEX "ix_history_entry_feedback"`);
    await queryRunner.query(`CREATE INDEX "ix_history_entry_created" ON "history_entry"  ("created_at", "seq") `);
    await queryRunner.query(
      `CREATE INDEX "ix_history_entry_feedback_connection" ON "history_entry"  ("kind", "signal", "connection_id", "seq") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_pending_operation_state" ON "pending_operation"  ("state", "created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_pending_operation_state"`);
    await queryRunner.query(`DROP INDEX "ix_history_entry_feedback_connection"`);
    await queryRunner.query(`DROP INDEX "ix_history_entry_created"`);
    await queryRunner.query(`CREATE INDEX "ix_history_entry_feedback" ON "history_entry" ("kind", "signal", "seq") `);
    await queryRunner.query(`CREATE INDEX "ix_history_entry_ref" ON "history_entry" ("ref_id") `);
  }
}
