import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { LOG_FORMAT_SETTINGS } from '../config/environment-variables';

/** Injection token of the root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** LOG_FORMAT: `auto` (pretty on a terminal, JSON otherwise), or one of the two forced. */
export type LogFormatSetting = (typeof LOG_FORMAT_SETTINGS)[number];

/**
 * The format the logs are written in: `pretty` or `json` as set, and for `auto` pretty when the output is a terminal
 * (`isTty`, e.g. `process.stdout.isTTY`), JSON otherwise (pipes, files, containers, tests).
 */
export function resolveLogFormat(setting: LogFormatSetting, isTty: boolean): 'json' | 'pretty' {
  if (setting === 'auto') return isTty ? 'pretty' : 'json';
  return setting;
}

/**
 * The service's root pino logger: level from LOG_LEVEL, secrets redacted (API keys and authorization headers never
 * reach the log), written to stdout (or `destination`) as
 * - `json`: one JSON object a line (pino's own format, for log collectors);
 * - `pretty`: one human-readable line an entry through pino-pretty (time, level, message, then the fields inline;
 *   colors when the terminal supports them), as a stream in this thread rather than a worker-thread transport.
 * Both write stdout synchronously (what a `console.log` to a pipe does on Linux), so every startup line is out before
 * the api prints its URL and key block (apps/api main.ts) and none is lost when the process dies; pino's default
 * asynchronous destination would print them after the block.
 */
export function createRootLogger(
  level: string,
  destination?: DestinationStream,
  format: 'json' | 'pretty' = 'json',
): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'nlq-api' },
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'apiKey', 'api_key', 'password'],
      censor: '***',
    },
  };
  if (format === 'json') return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
  return pino(
    options,
    pretty({
      sync: true,
      destination: destination ?? 1,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,service,component',
      singleLine: true,
    }),
  );
}
