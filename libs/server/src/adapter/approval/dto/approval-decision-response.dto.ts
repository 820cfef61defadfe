import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApprovalDecisionResponse } from '@nlq/contracts';

/** Answer of POST /approve/{session_id} and POST /reject/{session_id} (docs/http-api.md "Contract: query adapter"). */
export class ApprovalDecisionResponseDto implements ApprovalDecisionResponse {
  @ApiProperty({ enum: ['approved', 'rejected'] })
  status!: 'approved' | 'rejected';

  @ApiProperty()
  session_id!: string;

  @ApiPropertyOptional({ description: 'Approve only: rows inserted, updated or deleted (0 for DDL)' })
  rows_affected?: number;
}
