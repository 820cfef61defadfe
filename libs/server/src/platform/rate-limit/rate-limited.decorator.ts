import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ErrorResponseDto } from '../common/error-response.dto';

/** Fastify route config flag (`config.nlqRateLimited: true`) of the routes {@link registerRateLimit} limits. */
export const RATE_LIMITED_ROUTE = 'nlqRateLimited';

/**
 * Marks a route that runs work (a question, an approval decision, feedback) as counted against the caller's
 * RATE_LIMIT_PER_MINUTE, and documents its 429 in OpenAPI. All marked routes share one budget per caller.
 */
export function RateLimited(): MethodDecorator {
  return applyDecorators(RouteConfig({ [RATE_LIMITED_ROUTE]: true }), ErrorResponseDto.document(429));
}
