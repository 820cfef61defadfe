import { ApiProperty } from '@nestjs/swagger';
import type { RefreshResponse } from '@nlq/contracts';

/** Answer of POST /refresh (docs/http-api.md "Contract: query adapter"). */
export class RefreshResponseDto implements RefreshResponse {
  @ApiProperty({ enum: ['ok', 'error'] })
  status!: 'ok' | 'error';

  @ApiProperty({ example: 'Schema cache refreshed: 6 tables (version 3f2a9c1e).' })
  message!: string;
}
