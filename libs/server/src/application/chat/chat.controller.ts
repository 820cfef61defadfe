import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { ChatStreamService } from './chat-stream.service';
import { ChatService } from './chat.service';
import { ChatRequestDto } from './dto/chat-request.dto';
import { ChatResponseDto } from './dto/chat-response.dto';
import { RateLimited } from '../../platform/rate-limit/rate-limited.decorator';

/** POST /api/chat (docs/http-api.md "Contract: application surface") and its server-sent-events variant POST /api/chat/stream. */
@ApiTags('application: chat')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api')
export class ChatController {
  constructor(
    private readonly chatService: ChatService,
    private readonly chatStream: ChatStreamService,
  ) {}

  @Post('chat')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask a question in a session',
    description:
      "A pipeline failure is success false with error set. Another user's session_id or an unknown connection_id answers 404.",
  })
  @ApiOkResponse({ type: ChatResponseDto })
  @ErrorResponseDto.document(400, 401, 404, 413)
  chat(@CurrentCaller() caller: Caller, @Body() body: ChatRequestDto): Promise<ChatResponseDto> {
    return this.chatService.chat(caller, body);
  }

  /** POST /api/chat/stream: the same question, answered as server-sent events (see ChatStreamService). */
  @Post('chat/stream')
  @RateLimited()
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary: 'Ask a question in a session, answered as server-sent events',
    description:
      'Same body, key, validation, rate limit and body limit as POST /api/chat. A text/event-stream of `stage.started` {stage}, ' +
      '`stage.finished` {stage, durationMs, outcome}, `answer.delta` {text} (pieces of an answer the model words, in order), ' +
      '`answer.ready`, `approval.pending` and `clarification.requested` (as on /ws/live), then `result` with exactly the POST /api/chat response body. ' +
      'A failure after the stream started is an `error` event in the error shape; before it (400, 401, 404, 413, 429) an ordinary HTTP error.',
  })
  @ApiOkResponse({
    description: 'text/event-stream (WHATWG server-sent events), ending with a `result` or an `error` event',
    schema: { type: 'string' },
  })
  @ErrorResponseDto.document(400, 401, 404, 413)
  stream(
    @CurrentCaller() caller: Caller,
    @Body() body: ChatRequestDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.chatStream.stream(caller, body, request, reply);
  }
}
