import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An issued user-bound API key (POST /api/keys) in table `api_key`. Only the SHA-256 hex digest of the key is
 * stored, never the key; `prefix` (its first characters) lets a person recognise it in GET /api/keys.
 */
@Entity({ name: 'api_key' })
export class ApiKeyEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Index('ix_api_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash!: string;

  @Column({ name: 'prefix', type: 'varchar', length: 16 })
  prefix!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;
}
