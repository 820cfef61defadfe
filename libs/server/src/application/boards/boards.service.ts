import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type Board, type BoardList, type BoardTile } from '@nlq/contracts';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { seesEveryone, type Caller } from '../../platform/auth/caller';
import { ApiException, type FieldProblems } from '../../platform/common/api.exception';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import type { BoardsRepository } from '../../platform/state/repositories/boards.repository';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { SavedAnswersService } from '../saved/saved-answers.service';
import { parseBoardTiles } from './board-tiles';
import type { BoardInputDto } from './dto/board.dto';

/**
 * Boards (docs/http-api.md "Boards"): named pages of saved answers on a grid of 12 columns. Any caller opens a board
 * by id (the link `/boards/{id}`); the list holds the caller's own boards (an admin's: everyone's). Making one needs
 * the role `analyst` (the controller's RequireRole); changing or deleting one is for its creator and admins (else 403).
 * A tile names a saved answer the caller may read (its own; an admin: any), or one already on the board being
 * changed. Each change is an audit line (`board.create`, `.update`, `.delete`).
 */
@Injectable()
export class BoardsService {
  private readonly boards: BoardsRepository;

  constructor(
    @Inject(TypeOrmStateStore) store: TypeOrmStateStore,
    @Inject(SavedAnswersService) private readonly saved: SavedAnswersService,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.boards = store.boards;
  }

  /** The caller's boards (an admin: everyone's), newest first. */
  async list(caller: Caller): Promise<BoardList> {
    return { items: await this.boards.list(seesEveryone(caller) ? null : caller.userId) };
  }

  /** Any board by id: boards are shared by link. @throws 404 unknown */
  async get(id: string): Promise<Board> {
    const board = await this.boards.get(id);
    if (!board) throw new ApiException(404, ErrorCode.NOT_FOUND, `Board "${id}" not found.`);
    return board;
  }

  /** Make a board. @throws 400 VALIDATION naming the field (`name`, `tiles[0].w`, `tiles[1].saved_id`) */
  async create(caller: Caller, input: BoardInputDto): Promise<Board> {
    const name = nameOf(input.name);
    const tiles = await this.checkedTiles(caller, input.tiles, new Set());
    const now = new Date().toISOString();
    const board: Board = { id: randomUUID(), name, user_id: caller.userId, tiles, created_at: now, updated_at: now };
    await this.boards.insert(board);
    auditCallerEvent(this.logger, 'board.create', caller, { boardId: board.id, tiles: tiles.length });
    return board;
  }

  /** Replace a board's name and tiles. @throws 400 as {@link create}, 403 not its creator nor an admin, 404 */
  async update(caller: Caller, id: string, input: BoardInputDto): Promise<Board> {
    const current = await this.editable(caller, id);
    const name = nameOf(input.name);
    const tiles = await this.checkedTiles(caller, input.tiles, new Set(current.tiles.map((t) => t.saved_id)));
    const next: Board = { ...current, name, tiles, updated_at: new Date().toISOString() };
    await this.boards.update(next);
    auditCallerEvent(this.logger, 'board.update', caller, { boardId: id, tiles: tiles.length });
    return next;
  }

  /** Delete a board. @throws 403 not its creator nor an admin, 404 */
  async remove(caller: Caller, id: string): Promise<void> {
    await this.editable(caller, id);
    await this.boards.remove(id);
    auditCallerEvent(this.logger, 'board.delete', caller, { boardId: id });
  }

  /** A board the caller may change: its creator's or, for an admin, any. @throws 403, 404 */
  private async editable(caller: Caller, id: string): Promise<Board> {
    const board = await this.get(id);
    if (!seesEveryone(caller) && board.user_id !== caller.userId)
      throw new ApiException(
        403,
        ErrorCode.FORBIDDEN,
        `Board "${board.name}" belongs to "${board.user_id}"; only its creator or an admin may change or delete it.`,
      );
    return board;
  }

  /** Tiles checked in shape, then each saved answer readable by the caller unless in `kept`. */
  private async checkedTiles(caller: Caller, input: unknown, kept: ReadonlySet<string>): Promise<BoardTile[]> {
    const parsed = parseBoardTiles(input);
    if (!parsed.ok) throw ApiException.validation(parsed.problems);
    const problems: FieldProblems = [];
    for (const [i, tile] of parsed.tiles.entries()) {
      if (kept.has(tile.saved_id)) continue;
      const readable = await this.saved.get(caller, tile.saved_id).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiException && error.statusCode === 404) return false;
          throw error;
        },
      );
      if (!readable)
        problems.push({
          field: `tiles[${i}].saved_id`,
          problems: [`no saved answer "${tile.saved_id}" you may read`],
        });
    }
    if (problems.length > 0) throw ApiException.validation(problems);
    return parsed.tiles;
  }
}

/** A board name without surrounding blanks. @throws 400 VALIDATION naming `name` when blank */
function nameOf(raw: string): string {
  const name = raw.trim();
  if (name === '') throw ApiException.validation([{ field: 'name', problems: ['must not be blank'] }]);
  return name;
}
