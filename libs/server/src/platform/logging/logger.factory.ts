import pino, { type DestinationStream, type Logger } from 'pino';

/** Injection token of the root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * The service's root pino logger: JSON lines on stdout (or `destination`), level from LOG_LEVEL, secrets redacted
 * (API keys and authorization headers never reach the log).
 */
export function createRootLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'nlq-api' },
      redact: {
        paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'apiKey', 'api_key', 'password'],
        censor: '***',
      },
    },
    destination,
  );
}
