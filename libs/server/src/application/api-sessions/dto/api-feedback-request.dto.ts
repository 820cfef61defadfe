import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiFeedbackRequest } from '@nlq/contracts';
import { IsOptional, IsString, Length } from 'class-validator';
import { FeedbackRequestDto } from '../../../adapter/feedback/dto/feedback-request.dto';

/**
 * Body of POST /api/sessions/{id}/feedback: the signal (positive or negative) and, optionally, the history entry it
 * rates; without `entry_id` the session's latest question, as POST /feedback/{session_id}.
 */
export class ApiFeedbackRequestDto extends FeedbackRequestDto implements ApiFeedbackRequest {
  @ApiPropertyOptional({
    description: 'Id of the query entry to rate (ChatResponse.history_entry_id); the latest question when absent',
    maxLength: 64,
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  entry_id?: string;
}
