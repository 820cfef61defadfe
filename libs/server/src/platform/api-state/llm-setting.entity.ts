import { Column, Entity } from 'typeorm';
import { SettingBaseEntity } from '../common/setting-base.entity';

/**
 * A model provider setting of /api/llms in table `api_llm_setting`; `api_key` is AES-256-GCM encrypted (SecretBox).
 * id, name, active, created_at and updated_at come from {@link SettingBaseEntity}.
 */
@Entity({ name: 'api_llm_setting' })
export class LlmSettingEntity extends SettingBaseEntity {
  @Column({ name: 'provider', type: 'varchar', length: 16 })
  provider!: string;

  @Column({ name: 'model', type: 'varchar', length: 256, nullable: true })
  model!: string | null;

  @Column({ name: 'base_url', type: 'text', nullable: true })
  baseUrl!: string | null;

  @Column({ name: 'api_key', type: 'text', nullable: true })
  apiKey!: string | null;
}
