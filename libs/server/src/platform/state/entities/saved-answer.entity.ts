import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One saved answer (contracts SavedAnswer) in table `saved_answer`: its owner, connection, question, SQL, chart
 * choice (JSON text of a contracts ChartSuggestion, or null) and reading; times as ISO-8601 UTC strings. Listed per
 * user newest first (`ix_saved_answer_user`).
 */
@Entity({ name: 'saved_answer' })
@Index('ix_saved_answer_user', ['userId', 'createdAt'])
export class SavedAnswerEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ name: 'name', type: 'varchar', length: 128 })
  name!: string;

  @Column({ name: 'connection_id', type: 'varchar', length: 128 })
  connectionId!: string;

  @Column({ name: 'question', type: 'text', nullable: true })
  question!: string | null;

  @Column({ name: 'sql', type: 'text' })
  sql!: string;

  @Column({ name: 'chart', type: 'text', nullable: true })
  chart!: string | null;

  @Column({ name: 'reading', type: 'text', nullable: true })
  reading!: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 128, nullable: true })
  sessionId!: string | null;

  @Column({ name: 'entry_id', type: 'varchar', length: 64, nullable: true })
  entryId!: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;
}
