import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { fastifyErrorHandler } from './framework-errors';

type NestErrorHandler = Parameters<FastifyAdapter['setErrorHandler']>[0];

/**
 * Nest's FastifyAdapter with one Fastify error handler installed at construction, before any route exists.
 *
 * Fastify binds each route to the error handler current when the route is registered. Nest sets its handler (which
 * ends in the AllExceptionsFilter) late in `app.init()`; a module that forces Fastify to load plugins earlier
 * (e.g. `await fastify.register(...)` in onModuleInit) would leave the routes with Fastify's default handler, so
 * body-parser errors (malformed JSON 400, body over MAX_BODY_BYTES 413, unsupported media type 415) would answer in
 * Fastify's shape. Here the root handler is set once and delegates to Nest's as soon as Nest provides it (Nest's
 * `setErrorHandler` call is captured instead of overriding the root handler, which Fastify warns about);
 * until then {@link fastifyErrorHandler} answers in the same error shape.
 */
export class NlqFastifyAdapter extends FastifyAdapter {
  private nestErrorHandler: NestErrorHandler | null = null;

  constructor(options: FastifyServerOptions) {
    super(options as never); // FastifyAdapter types its options per server kind; these are plain HTTP options
    const instance = this.getInstance();
    instance.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (!this.nestErrorHandler) return fastifyErrorHandler(error, request, reply);
      return (
        this.nestErrorHandler as (this: unknown, e: FastifyError, q: FastifyRequest, r: FastifyReply) => unknown
      ).call(instance, error, request, reply);
    });
  }

  /** Captures Nest's handler (see the class comment) instead of replacing the root one. */
  override setErrorHandler(handler: NestErrorHandler): ReturnType<FastifyAdapter['setErrorHandler']> {
    this.nestErrorHandler = handler;
    return this.getInstance();
  }
}
