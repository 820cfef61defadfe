import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On SQLite: the data policy of each connection and every saved version of it (docs/http-api.md "Roles and data
 * policies").
 */
export class DataPolicies1795600000411 implements MigrationInterface {
  name = 'DataPolicies1795600000411';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "data_policy" ("connection_id" varchar(64) PRIMARY KEY NOT NULL, "body" text NOT NULL, "version" integer NOT NULL, "updated_at" varchar(32) NOT NULL, "updated_by" varchar(128) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "data_policy_version" ("connection_id" varchar(64) NOT NULL, "version" integer NOT NULL, "body" text NOT NULL, "created_at" varchar(32) NOT NULL, "created_by" varchar(128) NOT NULL, PRIMARY KEY ("connection_id", "version"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "data_policy_version"`);
    await queryRunner.query(`DROP TABLE "data_policy"`);
  }
}
