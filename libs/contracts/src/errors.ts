/**
 * The one error shape of every non-2xx answer (docs/architecture.md "Errors").
 * 400 validation (details lists the fields), 401 key, 403 forbidden, 404 not found, 409 state conflict,
 * 413 body too large, 422 unanswerable or refused SQL, 429 rate limit, 502 model or database unreachable,
 * 500 with no internals (only the request id).
 */
export enum ErrorCode {
  VALIDATION = 'VALIDATION',
  UNAUTHORIZED = 'UNAUTHORIZED',
  FORBIDDEN = 'FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  NOTHING_PENDING = 'NOTHING_PENDING',
  CONFLICT = 'CONFLICT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  SQL_REFUSED = 'SQL_REFUSED',
  UNANSWERABLE = 'UNANSWERABLE',
  RATE_LIMITED = 'RATE_LIMITED',
  UPSTREAM_UNAVAILABLE = 'UPSTREAM_UNAVAILABLE',
  INTERNAL = 'INTERNAL',
}

/** Body of every error response. */
export interface ErrorResponse {
  statusCode: number;
  code: ErrorCode | string;
  message: string;
  /** For VALIDATION: one entry per offending field. */
  details?: Array<{ field: string; problems: string[] }> | Record<string, unknown>;
  requestId: string;
}
