import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { SavedAnswer, SavedAnswerList, SavedAnswerResult } from '@nlq/contracts';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import {
  CreateSavedAnswerDto,
  SavedAnswerDto,
  SavedAnswerListDto,
  SavedAnswerResultDto,
  UpdateSavedAnswerDto,
} from './dto/saved-answer.dto';
import { SavedAnswerRunnerService } from './saved-answer-runner.service';
import { SavedAnswersService } from './saved-answers.service';

/**
 * /api/saved (docs/http-api.md "Saved answers"): answers kept under a name and run again read-only with no model
 * call. A user key sees its own saved answers (another user's answers 404); the service key sees all.
 */
@ApiTags('application: saved answers')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/saved')
export class SavedAnswersController {
  constructor(
    private readonly saved: SavedAnswersService,
    private readonly runner: SavedAnswerRunnerService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The caller's saved answers (service key: everyone's), newest first" })
  @ApiOkResponse({ type: SavedAnswerListDto })
  @ErrorResponseDto.document(401)
  list(@CurrentCaller() caller: Caller): Promise<SavedAnswerList> {
    return this.saved.list(caller);
  }

  @Post()
  @ApiOperation({
    summary: 'Save an answer of the caller (session_id, entry_id) or a read written out (sql, connection_id)',
    description:
      'The SQL must classify as a read in the connection dialect: a write, DDL or refused statement answers 400 VALIDATION with the field and the reason.',
  })
  @ApiCreatedResponse({ type: SavedAnswerDto })
  @ErrorResponseDto.document(400, 401, 404)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateSavedAnswerDto): Promise<SavedAnswer> {
    return this.saved.create(caller, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One saved answer' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: SavedAnswerDto })
  @ErrorResponseDto.document(401, 404)
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<SavedAnswer> {
    return this.saved.get(caller, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename a saved answer' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: SavedAnswerDto })
  @ErrorResponseDto.document(400, 401, 404)
  rename(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateSavedAnswerDto,
  ): Promise<SavedAnswer> {
    return this.saved.rename(caller, id, body.name);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a saved answer' })
  @ApiParam({ name: 'id' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ErrorResponseDto.document(401, 404)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    await this.saved.remove(caller, id);
  }

  @Get(':id/result')
  @ApiOperation({
    summary: 'Run a saved answer again now: read-only, row limit and statement timeout, no model call',
    description:
      'Answers the rows, columns, read_at and the result in plain words (templates only). 422 SQL_REFUSED when the database refuses the SQL.',
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: SavedAnswerResultDto })
  @ErrorResponseDto.document(401, 404, 422, 502, 504)
  result(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<SavedAnswerResult> {
    return this.runner.run(caller, id);
  }
}
