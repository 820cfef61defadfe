import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A write or DDL held for approval (pipeline PendingOperation) in table `pending_operation`. `state` moves
 * pending | failed -> executing (executor, lease_until) -> approved (rows_affected) | failed (error), and
 * pending | failed -> rejected | superseded, each step by a conditional UPDATE (see TypeOrmStateStore).
 */
@Entity({ name: 'pending_operation' })
@Index('ix_pending_operation_session_state', ['sessionId', 'state'])
// Operations by state: undecided ones (kept by retention, counted by the pending-approvals metric), executing ones
// (failInterrupted), decided ones oldest first (pruned).
@Index('ix_pending_operation_state', ['state', 'createdAt'])
export class PendingOperationEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 128 })
  sessionId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ name: 'connection_id', type: 'varchar', length: 64 })
  connectionId!: string;

  @Column({ name: 'question', type: 'text' })
  question!: string;

  @Column({ name: 'sql', type: 'text' })
  sql!: string;

  @Column({ name: 'kind', type: 'varchar', length: 16 })
  kind!: string;

  @Column({ name: 'state', type: 'varchar', length: 16 })
  state!: string;

  @Column({ name: 'query_entry_id', type: 'varchar', length: 64 })
  queryEntryId!: string;

  /** Rows the write would change, counted read-only when it was held; null for DDL or when it could not be counted. */
  @Column({ name: 'estimated_rows', type: 'integer', nullable: true })
  estimatedRows!: number | null;

  /** Key fingerprint of the MCP agent whose question held it (it may not approve it); null otherwise. */
  @Column({ name: 'agent_key', type: 'varchar', length: 64, nullable: true })
  agentKey!: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'decided_at', type: 'varchar', length: 32, nullable: true })
  decidedAt!: string | null;

  @Column({ name: 'decided_by', type: 'varchar', length: 128, nullable: true })
  decidedBy!: string | null;

  /** Replica id that runs (or ran) the write. */
  @Column({ name: 'executor', type: 'varchar', length: 128, nullable: true })
  executor!: string | null;

  /** ISO-8601 end of the executor's lease while executing; past it another replica marks the run interrupted. */
  @Column({ name: 'lease_until', type: 'varchar', length: 32, nullable: true })
  leaseUntil!: string | null;

  /** Rows the write changed once approved. */
  @Column({ name: 'rows_affected', type: 'integer', nullable: true })
  rowsAffected!: number | null;

  /** Why the last run failed. */
  @Column({ name: 'error', type: 'text', nullable: true })
  error!: string | null;
}
