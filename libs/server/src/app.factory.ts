import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ensureSampleDatabase } from '@nlq/sample-db';
import fs from 'node:fs';
import type { DestinationStream } from 'pino';
import { ApiKeyService } from './platform/auth/api-key.service';
import { AppModule } from './app.module';
import { REDIS_CLIENTS, type RedisClients } from './platform/cache/redis.module';
import { frameworkErrorHandler } from './platform/common/framework-errors';
import { NlqFastifyAdapter } from './platform/common/nlq-fastify.adapter';
import { NoNulPipe } from './platform/common/no-nul.pipe';
import { REQUEST_ID_HEADER, requestIdFor } from './platform/common/request-id';
import { createValidationPipe } from './platform/common/validation.pipe';
import { AppConfig } from './platform/config/app-config';
import type { AppEnv } from './platform/config/environment-variables';
import { createRootLogger, resolveLogFormat } from './platform/logging/logger.factory';
import { PinoNestLogger } from './platform/logging/pino-nest.logger';
import { DebugRequestLogController } from './platform/logging/request-log-controller';
import { registerImportBodyLimit } from './application/knowledge/definitions/import-body-limit';
import { setupOpenApi } from './application/openapi';
import { registerRateLimit } from './platform/rate-limit/rate-limit.plugin';
import { registerJsonBodyParser } from './platform/common/json-body-parser';
import { registerCoherenceCheck, ReplicaCoherenceService } from './platform/coherence/replica-coherence.service';
import { registerAuthThrottle } from './platform/security/auth-throttle';
import { AuthThrottleService } from './platform/security/auth-throttle.service';
import { registerCrossSiteProtection } from './platform/security/cross-site-protection';
import { rememberSecrets } from './platform/security/secret-scrubber';

/** Test and embedding hooks of {@link createApp}. */
export interface CreateAppOptions {
  /** Where log lines go (default stdout). */
  logDestination?: DestinationStream;
}

/**
 * Build the api, configured and initialized but not listening: configuration from `process.env` overlaid with
 * `overrides` (validated; throws ConfigValidationError naming the variable), DATA_DIR created, the sample shop
 * database generated when QUERY_DATABASE_URL is the default and the file is absent, Fastify with MAX_BODY_BYTES,
 * pino as Fastify's and Nest's logger (LOG_FORMAT: pretty lines on a terminal, JSON otherwise), request ids
 * (X-Request-Id or a UUID, echoed back), the per-caller
 * RATE_LIMIT_PER_MINUTE on the routes that run work (429 in the error shape), TRUST_PROXY, the cross-site request
 * guard (non-JSON bodies 415, state changes from a foreign origin 403), the failed-authentication throttle, CORS, the global NoNulPipe and ValidationPipe, and OpenAPI at /docs. Call `app.listen(port, host)` next (tests use port 0), `app.close()` to stop.
 */
export async function createApp(
  overrides: AppEnv = {},
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const config = AppConfig.fromEnv({ ...process.env, ...overrides });
  fs.mkdirSync(config.dataDir, { recursive: true });
  rememberSecrets(config.serviceApiKey, config.encryptionKey, ...config.userApiKeys.map((k) => k.key));
  if (config.sampleDatabasePath) ensureSampleDatabase(config.sampleDatabasePath);

  // LOG_FORMAT=auto: pretty only when the lines go to stdout and stdout is a terminal
  const isTty = options.logDestination === undefined && process.stdout.isTTY === true;
  const logFormat = resolveLogFormat(config.logFormat, isTty);
  const logger = createRootLogger(config.logLevel, options.logDestination, logFormat);
  const adapter = new NlqFastifyAdapter({
    loggerInstance: logger,
    // Readable logs are for a person at a terminal: request lines at debug, so the startup block stays in view; JSON
    // logs keep Fastify's request lines at info for log collectors.
    ...(logFormat === 'pretty' ? { logController: new DebugRequestLogController() } : {}),
    bodyLimit: config.maxBodyBytes,
    genReqId: requestIdFor,
    // Path parameters up to 256 characters reach the handlers (which allow 128 and answer 400 beyond); longer
    // ones are a 414 in the error shape.
    routerOptions: { maxParamLength: 256 },
    frameworkErrors: frameworkErrorHandler,
    // TRUST_PROXY: which X-Forwarded-For hop is the client (request.ip for the rate limits and the logs)
    trustProxy: config.trustProxy as never,
  });
  // MAX_JSON_DEPTH: deeper JSON bodies answer 400 before they are parsed or validated
  registerJsonBodyParser(adapter.getInstance() as never, config.maxJsonDepth);
  // the YAML import takes documents up to 1,000 definitions (docs/knowledge.md "YAML")
  registerImportBodyLimit(adapter.getInstance() as never, config.maxBodyBytes);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    logger: new PinoNestLogger(logger.child({ component: 'nest' })),
    abortOnError: false,
    // Nest's own JSON and form parsers stay off: registerJsonBodyParser's depth-limited parser handles JSON, and
    // form bodies answer 415 (only JSON bodies are accepted)
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
  const redis = app.get<typeof REDIS_CLIENTS, RedisClients | null>(REDIS_CLIENTS, { strict: false })?.commands ?? null;
  // cross-site simple requests are refused before anything else looks at them (415 / 403)
  registerCrossSiteProtection(fastify, { corsOrigins: config.corsOrigins });
  // without Redis, each request first applies connection/model/schema changes other replicas made
  registerCoherenceCheck(fastify, app.get(ReplicaCoherenceService));
  registerAuthThrottle(fastify, app.get(AuthThrottleService));
  // before app.init(), which registers the routes that the rate limit hooks
  await registerRateLimit(fastify, {
    perMinute: config.rateLimitPerMinute,
    keys: app.get(ApiKeyService),
    redis,
  });
  app.enableCors({
    origin: config.corsOrigins === '*' ? '*' : config.corsOrigins,
    // the web app on another origin sends the sign-in cookie: allowed for the listed origins only, never for `*`
    credentials: config.corsOrigins !== '*',
    exposedHeaders: [REQUEST_ID_HEADER, 'Content-Disposition', 'X-Export-Rows', 'X-Export-Truncated', 'Retry-After'],
    // An OPTIONS request without Origin or Access-Control-Request-Method gets the plain 204 of a preflight
    // instead of @fastify/cors's strict text/plain 400, which is not the one error shape.
    strictPreflight: false,
  });
  app.useGlobalPipes(new NoNulPipe(), createValidationPipe());
  setupOpenApi(app);
  await app.init();
  return app;
}
