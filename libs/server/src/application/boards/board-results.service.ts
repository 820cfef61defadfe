import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type BoardResults, type BoardTile, type BoardTileResult } from '@nlq/contracts';
import type { Logger } from 'pino';
import type { Caller } from '../../platform/auth/caller';
import { toErrorResponse } from '../../platform/common/error-mapping';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { SavedAnswerRunnerService } from '../saved/saved-answer-runner.service';
import { BoardsService } from './boards.service';

/** Tiles of one board run at the same time, at most. */
export const BOARD_TILE_CONCURRENCY = 4;

/**
 * GET /api/boards/{id}/results (docs/http-api.md "Boards"): each tile's saved answer run again now through the saved
 * answer runner (read-only, row limit, statement timeout, no model call) under the CALLER's role, data policy and
 * database identity, whoever made the board or saved the answer. A tile that cannot run (its saved answer deleted,
 * its table refused by the caller's policy, the database refusing the SQL) answers that tile's `error` in the error
 * shape's code and message, never its rows; the other tiles are unaffected. At most
 * {@link BOARD_TILE_CONCURRENCY} tiles run at once; the answer keeps the board's tile order.
 */
@Injectable()
export class BoardResultsService {
  constructor(
    @Inject(BoardsService) private readonly boards: BoardsService,
    @Inject(SavedAnswerRunnerService) private readonly runner: SavedAnswerRunnerService,
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** Every tile's result, in tile order. @throws 404 unknown board */
  async results(caller: Caller, boardId: string): Promise<BoardResults> {
    const board = await this.boards.get(boardId);
    const out: BoardTileResult[] = new Array(board.tiles.length);
    let next = 0;
    const worker = async () => {
      while (next < board.tiles.length) {
        const index = next++;
        out[index] = await this.tile(caller, board.tiles[index]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(BOARD_TILE_CONCURRENCY, board.tiles.length) }, worker));
    return { board_id: board.id, tiles: out };
  }

  /** One tile's result, or its error. */
  private async tile(caller: Caller, tile: BoardTile): Promise<BoardTileResult> {
    const tried = new Date().toISOString();
    const saved = await this.store.savedAnswers.get(tile.saved_id);
    if (!saved)
      return failed(tile.saved_id, null, tried, {
        code: ErrorCode.NOT_FOUND,
        message: `The saved answer "${tile.saved_id}" no longer exists.`,
      });
    try {
      const result = await this.runner.runSaved(caller, saved);
      return {
        saved_id: saved.id,
        name: saved.name,
        read_at: result.read_at,
        columns: result.columns,
        rows: result.rows,
        answer: result.answer,
        row_count: result.row_count,
        truncated: result.truncated,
        total_rows: result.total_rows,
        chart: result.chart,
      };
    } catch (error) {
      const response = toErrorResponse(error, 'board-tile');
      if (response.statusCode >= 500) this.logger.warn({ err: error, savedId: saved.id }, 'board tile failed');
      return failed(saved.id, saved.name, tried, { code: response.code, message: response.message });
    }
  }
}

/** The result of a tile that could not run: its error, no rows. */
function failed(
  savedId: string,
  name: string | null,
  readAt: string,
  error: { code: string; message: string },
): BoardTileResult {
  return {
    saved_id: savedId,
    name,
    read_at: readAt,
    columns: [],
    rows: [],
    answer: '',
    row_count: 0,
    truncated: false,
    total_rows: null,
    chart: null,
    error,
  };
}
