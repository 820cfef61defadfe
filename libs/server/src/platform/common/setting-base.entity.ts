import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns every stored /api setting has (ConnectionEntity, LlmSettingEntity): id, a unique name of at most 128
 * characters (see IsSettingName), whether it is the active one, and ISO-8601 creation and update times. Not an
 * entity itself: each subclass is its own table (TypeORM concrete table inheritance).
 */
export abstract class SettingBaseEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'name', type: 'varchar', length: 128, unique: true })
  name!: string;

  @Column({ name: 'active', type: 'boolean', default: false })
  active!: boolean;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
