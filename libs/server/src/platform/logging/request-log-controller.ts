import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request log lines for readable (terminal) logs: "incoming request" and "request completed" at debug
 * instead of info, so that a person's terminal keeps the startup block in view; a request that ended in an error is
 * still logged as Fastify logs it. The LogController hooks are Fastify's ("Server" reference, `logController`).
 */
export class DebugRequestLogController extends LogController {
  /** The request as it arrives, at debug. */
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  /** The reply as it is sent, at debug; with an error, Fastify's own error line. */
  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: unknown,
  ): void {
    if (error) return super.requestCompleted(error, request, reply, metadata as never);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
