import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One verified example or candidate (contracts VerifiedExample) in table `verified_example`. Times are
 * ISO-8601 UTC strings; `result_fingerprint` is the contracts ResultFingerprint as JSON text.
 */
@Entity({ name: 'verified_example' })
// The few-shot read (a connection's verified examples, newest change first) and the admin list by status.
@Index('ix_verified_example_connection_status', ['connectionId', 'status', 'updatedAt'])
@Index('ix_verified_example_status', ['status', 'updatedAt'])
export class VerifiedExampleEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'connection_id', type: 'varchar', length: 128 })
  connectionId!: string;

  @Column({ name: 'question', type: 'text' })
  question!: string;

  @Column({ name: 'sql', type: 'text' })
  sql!: string;

  @Column({ name: 'schema_version', type: 'varchar', length: 128, nullable: true })
  schemaVersion!: string | null;

  @Column({ name: 'result_fingerprint', type: 'text', nullable: true })
  resultFingerprint!: string | null;

  @Column({ name: 'status', type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'reason', type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'source_entry_id', type: 'varchar', length: 64, nullable: true })
  sourceEntryId!: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
