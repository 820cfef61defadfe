import { MigrationInterface, QueryRunner } from 'typeorm';

/** Boards on PostgreSQL: table `board` (tiles as JSON text), listed per user newest first. */
export class Boards1796000200002 implements MigrationInterface {
  name = 'Boards1796000200002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "board" ("id" character varying(64) NOT NULL, "user_id" character varying(128) NOT NULL, "name" character varying(128) NOT NULL, "tiles" text NOT NULL, "created_at" character varying(32) NOT NULL, "updated_at" character varying(32) NOT NULL, CONSTRAINT "PK_board_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_board_user" ON "board" ("user_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_board_user"`);
    await queryRunner.query(`DROP TABLE "board"`);
  }
}
