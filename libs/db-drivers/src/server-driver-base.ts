import { performance } from 'node:perf_hooks';
import type { ConnectionConfig } from './connection-url';
import { resolveDriverOptions, type DriverOptions, type ResolvedDriverOptions } from './driver-options';
import type { DatabaseError } from './errors';

/**
 * What the pooled server-engine drivers (PostgreSQL, MySQL/MariaDB, SQL Server, Snowflake) share: the parsed
 * connection URL, the options with their defaults filled in (resolveDriverOptions), and ping(). Subclasses
 * implement connect(), the probe statement and the engine's error mapping.
 */
export abstract class ServerDriverBase {
  protected readonly options: ResolvedDriverOptions;

  constructor(
    protected readonly config: ConnectionConfig,
    options: DriverOptions = {},
  ) {
    this.options = resolveDriverOptions(options);
  }

  /** Opens the pool; idempotent. Rejects with a DatabaseError (kind `connection` when unreachable). */
  abstract connect(): Promise<void>;

  /**
   * Connects (connect()'s own error passes through), then runs probe() (SELECT 1) and resolves with its round
   * trip in milliseconds (fractional); a failing probe rejects with mapError's DatabaseError.
   */
  async ping(): Promise<number> {
    await this.connect();
    const t0 = performance.now();
    try {
      await this.probe();
    } catch (e) {
      throw this.mapError(e);
    }
    return performance.now() - t0;
  }

  /** The cheapest round trip the engine has (SELECT 1), run after connect(). */
  protected abstract probe(): Promise<unknown>;

  /** The engine's mapping of a client error to a DatabaseError. */
  protected abstract readonly mapError: (error: unknown) => DatabaseError;
}
