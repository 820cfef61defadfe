import { HttpException } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-mapping';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * Fastify `frameworkErrors`: errors its router raises before any route runs (a malformed URL component, 400; a
 * path parameter over the router's maxParamLength, 414) answered in the one error shape instead of Fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = toErrorResponse(new HttpException(error.message, error.statusCode ?? 400), String(request.id));
  void reply.status(body.statusCode).header(REQUEST_ID_HEADER, body.requestId).send(body);
}
