import { ApiProperty } from '@nestjs/swagger';
import { FEEDBACK_SIGNALS, type FeedbackRequest, type FeedbackSignal } from '@nlq/contracts';
import { IsIn } from 'class-validator';

/** Body of POST /feedback/{session_id} (docs/http-api.md "Contract: query adapter"): signal is positive or negative, anything else 400. */
export class FeedbackRequestDto implements FeedbackRequest {
  @ApiProperty({ enum: FEEDBACK_SIGNALS })
  @IsIn(FEEDBACK_SIGNALS)
  signal!: FeedbackSignal;
}
