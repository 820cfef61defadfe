import { HttpException } from '@nestjs/common';
import { ErrorCode, type ErrorResponse } from '@nlq/contracts';
import {
  DatabaseError,
  InvalidHistoryCursorError,
  PipelineError,
  ProviderError,
  UnanswerableQuestionError,
  scrubMessage,
} from '@nlq/pipeline';
import { ApiException } from './api.exception';

/** HTTP status of each pipeline error code (docs/architecture.md "Errors"). */
const PIPELINE_STATUS: Record<PipelineError['code'], number> = {
  NOTHING_PENDING: 404,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UPSTREAM_UNAVAILABLE: 502,
  SQL_REFUSED: 422,
  NO_CLARIFICATION: 409,
  FORBIDDEN: 403,
};

/** Code of an HttpException (Nest's or Fastify's, e.g. a 413 body limit) by status. */
const STATUS_CODE: Record<number, ErrorCode | string> = {
  400: ErrorCode.VALIDATION,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  405: 'METHOD_NOT_ALLOWED',
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: ErrorCode.UNANSWERABLE,
  429: ErrorCode.RATE_LIMITED,
  502: ErrorCode.UPSTREAM_UNAVAILABLE,
  503: ErrorCode.UPSTREAM_UNAVAILABLE,
};

/**
 * Map anything thrown while handling a request to the one error shape (docs/architecture.md "Errors"):
 * ApiException as is; PipelineError by code (403 FORBIDDEN, 404 NOTHING_PENDING/NOT_FOUND, 409 CONFLICT, 422 SQL_REFUSED,
 * 502 UPSTREAM_UNAVAILABLE); Nest/Fastify HttpExceptions by status (malformed JSON 400, unknown route 404, body over
 * MAX_BODY_BYTES 413); an unreachable database or model 502; a question the model cannot answer 422; anything else
 * 500 INTERNAL whose message carries no internals, only the request id. Every message passes through scrubMessage
 * of @nlq/pipeline, the scrubber of live events and traces too (no password, key, stack frame or server file path
 * reaches a client).
 */
export function toErrorResponse(exception: unknown, requestId: string): ErrorResponse {
  const body = mapException(exception, requestId);
  return { ...body, message: scrubMessage(body.message) };
}

function mapException(exception: unknown, requestId: string): ErrorResponse {
  if (exception instanceof ApiException) {
    return withDetails(
      { statusCode: exception.statusCode, code: exception.code, message: exception.message, requestId },
      exception.details,
    );
  }
  if (exception instanceof PipelineError) {
    return {
      statusCode: PIPELINE_STATUS[exception.code] ?? 500,
      code: exception.code,
      message: exception.message,
      requestId,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status >= 500 && status !== 502 && status !== 503) return internal(requestId);
    return {
      statusCode: status,
      code: STATUS_CODE[status] ?? (status >= 500 ? ErrorCode.UPSTREAM_UNAVAILABLE : ErrorCode.VALIDATION),
      message: httpMessage(exception),
      requestId,
    };
  }
  if (exception instanceof InvalidHistoryCursorError) {
    return {
      statusCode: 400,
      code: ErrorCode.VALIDATION,
      message: 'Request validation failed',
      details: [{ field: 'cursor', problems: [exception.message] }],
      requestId,
    };
  }
  if (exception instanceof UnanswerableQuestionError) {
    return { statusCode: 422, code: ErrorCode.UNANSWERABLE, message: exception.message, requestId };
  }
  if (exception instanceof ProviderError) {
    return {
      statusCode: 502,
      code: ErrorCode.UPSTREAM_UNAVAILABLE,
      message: `The language model is unavailable: ${exception.message}`,
      requestId,
    };
  }
  if (exception instanceof DatabaseError && (exception.kind === 'connection' || exception.kind === 'timeout')) {
    return {
      statusCode: 502,
      code: ErrorCode.UPSTREAM_UNAVAILABLE,
      message: `The database is unavailable: ${exception.message}`,
      requestId,
    };
  }
  return internal(requestId);
}

function internal(requestId: string): ErrorResponse {
  return {
    statusCode: 500,
    code: ErrorCode.INTERNAL,
    message: `Internal server error (request id ${requestId}).`,
    requestId,
  };
}

function withDetails(body: ErrorResponse, details: ErrorResponse['details'] | undefined): ErrorResponse {
  return details === undefined ? body : { ...body, details };
}

/** The human message of an HttpException: its string response, or `message` of its object response. */
function httpMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}
