import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Owner of a session started through POST /api/chat, in table `api_session` (docs/http-api.md "Contract: authentication" rule 4: sessions are isolated per
 * user). The primary key makes the first claim of a session id win; sessions of the query adapter surface have no
 * row and belong to the user of their first history entry.
 */
@Entity({ name: 'api_session' })
@Index('ix_api_session_user', ['userId'])
export class ApiSessionEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 128 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;
}
