import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A model provider setting of /api/llms in table `api_llm_setting`; `api_key` is AES-256-GCM encrypted (SecretBox). */
@Entity({ name: 'api_llm_setting' })
export class LlmSettingEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'name', type: 'varchar', length: 128, unique: true })
  name!: string;

  @Column({ name: 'provider', type: 'varchar', length: 16 })
  provider!: string;

  @Column({ name: 'model', type: 'varchar', length: 256, nullable: true })
  model!: string | null;

  @Column({ name: 'base_url', type: 'text', nullable: true })
  baseUrl!: string | null;

  @Column({ name: 'api_key', type: 'text', nullable: true })
  apiKey!: string | null;

  @Column({ name: 'active', type: 'boolean', default: false })
  active!: boolean;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
