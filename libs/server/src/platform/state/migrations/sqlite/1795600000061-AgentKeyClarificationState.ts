import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On SQLite: `pending_operation.agent_key`, the key fingerprint of the MCP agent whose question held a write
 * (it may not approve it, docs/mcp.md "Approval by a person"), and `history_entry.clarification_state`, `open` on a
 * question asked back until one reply claims it (`answered`, one conditional UPDATE, so it is answered once).
 */
export class AgentKeyClarificationState1795600000061 implements MigrationInterface {
  name = 'AgentKeyClarificationState1795600000061';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "pending_operation" ADD "agent_key" varchar(64)`);
    await queryRunner.query(`ALTER TABLE "history_entry" ADD "clarification_state" varchar(16)`);
    await queryRunner.query(
      `UPDATE "history_entry" SET "clarification_state" = 'open' WHERE "status" = 'clarification' AND "clarification" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" DROP COLUMN "clarification_state"`);
    await queryRunner.query(`ALTER TABLE "pending_operation" DROP COLUMN "agent_key"`);
  }
}
