import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AdapterKeyGuard } from '../../platform/auth/adapter-key.guard';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { SessionIdPipe } from '../../platform/common/session-id.pipe';
import { FeedbackRequestDto } from './dto/feedback-request.dto';
import { FeedbackResponseDto } from './dto/feedback-response.dto';
import { FeedbackService } from './feedback.service';
import { RateLimited } from '../../platform/rate-limit/rate-limited.decorator';

/** POST /feedback/{session_id} (docs/http-api.md "Contract: query adapter"). */
@ApiTags('query adapter')
@ApiSecurity('api_key')
@UseGuards(AdapterKeyGuard)
@Controller()
export class FeedbackController {
  constructor(private readonly feedbackService: FeedbackService) {}

  @Post('feedback/:session_id')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({ summary: 'Save positive or negative feedback for a session' })
  @ApiParam({ name: 'session_id' })
  @ApiOkResponse({ type: FeedbackResponseDto })
  @ErrorResponseDto.document(400, 401, 404)
  feedback(
    @Param('session_id', SessionIdPipe) sessionId: string,
    @Body() body: FeedbackRequestDto,
  ): Promise<FeedbackResponseDto> {
    return this.feedbackService.record(sessionId, body.signal);
  }
}
