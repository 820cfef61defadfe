import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { TraceSpan } from '@nlq/contracts';

/** One pipeline trace (contracts Trace) in table `trace`; spans are stored as a JSON text column. */
@Entity({ name: 'trace' })
@Index('ix_trace_session', ['sessionId'])
@Index('ix_trace_started', ['startedAt', 'id'])
export class TraceEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 128 })
  sessionId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ name: 'question', type: 'text' })
  question!: string;

  @Column({ name: 'sql', type: 'text', nullable: true })
  sql!: string | null;

  @Column({ name: 'status', type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'started_at', type: 'varchar', length: 32 })
  startedAt!: string;

  @Column({ name: 'duration_ms', type: 'double precision' })
  durationMs!: number;

  @Column({ name: 'error', type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'spans', type: 'simple-json' })
  spans!: TraceSpan[];
}
