import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: knowledge definitions of a connection (`knowledge_definition`, the current version) and
 * every version of each (`knowledge_definition_version`).
 */
export class KnowledgeDefinitions1795600000012 implements MigrationInterface {
  name = 'KnowledgeDefinitions1795600000012';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "knowledge_definition" ("id" character varying(64) NOT NULL, "connection_id" character varying(64) NOT NULL, "kind" character varying(16) NOT NULL, "name" character varying(128), "body" text NOT NULL, "version" integer NOT NULL, "deleted" boolean NOT NULL DEFAULT false, "created_at" character varying(32) NOT NULL, "updated_at" character varying(32) NOT NULL, "updated_by" character varying(128) NOT NULL, CONSTRAINT "PK_knowledge_definition" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_knowledge_definition_connection" ON "knowledge_definition" ("connection_id", "kind") `,
    );
    await queryRunner.query(
      `CREATE TABLE "knowledge_definition_version" ("definition_id" character varying(64) NOT NULL, "version" integer NOT NULL, "connection_id" character varying(64) NOT NULL, "kind" character varying(16) NOT NULL, "name" character varying(128), "body" text NOT NULL, "change" character varying(16) NOT NULL, "deleted" boolean NOT NULL DEFAULT false, "created_at" character varying(32) NOT NULL, "created_by" character varying(128) NOT NULL, CONSTRAINT "PK_knowledge_definition_version" PRIMARY KEY ("definition_id", "version"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "knowledge_definition_version"`);
    await queryRunner.query(`DROP INDEX "ix_knowledge_definition_connection"`);
    await queryRunner.query(`DROP TABLE "knowledge_definition"`);
  }
}
