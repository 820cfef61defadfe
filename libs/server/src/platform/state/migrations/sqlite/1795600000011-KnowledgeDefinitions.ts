import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On SQLite: knowledge definitions of a connection (`knowledge_definition`, the current version) and every
 * version of each (`knowledge_definition_version`).
 */
export class KnowledgeDefinitions1795600000011 implements MigrationInterface {
  name = 'KnowledgeDefinitions1795600000011';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "knowledge_definition" ("id" varchar(64) PRIMARY KEY NOT NULL, "connection_id" varchar(64) NOT NULL, "kind" varchar(16) NOT NULL, "name" varchar(128), "body" text NOT NULL, "version" integer NOT NULL, "deleted" boolean NOT NULL DEFAULT (0), "created_at" varchar(32) NOT NULL, "updated_at" varchar(32) NOT NULL, "updated_by" varchar(128) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_knowledge_definition_connection" ON "knowledge_definition" ("connection_id", "kind") `,
    );
    await queryRunner.query(
      `CREATE TABLE "knowledge_definition_version" ("definition_id" varchar(64) NOT NULL, "version" integer NOT NULL, "connection_id" varchar(64) NOT NULL, "kind" varchar(16) NOT NULL, "name" varchar(128), "body" text NOT NULL, "change" varchar(16) NOT NULL, "deleted" boolean NOT NULL DEFAULT (0), "created_at" varchar(32) NOT NULL, "created_by" varchar(128) NOT NULL, PRIMARY KEY ("definition_id", "version"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "knowledge_definition_version"`);
    await queryRunner.query(`DROP INDEX "ix_knowledge_definition_connection"`);
    await queryRunner.query(`DROP TABLE "knowledge_definition"`);
  }
}
