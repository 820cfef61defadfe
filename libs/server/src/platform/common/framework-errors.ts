import { HttpException } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-mapping';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * Fastify `frameworkErrors`: errors its router raises before any route runs (a malformed URL component, 400; a
 * path parameter over the router's maxParamLength, 414) answered in the one error shape instead of Fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendError(fromFastifyError(error), request, reply);
}

/**
 * Fastify error handler used until Nest provides its own (see NlqFastifyAdapter): a Fastify 4xx (body parser:
 * malformed JSON 400, body too large 413, unsupported media type 415) or any other error, in the one error shape.
 */
export function fastifyErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = fromFastifyError(error);
  const status = mapped instanceof HttpException ? mapped.getStatus() : 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  sendError(mapped, request, reply);
}

/** A Fastify 4xx error (it carries `statusCode`) as the HttpException Nest would map it to; others unchanged. */
function fromFastifyError(error: FastifyError): unknown {
  const status = error?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? new HttpException(error.message, status) : error;
}

function sendError(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const body = toErrorResponse(exception, String(request.id));
  void reply.status(body.statusCode).header(REQUEST_ID_HEADER, body.requestId).send(body);
}
