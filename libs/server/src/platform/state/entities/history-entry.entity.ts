import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One session history entry (contracts HistoryEntry) in table `history_entry`. `seq` orders entries of a session
 * exactly in insertion order (timestamps can tie); times are ISO-8601 UTC strings, which sort chronologically and
 * round-trip unchanged on SQLite and PostgreSQL.
 */
@Entity({ name: 'history_entry' })
@Index('ix_history_entry_session', ['sessionId', 'seq'])
// Few-shot examples (TypeOrmStateStore.listPositiveExamples): the connection's newest positive feedback
// first, from an index instead of a scan of the whole history (SQLite: SEARCH f USING INDEX
// ix_history_entry_feedback_connection), reading only that connection's feedback; the latest feedback of one query
// (and whether a query was rated at all, for pruning) from (ref_id, kind) without reading other entries.
@Index('ix_history_entry_feedback_connection', ['kind', 'signal', 'connectionId', 'seq'])
@Index('ix_history_entry_ref_kind', ['refId', 'kind', 'seq'])
// Retention (StatePruner): the oldest entries first, in pages of (created_at, seq).
@Index('ix_history_entry_created', ['createdAt', 'seq'])
export class HistoryEntryEntity {
  @PrimaryGeneratedColumn({ name: 'seq' })
  seq!: number;

  @Column({ name: 'id', type: 'varchar', length: 64, unique: true })
  id!: string;

  @Column({ name: 'kind', type: 'varchar', length: 16 })
  kind!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 128 })
  sessionId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ name: 'question', type: 'text', nullable: true })
  question!: string | null;

  @Column({ name: 'sql', type: 'text', nullable: true })
  sql!: string | null;

  @Column({ name: 'answer', type: 'text', nullable: true })
  answer!: string | null;

  @Column({ name: 'status', type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'error', type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'row_count', type: 'integer', nullable: true })
  rowCount!: number | null;

  @Column({ name: 'rows_affected', type: 'integer', nullable: true })
  rowsAffected!: number | null;

  @Column({ name: 'signal', type: 'varchar', length: 32, nullable: true })
  signal!: string | null;

  @Column({ name: 'rlhf_signal', type: 'varchar', length: 64, nullable: true })
  rlhfSignal!: string | null;

  @Column({ name: 'trace_id', type: 'varchar', length: 64, nullable: true })
  traceId!: string | null;

  @Column({ name: 'ref_id', type: 'varchar', length: 64, nullable: true })
  refId!: string | null;

  /** Connection the entry's SQL ran on, when the entry carries one (for few-shot examples of that connection). */
  @Column({ name: 'connection_id', type: 'varchar', length: 64, nullable: true })
  connectionId!: string | null;

  /** A query held for approval: rows its write would change (impact preview); null otherwise or when not counted. */
  @Column({ name: 'estimated_rows', type: 'integer', nullable: true })
  estimatedRows!: number | null;

  /** A successful query: what its SQL computed in plain English; null otherwise. */
  @Column({ name: 'reading', type: 'text', nullable: true })
  reading!: string | null;

  /** A query asked back: its StoredClarification as JSON text; null otherwise. */
  @Column({ name: 'clarification', type: 'text', nullable: true })
  clarification!: string | null;

  /** A query asked back: `open` until one reply claims it, then `answered` (HistoryRepository.claimClarification); null otherwise. */
  @Column({ name: 'clarification_state', type: 'varchar', length: 16, nullable: true })
  clarificationState!: string | null;

  /** A query's provenance as JSON text `{ knowledge: KnowledgeUse[], examples: string[] }`; null when none applied. */
  @Column({ name: 'provenance', type: 'text', nullable: true })
  provenance!: string | null;

  /** An answered read: the first page of its rows (contracts KeptResult) as JSON text; null otherwise. */
  @Column({ name: 'result', type: 'text', nullable: true })
  result!: string | null;

  /** An answered query's answer-check warnings (contracts AnswerWarning[]) as JSON text; null when none. */
  @Column({ name: 'warnings', type: 'text', nullable: true })
  warnings!: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;
}
