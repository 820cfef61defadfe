/**
 * How schedules read a board (docs/http-api.md "Schedules and alerts"): a board is a named grid of saved answers of
 * one user, and a `board_id` schedule delivers the results of its tiles' saved answers in tile order. The boards
 * repository is plugged in by providing {@link BOARD_LOOKUP} in SchedulesModule (schedules.module.ts) with a class
 * reading it; until then {@link NoBoards} answers every board as unknown (404 "board not found").
 */

/** What a schedule needs of a board. */
export interface BoardForSchedule {
  id: string;
  name: string;
  /** The user who owns the board. */
  user_id: string;
  /** The saved answers of its tiles, in tile order. */
  saved_ids: string[];
}

/** Finds a board by id. */
export interface BoardLookup {
  /** The board, or null when it does not exist. */
  find(boardId: string): Promise<BoardForSchedule | null>;
}

/** Injection token of the {@link BoardLookup} the schedules use. */
export const BOARD_LOOKUP = Symbol('BOARD_LOOKUP');

/** The lookup while no boards repository is plugged in: no board exists. */
export class NoBoards implements BoardLookup {
  /** Always null: every board id is unknown. */
  find(): Promise<BoardForSchedule | null> {
    return Promise.resolve(null);
  }
}
