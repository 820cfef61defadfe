import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A database connection of /api/connections in table `api_connection`. `url` is the URL without its password and
 * secret-looking parameters; those are in `secret`, encrypted with AES-256-GCM (SecretBox), never returned.
 */
@Entity({ name: 'api_connection' })
export class ConnectionEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'name', type: 'varchar', length: 128, unique: true })
  name!: string;

  @Column({ name: 'url', type: 'text' })
  url!: string;

  @Column({ name: 'secret', type: 'text', nullable: true })
  secret!: string | null;

  @Column({ name: 'dialect', type: 'varchar', length: 16 })
  dialect!: string;

  @Column({ name: 'active', type: 'boolean', default: false })
  active!: boolean;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
