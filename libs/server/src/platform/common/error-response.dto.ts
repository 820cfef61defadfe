import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import type { ErrorResponse } from '@nlq/contracts';

/** OpenAPI description of the one error shape (contracts ErrorResponse). */
export class ErrorResponseDto implements ErrorResponse {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'VALIDATION', description: 'ErrorCode of @nlq/contracts' })
  code!: string;

  @ApiProperty({ example: 'Request validation failed' })
  message!: string;

  @ApiPropertyOptional({ description: 'VALIDATION: [{ field, problems[] }]', example: [{ field: 'question', problems: ['question must be a string'] }] })
  details?: Array<{ field: string; problems: string[] }>;

  @ApiProperty({ example: '5f0c8f0e-6a4e-4bb3-9a0b-2a1f9f7d6c11' })
  requestId!: string;

  /** Document the given error statuses of an endpoint with this shape. */
  static document(...statuses: number[]): MethodDecorator {
    return applyDecorators(...statuses.map((status) => ApiResponse({ status, type: ErrorResponseDto, description: DESCRIPTIONS[status] ?? 'Error' })));
  }
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (details lists the fields)',
  401: 'Missing or wrong X-API-Key (only when SERVICE_API_KEY is set)',
  404: "Not found: nothing pending in the session, or a session, connection or record unknown or not the caller's",
  409: 'The pending SQL was already decided',
  413: 'Body larger than MAX_BODY_BYTES',
  422: 'The approved SQL was refused by the database',
  429: 'Over RATE_LIMIT_PER_MINUTE for this caller (API key user, else IP); Retry-After says when to retry',
  502: 'Database or model unreachable',
};
