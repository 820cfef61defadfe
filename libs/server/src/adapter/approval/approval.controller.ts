import { Controller, Headers, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { API_KEY_HEADER, AdapterKeyGuard } from '../../platform/auth/adapter-key.guard';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { SessionIdPipe } from '../../platform/common/session-id.pipe';
import { ApprovalService } from './approval.service';
import { ApprovalDecisionResponseDto } from './dto/approval-decision-response.dto';
import { RateLimited } from '../../platform/rate-limit/rate-limited.decorator';

/** POST /approve/{session_id} and POST /reject/{session_id} (docs/http-api.md "Contract: query adapter"; docs/http-api.md "Contract: query adapter" rule 2). */
@ApiTags('query adapter')
@ApiSecurity('api_key')
@UseGuards(AdapterKeyGuard)
@Controller()
export class ApprovalController {
  constructor(private readonly approvalService: ApprovalService) {}

  @Post('approve/:session_id')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({ summary: "Approve and execute the session's pending SQL" })
  @ApiParam({ name: 'session_id' })
  @ApiOkResponse({ type: ApprovalDecisionResponseDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 409, 422, 502)
  approve(
    @Param('session_id', SessionIdPipe) sessionId: string,
    @Headers(API_KEY_HEADER) apiKey?: string | string[],
  ): Promise<ApprovalDecisionResponseDto> {
    const key = Array.isArray(apiKey) ? apiKey[0] : apiKey;
    return this.approvalService.approve(sessionId, key || null);
  }

  @Post('reject/:session_id')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({ summary: "Reject the session's pending SQL; nothing is executed" })
  @ApiParam({ name: 'session_id' })
  @ApiOkResponse({ type: ApprovalDecisionResponseDto })
  @ErrorResponseDto.document(400, 401, 404, 409)
  reject(@Param('session_id', SessionIdPipe) sessionId: string): Promise<ApprovalDecisionResponseDto> {
    return this.approvalService.reject(sessionId);
  }
}
