import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AdapterKeyGuard } from '../../platform/auth/adapter-key.guard';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { SessionIdPipe } from '../../platform/common/session-id.pipe';
import { SessionHistoryResponseDto } from './dto/session-history-response.dto';
import { SessionsService } from './sessions.service';

/** GET /session/{session_id} (spec 4.1). */
@ApiTags('query adapter')
@ApiSecurity('api_key')
@UseGuards(AdapterKeyGuard)
@Controller()
export class SessionsController {
  constructor(private readonly sessionsService: SessionsService) {}

  @Get('session/:session_id')
  @ApiOperation({ summary: "Read the session's history (oldest first; empty for an unknown session)" })
  @ApiParam({ name: 'session_id' })
  @ApiOkResponse({ type: SessionHistoryResponseDto })
  @ErrorResponseDto.document(400, 401, 404)
  session(@Param('session_id', SessionIdPipe) sessionId: string): Promise<SessionHistoryResponseDto> {
    return this.sessionsService.history(sessionId);
  }
}
