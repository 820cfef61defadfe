import { ErrorCode } from '@nlq/contracts';

/** Per-field validation problems, as ErrorResponse.details lists them for 400 VALIDATION. */
export type FieldProblems = Array<{ field: string; problems: string[] }>;

/**
 * A typed HTTP error of the api (twenty-style: a code enum mapped to HTTP in one filter). The filter answers it as
 * `{ statusCode, code, message, details?, requestId }`.
 */
export class ApiException extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly details?: FieldProblems | Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiException';
  }

  /** 400 VALIDATION with one entry per offending field. */
  static validation(details: FieldProblems, message = 'Request validation failed'): ApiException {
    return new ApiException(400, ErrorCode.VALIDATION, message, details);
  }

  /** 401 UNAUTHORIZED (missing or wrong X-API-Key). */
  static unauthorized(message = 'Missing or invalid X-API-Key header.'): ApiException {
    return new ApiException(401, ErrorCode.UNAUTHORIZED, message);
  }
}
