import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ChatRequest } from '@nlq/contracts';
import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { PRINTABLE_ID } from '../../../platform/common/session-id.pipe';

/** Body of POST /api/chat. The question's length limit is MAX_QUESTION_CHARS (answered as success false). */
export class ChatRequestDto implements ChatRequest {
  @ApiProperty({ example: 'How many orders were placed last month?' })
  @IsString()
  question!: string;

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
