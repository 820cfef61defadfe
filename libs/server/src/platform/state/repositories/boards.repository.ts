import type { Board, BoardTile } from '@nlq/contracts';
import type { DataSource } from 'typeorm';
import { BoardEntity } from '../entities';
import type { ExclusiveRunner } from './exclusive-runner';

/** Most boards one list returns, newest first. */
export const MAX_LISTED_BOARDS = 500;

/**
 * Boards in `board` (docs/http-api.md "Boards"); the tiles as JSON text, in order. Other features read a board's
 * saved answers with {@link tileSavedIds} (e.g. a schedule of a board).
 */
export class BoardsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  private get rows() {
    return this.dataSource.getRepository(BoardEntity);
  }

  async insert(board: Board): Promise<void> {
    await this.exclusive.run(() => this.rows.insert(toRow(board)));
  }

  /** Replace the name, tiles and updated_at of a board. */
  async update(board: Board): Promise<void> {
    const { name, tiles, updatedAt } = toRow(board);
    await this.exclusive.run(() => this.rows.update({ id: board.id }, { name, tiles, updatedAt }));
  }

  async get(id: string): Promise<Board | null> {
    const row = await this.exclusive.run(() => this.rows.findOneBy({ id }));
    return row ? fromRow(row) : null;
  }

  /** Boards of one user, or of everyone when `userId` is null; newest first, at most {@link MAX_LISTED_BOARDS}. */
  async list(userId: string | null): Promise<Board[]> {
    const rows = await this.exclusive.run(() =>
      this.rows.find({
        where: userId === null ? {} : { userId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: MAX_LISTED_BOARDS,
      }),
    );
    return rows.map(fromRow);
  }

  /** Delete a board; false when it did not exist. */
  async remove(id: string): Promise<boolean> {
    const result = await this.exclusive.run(() => this.rows.delete({ id }));
    return (result.affected ?? 0) > 0;
  }
}

/**
 * The saved answer ids of a board's tiles in tile order, each once. No access check: the caller decides who may read
 * the board and runs each saved answer under the reader's data policy.
 */
export function tileSavedIds(board: Board): string[] {
  return [...new Set(board.tiles.map((t) => t.saved_id))];
}

function toRow(board: Board): BoardEntity {
  return {
    id: board.id,
    userId: board.user_id,
    name: board.name,
    tiles: JSON.stringify(board.tiles),
    createdAt: board.created_at,
    updatedAt: board.updated_at,
  };
}

function fromRow(row: BoardEntity): Board {
  return {
    id: row.id,
    name: row.name,
    user_id: row.userId,
    tiles: JSON.parse(row.tiles) as BoardTile[],
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
