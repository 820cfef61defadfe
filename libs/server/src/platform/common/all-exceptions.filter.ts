import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { toErrorResponse } from './error-mapping';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * The one exception filter: every error (including malformed JSON, over-limit bodies and unknown routes, which
 * Nest routes through here on Fastify) becomes the ErrorResponse shape of {@link toErrorResponse}. 5xx are logged
 * with the error; the client sees only the request id.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(@Inject(ROOT_LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = toErrorResponse(exception, String(request.id));
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, requestId: body.requestId, url: request.url }, 'request failed');
    }
    void reply.status(body.statusCode).header(REQUEST_ID_HEADER, body.requestId).send(body);
  }
}
