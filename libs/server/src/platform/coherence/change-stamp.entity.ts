import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One change counter of the state store (table `api_change_stamp`), the truth that keeps api replicas coherent
 * (docs/architecture.md "State and scale"): `topic` is `settings` (connections and model settings) or `schema:<connection id>`
 * (a schema refresh); `version` grows by one with every change announced by any replica.
 */
@Entity({ name: 'api_change_stamp' })
export class ChangeStampEntity {
  @PrimaryColumn({ name: 'topic', type: 'varchar', length: 200 })
  topic!: string;

  @Column({ name: 'version', type: 'integer', default: 0 })
  version!: number;

  /** ISO-8601 time of the last change. */
  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
