import { Column, Entity } from 'typeorm';
import { SettingBaseEntity } from '../common/setting-base.entity';

/**
 * A database connection of /api/connections in table `api_connection`. `url` is the URL without its password and
 * secret-looking parameters; those are in `secret`, encrypted with AES-256-GCM (SecretBox), never returned.
 * id, name, active, created_at and updated_at come from {@link SettingBaseEntity}.
 */
@Entity({ name: 'api_connection' })
export class ConnectionEntity extends SettingBaseEntity {
  @Column({ name: 'url', type: 'text' })
  url!: string;

  @Column({ name: 'secret', type: 'text', nullable: true })
  secret!: string | null;

  @Column({ name: 'dialect', type: 'varchar', length: 16 })
  dialect!: string;
}
