import { Inject, Injectable } from '@nestjs/common';
import { tileSavedIds } from '../../platform/state/repositories/boards.repository';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';

/**
 * How schedules read a board (docs/http-api.md "Schedules and alerts", "Boards"): a board is a named grid of saved
 * answers of one user, and a `board_id` schedule delivers the results of its tiles' saved answers in tile order.
 */

/** What a schedule needs of a board. */
export interface BoardForSchedule {
  id: string;
  name: string;
  /** The user who owns the board. */
  user_id: string;
  /** The saved answers of its tiles, in tile order, each once. */
  saved_ids: string[];
}

/** Injection token of the {@link BoardLookup} the schedules use. */
export const BOARD_LOOKUP = Symbol('BOARD_LOOKUP');

/** Finds a board by id in the state store's boards repository; no access check (the schedules service checks). */
@Injectable()
export class BoardLookup {
  constructor(@Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore) {}

  /** The board, or null when it does not exist. */
  async find(boardId: string): Promise<BoardForSchedule | null> {
    const board = await this.store.boards.get(boardId);
    if (!board) return null;
    return { id: board.id, name: board.name, user_id: board.user_id, saved_ids: tileSavedIds(board) };
  }
}
