import { MigrationInterface, QueryRunner } from 'typeorm';

/** Boards on SQLite: table `board` (tiles as JSON text), listed per user newest first. */
export class Boards1796000200001 implements MigrationInterface {
  name = 'Boards1796000200001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "board" ("id" varchar(64) PRIMARY KEY NOT NULL, "user_id" varchar(128) NOT NULL, "name" varchar(128) NOT NULL, "tiles" text NOT NULL, "created_at" varchar(32) NOT NULL, "updated_at" varchar(32) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_board_user" ON "board" ("user_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_board_user"`);
    await queryRunner.query(`DROP TABLE "board"`);
  }
}
