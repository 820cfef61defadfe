import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { Board, BoardList, BoardResults } from '@nlq/contracts';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { RequireRole } from '../../platform/auth/required-role';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { BoardResultsService } from './board-results.service';
import { BoardsService } from './boards.service';
import { BoardDto, BoardInputDto, BoardListDto, BoardResultsDto } from './dto/board.dto';

/**
 * /api/boards (docs/http-api.md "Boards"): named pages of saved answers on a grid of 12 columns. Every signed-in
 * caller may open a board by id and run its tiles under their own data policy; making, changing and deleting need
 * the role `analyst`, and changing or deleting is for the board's creator and admins.
 */
@ApiTags('application: boards')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/boards')
export class BoardsController {
  constructor(
    private readonly boards: BoardsService,
    private readonly results: BoardResultsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The caller's boards (an admin: everyone's), newest first" })
  @ApiOkResponse({ type: BoardListDto })
  @ErrorResponseDto.document(401)
  list(@CurrentCaller() caller: Caller): Promise<BoardList> {
    return this.boards.list(caller);
  }

  @Post()
  @RequireRole('analyst')
  @ApiOperation({
    summary: 'Make a board of saved answers the caller may read',
    description: 'Tiles on 12 columns: x + w <= 12, w and h >= 1. A refused field answers 400 naming it (tiles[1].w).',
  })
  @ApiCreatedResponse({ type: BoardDto })
  @ErrorResponseDto.document(400, 401, 403)
  create(@CurrentCaller() caller: Caller, @Body() body: BoardInputDto): Promise<Board> {
    return this.boards.create(caller, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One board, by id (boards are shared by link)' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: BoardDto })
  @ErrorResponseDto.document(401, 404)
  get(@Param('id') id: string): Promise<Board> {
    return this.boards.get(id);
  }

  @Put(':id')
  @RequireRole('analyst')
  @ApiOperation({ summary: "Replace a board's name and tiles (its creator or an admin)" })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: BoardDto })
  @ErrorResponseDto.document(400, 401, 403, 404)
  update(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: BoardInputDto): Promise<Board> {
    return this.boards.update(caller, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireRole('analyst')
  @ApiOperation({ summary: 'Delete a board (its creator or an admin)' })
  @ApiParam({ name: 'id' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ErrorResponseDto.document(401, 403, 404)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    await this.boards.remove(caller, id);
  }

  @Get(':id/results')
  @ApiOperation({
    summary: "Run every tile's saved answer again now under the caller's role and data policy, no model call",
    description:
      "One tile's failure (a table the caller's policy refuses, a deleted saved answer) is that tile's error.",
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: BoardResultsDto })
  @ErrorResponseDto.document(401, 404)
  run(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<BoardResults> {
    return this.results.results(caller, id);
  }
}
