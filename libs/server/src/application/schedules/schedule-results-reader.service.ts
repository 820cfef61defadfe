import { ErrorCode } from '@nlq/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ApiException } from '../../platform/common/api.exception';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { SavedAnswerRunnerService } from '../saved/saved-answer-runner.service';
import { SavedAnswersService } from '../saved/saved-answers.service';
import { BOARD_LOOKUP, BoardLookup } from './board-lookup';
import type { DeliveredResult } from './run-message';
import { ownerCaller, type ScheduleRecord } from './schedule-record';

/**
 * The results a run of a schedule delivers: its saved answer, or each saved answer of its board's tiles in tile
 * order, run again now by the saved-answer runner (read-only, no model call, MAX_RESULT_ROWS and
 * STATEMENT_TIMEOUT_MS) as the schedule's owner: its role and attributes, so its data policy applies
 * (docs/http-api.md "Saved answers", "Roles and data policies").
 */
@Injectable()
export class ScheduleResultsReader {
  constructor(
    @Inject(SavedAnswerRunnerService) private readonly runner: SavedAnswerRunnerService,
    @Inject(SavedAnswersService) private readonly saved: SavedAnswersService,
    @Inject(BOARD_LOOKUP) private readonly boards: BoardLookup,
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
  ) {}

  /**
   * The schedule's results now.
   * @throws ApiException 404 when the saved answer or the board is gone; the runner's errors (422, 502, 504)
   */
  async read(schedule: ScheduleRecord): Promise<DeliveredResult[]> {
    const caller = ownerCaller(schedule);
    const ids = await this.savedIds(schedule);
    const results: DeliveredResult[] = [];
    for (const id of ids) {
      // a board's tiles may be other users' saved answers (shared by link): each runs under the owner's policy
      const saved = schedule.savedId ? await this.saved.get(caller, id) : await this.store.savedAnswers.get(id);
      if (!saved) throw new ApiException(404, ErrorCode.NOT_FOUND, `saved answer ${id} of the board not found`);
      const result = await this.runner.runSaved(caller, saved);
      results.push({
        saved_id: id,
        name: saved.name,
        columns: result.columns,
        rows: result.rows,
        answer: result.answer,
        read_at: result.read_at,
        row_count: result.row_count,
      });
    }
    return results;
  }

  private async savedIds(schedule: ScheduleRecord): Promise<string[]> {
    if (schedule.savedId) return [schedule.savedId];
    const board = schedule.boardId ? await this.boards.find(schedule.boardId) : null;
    if (!board) throw new ApiException(404, ErrorCode.NOT_FOUND, 'board not found');
    return board.saved_ids;
  }
}
