import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { HISTORY_PAGE_DEFAULT } from '@nlq/contracts';
import { HistoryPageQueryDto } from '../../platform/sessions/dto/history-page-query.dto';
import { ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AdapterKeyGuard } from '../../platform/auth/adapter-key.guard';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { SessionIdPipe } from '../../platform/common/session-id.pipe';
import { SessionHistoryResponseDto } from './dto/session-history-response.dto';
import { SessionsService } from './sessions.service';

/** GET /session/{session_id} (docs/http-api.md "Contract: query adapter"). */
@ApiTags('query adapter')
@ApiSecurity('api_key')
@UseGuards(AdapterKeyGuard)
@Controller()
export class SessionsController {
  constructor(private readonly sessionsService: SessionsService) {}

  @Get('session/:session_id')
  @ApiOperation({
    summary: "Read the session's most recent history entries (oldest first; empty for an unknown session)",
    description:
      "At most `limit` entries (1..100, default 50): the most recent ones, or those older than `cursor` (the previous answer's next_cursor, null when the history starts there). Each entry's kept rows are capped at 20 rows and 16 KiB.",
  })
  @ApiParam({ name: 'session_id' })
  @ApiOkResponse({ type: SessionHistoryResponseDto })
  @ErrorResponseDto.document(400, 401, 404)
  session(
    @Param('session_id', SessionIdPipe) sessionId: string,
    @Query() query: HistoryPageQueryDto,
  ): Promise<SessionHistoryResponseDto> {
    return this.sessionsService.history(sessionId, {
      limit: query.limit ?? HISTORY_PAGE_DEFAULT,
      cursor: query.cursor ?? null,
    });
  }
}
