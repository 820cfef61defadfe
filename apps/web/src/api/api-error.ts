import type { ErrorResponse } from '@nlq/contracts';

/**
 * A failed API call. For an HTTP error it carries the service's ErrorResponse body (docs/architecture.md "Errors"); for a
 * network failure (API unreachable, CORS, aborted) statusCode is 0 and code is NETWORK.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly requestId: string | null;
  readonly details: ErrorResponse['details'];

  constructor(body: Partial<ErrorResponse> & { statusCode: number; message: string }) {
    super(body.message);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.code = body.code ?? 'UNKNOWN';
    this.requestId = body.requestId ?? null;
    this.details = body.details;
  }

  /** True when the API refused the key (401). */
  get unauthorized(): boolean {
    return this.statusCode === 401;
  }

  /** The error as one line for a toast: message, then field problems of a VALIDATION error. */
  describe(): string {
    const d = this.details;
    if (Array.isArray(d) && d.length > 0) {
      return `${this.message}: ${d.map((f) => `${f.field} ${f.problems.join(', ')}`).join('; ')}`;
    }
    return this.message;
  }
}

/** Read an ErrorResponse from a non-2xx Response; falls back to the status text when the body is not the shape. */
export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (body && typeof body === 'object' && typeof (body as ErrorResponse).message === 'string') {
    const e = body as ErrorResponse;
    return new ApiError({ ...e, statusCode: typeof e.statusCode === 'number' ? e.statusCode : res.status });
  }
  return new ApiError({
    statusCode: res.status,
    code: 'HTTP_' + res.status,
    message: `${res.status} ${res.statusText || 'error'}`.trim(),
  });
}
