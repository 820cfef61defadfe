import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { QueryRequest } from '@nlq/contracts';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_SESSION_ID_CHARS, PRINTABLE_ID } from '../../../platform/common/session-id.pipe';

/**
 * Body of POST /query (docs/http-api.md "Contract: query adapter", QueryRequest). `question` must be a non-empty string (else 400); its length
 * limit (MAX_QUESTION_CHARS) is enforced by the pipeline's intake stage, which answers success false with an error
 * rather than an HTTP error (docs/http-api.md "Contract: errors" rule 1). The whole body is bounded by MAX_BODY_BYTES (413).
 */
export class QueryRequestDto implements QueryRequest {
  @ApiProperty({ description: 'Natural-language question to answer', example: 'How many customers are there?' })
  @IsString()
  @IsNotEmpty()
  question!: string;

  @ApiPropertyOptional({
    description: 'Session owner; also the session identifier (without it: rest_user)',
    default: 'rest_user',
    maxLength: MAX_SESSION_ID_CHARS,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_SESSION_ID_CHARS)
  @Matches(PRINTABLE_ID, { message: 'user_id must not contain control characters' })
  user_id?: string;

  @ApiPropertyOptional({
    description: 'Feedback signal that pre-tags the request; stored with the history entry',
    example: 'positive',
    maxLength: 64,
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  rlhf_signal?: string;
}
