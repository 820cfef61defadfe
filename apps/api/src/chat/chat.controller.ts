import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthGuard } from '../api-auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../api-auth/caller';
import { ErrorResponseDto } from '../common/error-response.dto';
import { ChatService } from './chat.service';
import { ChatRequestDto } from './dto/chat-request.dto';
import { ChatResponseDto } from './dto/chat-response.dto';
import { RateLimited } from '../rate-limit/rate-limited.decorator';

/** POST /api/chat (spec 4.2). */
@ApiTags('application: chat')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api')
export class ChatController {
  constructor(private readonly chatService: ChatService) {}

  @Post('chat')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask a question in a session',
    description: "A pipeline failure is success false with error set. Another user's session_id or an unknown connection_id answers 404.",
  })
  @ApiOkResponse({ type: ChatResponseDto })
  @ErrorResponseDto.document(400, 401, 404, 413)
  chat(@CurrentCaller() caller: Caller, @Body() body: ChatRequestDto): Promise<ChatResponseDto> {
    return this.chatService.chat(caller, body);
  }
}
