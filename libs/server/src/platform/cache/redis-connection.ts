import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** How long start-up waits for Redis to answer before it fails, in milliseconds. */
export const REDIS_CONNECT_TIMEOUT_MS = 5000;
/** A command that has no reply within this many milliseconds rejects (the caller treats it as a cache miss). */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** Thrown at start when REDIS_URL is set but Redis does not answer in time; the message names REDIS_URL. */
export class RedisUnavailableError extends Error {
  constructor(
    readonly redactedUrl: string,
    readonly timeoutMs: number,
    readonly reason: string,
  ) {
    super(`REDIS_URL: cannot reach Redis at ${redactedUrl} within ${timeoutMs / 1000} s (${reason})`);
    this.name = 'RedisUnavailableError';
  }
}

/** `url` with any password replaced by `***` (for logs and error messages); unparsable URLs become `<invalid URL>`. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid URL>';
  }
}

/** Delay before reconnect attempt `times` (1, 2, ...), in milliseconds: 100 ms more each time, at most 2 s. */
function reconnectDelay(times: number): number {
  return Math.min(times * 100, 2000);
}

/**
 * Open one ioredis connection to `url` (redis:// or rediss://, `/n` selects database n) and wait until it is
 * ready, retrying a refused or dropped connection until `options.timeoutMs` has passed. Once ready, commands fail
 * fast while the link is down (one reconnect attempt per command, {@link REDIS_COMMAND_TIMEOUT_MS} per command)
 * instead of queueing for long; the client keeps reconnecting in the background (every 0.1 to 2 s), and a lost and
 * restored link is logged once each way.
 * @param options.name connection name shown by `CLIENT LIST` (`nlq-<name>`).
 * @throws RedisUnavailableError (with the last connection error) when not ready within `options.timeoutMs`
 *   (default 5000 ms); the client has then ended and holds no socket or timer.
 */
export async function connectRedis(
  url: string,
  options: { name: string; logger?: Logger; timeoutMs?: number },
): Promise<Redis> {
  const timeoutMs = options.timeoutMs ?? REDIS_CONNECT_TIMEOUT_MS;
  const redacted = redactRedisUrl(url);
  const deadline = Date.now() + timeoutMs;
  let wasReady = false;
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectionName: `nlq-${options.name}`,
    // before the first ready, retry until the deadline (the last attempt at it), then give up: null ends the client
    retryStrategy: (times) => {
      if (wasReady) return reconnectDelay(times);
      const remaining = deadline - Date.now();
      return remaining > 0 ? Math.min(reconnectDelay(times), remaining) : null;
    },
    // disconnect() waits this long for a socket to close (default 2 s)
    disconnectTimeout: 500,
  });
  let lastError: Error | null = null;
  let down = false;
  client.on('error', (error: Error) => {
    lastError = error;
    // before the first ready the error goes into the start-up failure; afterwards log each outage once
    if (!wasReady || down) return;
    down = true;
    options.logger?.warn(
      { err: error, redis: redacted, connection: options.name },
      'redis connection lost; reconnecting',
    );
  });
  client.on('ready', () => {
    if (down) options.logger?.info({ redis: redacted, connection: options.name }, 'redis connection restored');
    down = false;
    wasReady = true;
  });

  try {
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        client.off('ready', onReady);
        client.off('end', onEnd);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onEnd = () => settle(new Error('connection ended'));
      // backstop: an attempt begun just before the deadline may still be waiting for its connect timeout
      const timer = setTimeout(() => settle(new Error('no answer')), timeoutMs + 100);
      client.once('ready', onReady);
      client.once('end', onEnd);
      // connect() rejects on the first failed attempt; retries, 'ready' and 'end' tell the outcome
      client.connect().catch(() => undefined);
    });
  } catch (error) {
    if (client.status !== 'end') client.disconnect();
    const reason = (lastError as Error | null)?.message ?? (error instanceof Error ? error.message : String(error));
    throw new RedisUnavailableError(redacted, timeoutMs, reason);
  }
  return client;
}

/**
 * Close `client` politely (QUIT) when it is connected, else drop it, and resolve once its socket is closed
 * (status `end`; at most 2 s, then the socket is dropped). Never throws.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  const ended = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      client.disconnect();
      resolve();
    }, 2000);
    client.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (client.status === 'ready') {
    try {
      await client.quit();
    } catch {
      client.disconnect();
    }
  } else {
    client.disconnect();
  }
  await ended;
}
