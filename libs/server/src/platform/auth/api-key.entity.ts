import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An issued user-bound API key (POST /api/keys) in table `api_key`. Only the SHA-256 hex digest of the key is
 * stored, never the key; `role` and `attributes` make the key's principal; `prefix` (its first characters) lets a person recognise it in GET /api/keys.
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

  /** The key's role (contracts ROLES); keys issued before roles existed are `viewer`. */
  @Column({ name: 'role', type: 'varchar', length: 16, default: 'viewer' })
  role!: string;

  /** The user's attributes as a JSON object of strings (e.g. `{"country":"Germany"}`), bound by row filters. */
  @Column({ name: 'attributes', type: 'text', default: '{}' })
  attributes!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;
}
