import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On SQLite: the status of each knowledge definition and of each of its versions (`active`, `proposed` by an analyst,
 * `rejected`; docs/knowledge.md "Proposals"); every existing definition is active.
 */
export class KnowledgeProposals1796000300001 implements MigrationInterface {
  name = 'KnowledgeProposals1796000300001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "knowledge_definition" ADD COLUMN "status" varchar(16) NOT NULL DEFAULT ('active')`,
    );
    await queryRunner.query(
      `ALTER TABLE "knowledge_definition_version" ADD COLUMN "status" varchar(16) NOT NULL DEFAULT ('active')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "knowledge_definition_version" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "knowledge_definition" DROP COLUMN "status"`);
  }
}
