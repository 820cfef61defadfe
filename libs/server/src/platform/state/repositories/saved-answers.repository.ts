import type { ChartSuggestion, SavedAnswer } from '@nlq/contracts';
import type { DataSource } from 'typeorm';
import { SavedAnswerEntity } from '../entities';
import type { ExclusiveRunner } from './exclusive-runner';

/** Most saved answers one list returns, newest first. */
export const MAX_LISTED_SAVED = 500;

/** Saved answers in `saved_answer` (docs/http-api.md "Saved answers"); the chart choice as JSON text. */
export class SavedAnswersRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  private get rows() {
    return this.dataSource.getRepository(SavedAnswerEntity);
  }

  async insert(saved: SavedAnswer): Promise<void> {
    await this.exclusive.run(() => this.rows.insert(toRow(saved)));
  }

  /** Replace the name (and updated_at) of a saved answer. */
  async rename(id: string, name: string, updatedAt: string): Promise<void> {
    await this.exclusive.run(() => this.rows.update({ id }, { name, updatedAt }));
  }

  async get(id: string): Promise<SavedAnswer | null> {
    const row = await this.exclusive.run(() => this.rows.findOneBy({ id }));
    return row ? fromRow(row) : null;
  }

  /** Saved answers of one user, or of everyone when `userId` is null; newest first, at most {@link MAX_LISTED_SAVED}. */
  async list(userId: string | null): Promise<SavedAnswer[]> {
    const rows = await this.exclusive.run(() =>
      this.rows.find({
        where: userId === null ? {} : { userId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: MAX_LISTED_SAVED,
      }),
    );
    return rows.map(fromRow);
  }

  /** Delete a saved answer; false when it did not exist. */
  async remove(id: string): Promise<boolean> {
    const result = await this.exclusive.run(() => this.rows.delete({ id }));
    return (result.affected ?? 0) > 0;
  }
}

function toRow(saved: SavedAnswer): SavedAnswerEntity {
  return {
    id: saved.id,
    userId: saved.user_id,
    name: saved.name,
    connectionId: saved.connection_id,
    question: saved.question,
    sql: saved.sql,
    chart: saved.chart ? JSON.stringify(saved.chart) : null,
    reading: saved.reading,
    sessionId: saved.source?.session_id ?? null,
    entryId: saved.source?.entry_id ?? null,
    createdAt: saved.created_at,
    updatedAt: saved.updated_at,
  };
}

function fromRow(row: SavedAnswerEntity): SavedAnswer {
  return {
    id: row.id,
    name: row.name,
    user_id: row.userId,
    connection_id: row.connectionId,
    question: row.question,
    sql: row.sql,
    chart: row.chart ? (JSON.parse(row.chart) as ChartSuggestion) : null,
    reading: row.reading,
    source: row.sessionId && row.entryId ? { session_id: row.sessionId, entry_id: row.entryId } : null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
