import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The current data policy of a connection (PUT /api/connections/{id}/policy) in table `data_policy`: the document
 * as JSON text (contracts DataPolicyDocument), its version and who saved it (docs/http-api.md "Roles and data
 * policies").
 */
@Entity({ name: 'data_policy' })
export class DataPolicyEntity {
  @PrimaryColumn({ name: 'connection_id', type: 'varchar', length: 64 })
  connectionId!: string;

  @Column({ name: 'body', type: 'text' })
  body!: string;

  @Column({ name: 'version', type: 'integer' })
  version!: number;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;

  @Column({ name: 'updated_by', type: 'varchar', length: 128 })
  updatedBy!: string;
}
