import { ApiProperty } from '@nestjs/swagger';
import { FEEDBACK_SIGNALS, type FeedbackResponse, type FeedbackSignal } from '@nlq/contracts';

/** Answer of POST /feedback/{session_id}. */
export class FeedbackResponseDto implements FeedbackResponse {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({ enum: FEEDBACK_SIGNALS, description: 'The saved value' })
  signal!: FeedbackSignal;
}
