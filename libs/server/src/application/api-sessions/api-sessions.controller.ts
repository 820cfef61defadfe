import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { ApprovalDecisionResponseDto } from '../../adapter/approval/dto/approval-decision-response.dto';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { SessionIdPipe } from '../../platform/common/session-id.pipe';
import { ApiFeedbackRequestDto } from './dto/api-feedback-request.dto';
import { FeedbackResponseDto } from '../../adapter/feedback/dto/feedback-response.dto';
import { ApiSessionsService } from './api-sessions.service';
import { CursorPageQueryDto, DEFAULT_PAGE_SIZE } from './dto/page-query.dto';
import { HistoryPageQueryDto } from '../../platform/sessions/dto/history-page-query.dto';
import { HISTORY_PAGE_DEFAULT } from '@nlq/contracts';
import { SessionDetailDto, SessionSummaryPageDto } from './dto/session-summary.dto';
import { RateLimited } from '../../platform/rate-limit/rate-limited.decorator';

/** /api/sessions: the caller's sessions (service key: all), one session, and decisions on its pending SQL. */
@ApiTags('application: sessions')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/sessions')
export class ApiSessionsController {
  constructor(private readonly sessions: ApiSessionsService) {}

  @Get()
  @ApiOperation({ summary: "The caller's sessions, most recently active first (service key: every session)" })
  @ApiOkResponse({ type: SessionSummaryPageDto })
  @ErrorResponseDto.document(400, 401)
  list(@CurrentCaller() caller: Caller, @Query() query: CursorPageQueryDto): Promise<SessionSummaryPageDto> {
    return this.sessions.list(caller, {
      page: query.page ?? 1,
      pageSize: query.page_size ?? DEFAULT_PAGE_SIZE,
      cursor: query.cursor ?? null,
    });
  }

  @Get(':id')
  @ApiOperation({
    summary:
      'One session: its summary and one page of its history (newest entries first by pages, each page oldest first)',
    description:
      "`limit` entries (1..100, default 50) older than `cursor` (the previous page's next_cursor); next_cursor is null when the page starts the session. Each entry's kept rows are capped at 20 rows and 16 KiB. Another user's session answers 404.",
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: SessionDetailDto })
  @ErrorResponseDto.document(400, 401, 404)
  detail(
    @CurrentCaller() caller: Caller,
    @Param('id', SessionIdPipe) id: string,
    @Query() query: HistoryPageQueryDto,
  ): Promise<SessionDetailDto> {
    return this.sessions.detail(caller, id, {
      limit: query.limit ?? HISTORY_PAGE_DEFAULT,
      cursor: query.cursor ?? null,
    });
  }

  @Post(':id/approve')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({ summary: "Approve and execute the session's pending SQL (same rules as POST /approve)" })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ApprovalDecisionResponseDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 409, 422, 502)
  approve(
    @CurrentCaller() caller: Caller,
    @Param('id', SessionIdPipe) id: string,
  ): Promise<ApprovalDecisionResponseDto> {
    return this.sessions.approve(caller, id);
  }

  @Post(':id/reject')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({ summary: "Reject the session's pending SQL; nothing is executed" })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ApprovalDecisionResponseDto })
  @ErrorResponseDto.document(400, 401, 404, 409)
  reject(
    @CurrentCaller() caller: Caller,
    @Param('id', SessionIdPipe) id: string,
  ): Promise<ApprovalDecisionResponseDto> {
    return this.sessions.reject(caller, id);
  }

  @Post(':id/feedback')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save positive or negative feedback on one answer of the session (entry_id), or on its latest question',
    description:
      "A thumbs-up makes a verified-example candidate of that entry's question and SQL; a thumbs-down sends the verified examples it used back to candidate. 404 for an entry_id not in the session, 400 for an entry that is not an answer (feedback, approval, rejection, a question asked back).",
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: FeedbackResponseDto })
  @ErrorResponseDto.document(400, 401, 404)
  feedback(
    @CurrentCaller() caller: Caller,
    @Param('id', SessionIdPipe) id: string,
    @Body() body: ApiFeedbackRequestDto,
  ): Promise<FeedbackResponseDto> {
    return this.sessions.feedback(caller, id, body.signal, body.entry_id);
  }
}
