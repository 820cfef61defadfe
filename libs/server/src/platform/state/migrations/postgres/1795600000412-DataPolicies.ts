import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: the data policy of each connection and every saved version of it (docs/http-api.md "Roles and data
 * policies").
 */
export class DataPolicies1795600000412 implements MigrationInterface {
  name = 'DataPolicies1795600000412';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "data_policy" ("connection_id" character varying(64) NOT NULL, "body" text NOT NULL, "version" integer NOT NULL, "updated_at" character varying(32) NOT NULL, "updated_by" character varying(128) NOT NULL, CONSTRAINT "PK_data_policy" PRIMARY KEY ("connection_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "data_policy_version" ("connection_id" character varying(64) NOT NULL, "version" integer NOT NULL, "body" text NOT NULL, "created_at" character varying(32) NOT NULL, "created_by" character varying(128) NOT NULL, CONSTRAINT "PK_data_policy_version" PRIMARY KEY ("connection_id", "version"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "data_policy_version"`);
    await queryRunner.query(`DROP TABLE "data_policy"`);
  }
}
