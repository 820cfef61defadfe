import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: `origin` on `knowledge_definition` and `knowledge_definition_version`, the JSON provenance of a
 * definition imported from a dbt project (docs/knowledge.md "Export to dbt"); null for one typed in nlq.
 */
export class KnowledgeDefinitionOrigin1796000400002 implements MigrationInterface {
  name = 'KnowledgeDefinitionOrigin1796000400002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "knowledge_definition" ADD "origin" text`);
    await queryRunner.query(`ALTER TABLE "knowledge_definition_version" ADD "origin" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "knowledge_definition_version" DROP COLUMN "origin"`);
    await queryRunner.query(`ALTER TABLE "knowledge_definition" DROP COLUMN "origin"`);
  }
}
