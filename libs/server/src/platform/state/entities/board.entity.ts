import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One board (contracts Board) in table `board`: its owner, name and tiles (JSON text of contracts BoardTile[], in
 * order); times as ISO-8601 UTC strings. Listed per user newest first (`ix_board_user`).
 */
@Entity({ name: 'board' })
@Index('ix_board_user', ['userId', 'createdAt'])
export class BoardEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ name: 'name', type: 'varchar', length: 128 })
  name!: string;

  @Column({ name: 'tiles', type: 'text' })
  tiles!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
