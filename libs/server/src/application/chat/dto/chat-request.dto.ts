import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ChatRequest } from '@nlq/contracts';
import { IsOptional, IsString, Length, Matches, ValidateIf } from 'class-validator';
import { PRINTABLE_ID } from '../../../platform/common/session-id.pipe';

/**
 * Body of POST /api/chat: a question, or (with the session_id that was asked back) the id of an option of the
 * session's open clarification; one of the two is required. The question's length limit is
 * MAX_QUESTION_CHARS (answered as success false).
 */
export class ChatRequestDto implements ChatRequest {
  @ApiPropertyOptional({
    example: 'How many orders were placed last month?',
    description: 'Required unless clarification_option is given',
  })
  @ValidateIf((body: ChatRequestDto) => body.clarification_option === undefined)
  @IsString()
  question?: string;

  @ApiPropertyOptional({
    example: '2',
    description:
      "Id of an option of the session's open clarification (ChatResponse.clarification.options[].id): answers that reading",
  })
  @IsOptional()
  @IsString()
  @Length(1, 16)
  clarification_option?: string;

  @ApiPropertyOptional({ description: "The caller's session to continue; a new session id is created when absent" })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  @Matches(PRINTABLE_ID, { message: 'session_id must not contain control characters' })
  session_id?: string;

  @ApiPropertyOptional({ description: 'Connection to ask (GET /api/connections); the active connection when absent' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;
}
