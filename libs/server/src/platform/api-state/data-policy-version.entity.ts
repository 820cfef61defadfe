import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Every saved version of a connection's data policy, kept for audit, in table `data_policy_version`. */
@Entity({ name: 'data_policy_version' })
export class DataPolicyVersionEntity {
  @PrimaryColumn({ name: 'connection_id', type: 'varchar', length: 64 })
  connectionId!: string;

  @PrimaryColumn({ name: 'version', type: 'integer' })
  version!: number;

  @Column({ name: 'body', type: 'text' })
  body!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'created_by', type: 'varchar', length: 128 })
  createdBy!: string;
}
