import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorCode, type ErrorResponse } from '@nlq/contracts';

/** OpenAPI description of the one error shape (contracts ErrorResponse). */
export class ErrorResponseDto implements ErrorResponse {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'VALIDATION', description: 'ErrorCode of @nlq/contracts' })
  code!: string;

  @ApiProperty({ example: 'Request validation failed' })
  message!: string;

  @ApiPropertyOptional({
    description: 'VALIDATION: [{ field, problems[] }]',
    example: [{ field: 'question', problems: ['question must be a string'] }],
  })
  details?: Array<{ field: string; problems: string[] }>;

  @ApiProperty({ example: '5f0c8f0e-6a4e-4bb3-9a0b-2a1f9f7d6c11' })
  requestId!: string;

  /** Document the given error statuses of an endpoint with this shape, each with its description and an example. */
  static document(...statuses: number[]): MethodDecorator {
    return applyDecorators(
      ...statuses.map((status) =>
        ApiResponse({
          status,
          type: ErrorResponseDto,
          description: DESCRIPTIONS[status] ?? 'Error',
          example: EXAMPLES.get(status),
        }),
      ),
    );
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

/** An example of the error shape with `status`, `code` and `message` (shown by /docs). */
function example(
  statusCode: number,
  code: ErrorCode,
  message: string,
  details?: ErrorResponse['details'],
): ErrorResponse {
  return {
    statusCode,
    code,
    message,
    ...(details ? { details } : {}),
    requestId: '5f0c8f0e-6a4e-4bb3-9a0b-2a1f9f7d6c11',
  };
}

/** The example /docs shows for each documented error status. */
const EXAMPLES = new Map<number, ErrorResponse>([
  [
    400,
    example(400, ErrorCode.VALIDATION, 'Request validation failed', [
      { field: 'question', problems: ['question must be a string'] },
    ]),
  ],
  [401, example(401, ErrorCode.UNAUTHORIZED, 'Missing or invalid X-API-Key')],
  [403, example(403, ErrorCode.FORBIDDEN, 'Only the service key may issue API keys.')],
  [404, example(404, ErrorCode.NOT_FOUND, 'Nothing is pending in session "sales-review".')],
  [409, example(409, ErrorCode.CONFLICT, 'The pending SQL of session "cleanup" was already approved.')],
  [413, example(413, ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is larger than MAX_BODY_BYTES (65536 bytes)')],
  [422, example(422, ErrorCode.SQL_REFUSED, 'The approved SQL failed at the database: FOREIGN KEY constraint failed')],
  [429, example(429, ErrorCode.RATE_LIMITED, 'Rate limit exceeded: 120 requests per minute; retry after 12 s')],
  [
    502,
    example(
      502,
      ErrorCode.UPSTREAM_UNAVAILABLE,
      'The database could not be reached: connect ECONNREFUSED 127.0.0.1:5432',
    ),
  ],
]);
