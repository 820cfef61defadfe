import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL: the role and the user attributes of an issued API key (docs/http-api.md "Roles and data policies");
 * keys issued before have the role `viewer` and no attributes.
 */
export class ApiKeyRoles1795600000402 implements MigrationInterface {
  name = 'ApiKeyRoles1795600000402';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_key" ADD "role" character varying(16) NOT NULL DEFAULT 'viewer'`);
    await queryRunner.query(`ALTER TABLE "api_key" ADD "attributes" text NOT NULL DEFAULT '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_key" DROP COLUMN "attributes"`);
    await queryRunner.query(`ALTER TABLE "api_key" DROP COLUMN "role"`);
  }
}
