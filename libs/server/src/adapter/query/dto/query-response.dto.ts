import { ApiProperty } from '@nestjs/swagger';
import type { QueryResponse } from '@nlq/contracts';

/** Answer of POST /query (docs/http-api.md "Contract: query adapter", QueryResponse). A pipeline failure is success false with `error` set. */
export class QueryResponseDto implements QueryResponse {
  @ApiProperty({ description: 'Final answer in plain words' })
  response!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Generated SQL (empty when none was produced; null when nlq asked back instead of answering)',
  })
  sql!: string | null;

  @ApiProperty({ description: 'Whether the pipeline completed successfully' })
  success!: boolean;

  @ApiProperty({ description: 'true when the SQL waits for POST /approve or POST /reject' })
  pending_approval!: boolean;

  @ApiProperty({ description: 'Session identifier for history, approval and feedback' })
  session_id!: string;

  @ApiProperty({ description: 'Failure text, null on success', type: String, nullable: true })
  error!: string | null;
}
