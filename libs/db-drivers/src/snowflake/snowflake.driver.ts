import { performance } from 'node:perf_hooks';
import type { DatabaseSchema, Dialect, ReadResult, WriteResult } from '@nlq/contracts';
import type { CatalogQuery, CatalogRow } from '../catalog-query';
import type { ConnectionConfig } from '../connection-url';
import type { DatabaseDriver, ReadOptions, WriteOptions } from '../driver';
import { DatabaseError } from '../errors';
import { timedRead, type FetchedRows } from '../read-result';
import { collectSampleValues } from '../sample-values';
import { schemaSnapshot } from '../schema-version';
import { ServerDriverBase } from '../server-driver-base';
import { snowflakeDialect } from './snowflake.dialect';
import { mapSnowflakeError } from './snowflake.errors';
import { introspectSnowflake } from './snowflake.introspector';

/** snowflake-sdk connection options this driver sets (https://docs.snowflake.com/en/developer-guide/node-js/nodejs-driver-options). */
export interface SnowflakeConnectionOptions {
  account: string;
  username?: string;
  password?: string;
  database?: string;
  schema?: string;
  warehouse?: string;
  role?: string;
  authenticator?: string;
  application: string;
}

/** Minimal snowflake-sdk statement. */
export interface SnowflakeStatement {
  getColumns(): Array<{ getName(): string }> | undefined;
  getNumRows(): number;
  getNumUpdatedRows(): number | undefined;
  streamRows(options?: { start?: number; end?: number }): NodeJS.ReadableStream;
  cancel(callback?: (err?: Error) => void): void;
}

/** Minimal snowflake-sdk connection. */
export interface SnowflakeConnection {
  execute(options: {
    sqlText: string;
    binds?: unknown[];
    streamResult?: boolean;
    rowMode?: 'array' | 'object';
    complete: (err: Error | undefined, stmt: SnowflakeStatement, rows?: unknown[]) => void;
  }): SnowflakeStatement;
}

/** Minimal generic-pool Pool of snowflake-sdk connections. */
export interface SnowflakePool {
  use<T>(fn: (conn: SnowflakeConnection) => Promise<T>): Promise<T>;
  drain(): Promise<void>;
  clear(): Promise<void>;
}

/** The part of snowflake-sdk this driver uses; loaded on connect. */
export interface SnowflakeModule {
  createPool(
    options: SnowflakeConnectionOptions,
    poolOptions: { max: number; min: number; evictionRunIntervalMillis?: number; idleTimeoutMillis?: number },
  ): SnowflakePool;
  configure?(options: { logLevel?: string }): void;
}

/**
 * snowflake-sdk connection options from `snowflake://user:pw@account/database/schema?warehouse=W&role=R`
 * (account = the host without `.snowflakecomputing.com`, e.g. `xy12345.eu-west-1` or `myorg-myaccount`;
 * `authenticator` passes through, e.g. SNOWFLAKE_JWT or EXTERNALBROWSER).
 */
export function snowflakeConnectionOptions(config: ConnectionConfig): SnowflakeConnectionOptions {
  if (!config.host)
    throw new DatabaseError('connection', 'Snowflake URL has no account (snowflake://user:pw@account/db/schema)');
  return {
    account: config.host,
    username: config.user,
    password: config.password,
    database: config.database,
    schema: config.schema ?? config.params.schema,
    warehouse: config.params.warehouse,
    role: config.params.role,
    authenticator: config.params.authenticator,
    application: 'nlq',
  };
}

/**
 * Snowflake through snowflake-sdk. UNTESTED AGAINST A LIVE ACCOUNT (none is reachable from the development
 * machines): URL parsing, dialect, catalog SQL (parsed by node-sql-parser as snowflake), catalog-row mapping and
 * error mapping are unit-tested; the I/O follows the snowflake-sdk documentation.
 *
 * Read safety: Snowflake has no read-only transaction. The defense is a role with only USAGE and SELECT grants
 * (a write then fails with 003001 -> kind `read_only`); in addition each pooled session runs with
 * AUTOCOMMIT = FALSE and MULTI_STATEMENT_COUNT = 1 (one statement per request), and each read runs between BEGIN
 * and ROLLBACK, so DML that slipped through is undone (DDL commits implicitly in Snowflake and is not).
 * Timeout: session STATEMENT_TIMEOUT_IN_SECONDS (whole seconds, rounded up) plus a client-side cancel at
 * timeout + grace. Row limit: the result is streamed from row 0 to maxRows (inclusive) and `truncated` comes
 * from the statement's total row count.
 */
export class SnowflakeDriver extends ServerDriverBase implements DatabaseDriver {
  readonly dialect: Dialect = 'snowflake';
  private pool?: SnowflakePool;
  private readonly prepared = new WeakSet<SnowflakeConnection>();
  private readonly timeouts = new WeakMap<SnowflakeConnection, number>();

  async connect(): Promise<void> {
    if (this.pool) return;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sdk = require('snowflake-sdk') as SnowflakeModule;
    sdk.configure?.({ logLevel: 'ERROR' });
    const pool = sdk.createPool(snowflakeConnectionOptions(this.config), {
      max: this.options.poolSize,
      min: 0,
      idleTimeoutMillis: 60_000,
    });
    try {
      await pool.use((conn) => this.exec(conn, 'SELECT 1'));
    } catch (e) {
      await pool
        .drain()
        .then(() => pool.clear())
        .catch(() => undefined);
      throw mapSnowflakeError(e);
    }
    this.pool = pool;
  }

  async introspect(): Promise<DatabaseSchema> {
    const timeoutMs = this.options.introspectionTimeoutMs;
    const tables = await this.session(timeoutMs, async (conn) => {
      const query: CatalogQuery = async (sql) => (await this.exec(conn, sql, 'object')) as CatalogRow[];
      const found = await introspectSnowflake(query);
      if (this.options.sampleValues) {
        await collectSampleValues(
          found,
          snowflakeDialect,
          async (sql) => (await this.exec(conn, sql)) as unknown[][],
          this.options.maxSampleColumns,
        );
      }
      return found;
    });
    return schemaSnapshot('snowflake', tables);
  }

  async runRead(sql: string, options: ReadOptions): Promise<ReadResult> {
    return this.session(options.timeoutMs, async (conn) => {
      await this.exec(conn, 'BEGIN');
      try {
        return await timedRead(() => this.streamLimited(conn, sql, options.maxRows, options.timeoutMs));
      } finally {
        await this.exec(conn, 'ROLLBACK').catch(() => undefined);
      }
    });
  }

  async runWrite(sql: string, options: WriteOptions): Promise<WriteResult> {
    return this.session(options.timeoutMs, async (conn) => {
      await this.exec(conn, 'BEGIN');
      try {
        const t0 = performance.now();
        const stmt = await this.execStatement(conn, sql);
        const durationMs = performance.now() - t0;
        await this.exec(conn, 'COMMIT');
        return { rowsAffected: stmt.getNumUpdatedRows() ?? 0, durationMs };
      } catch (e) {
        await this.exec(conn, 'ROLLBACK').catch(() => undefined);
        throw e;
      }
    });
  }

  /** SELECT 1 for ping(). */
  protected probe(): Promise<unknown> {
    return this.pool!.use((conn) => this.exec(conn, 'SELECT 1'));
  }

  protected readonly mapError = mapSnowflakeError;

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool
      ?.drain()
      .then(() => pool.clear())
      .catch(() => undefined);
  }

  /** Borrows a session, sets AUTOCOMMIT off, one statement per request and the statement timeout, runs `fn`. */
  private async session<T>(timeoutMs: number, fn: (conn: SnowflakeConnection) => Promise<T>): Promise<T> {
    await this.connect();
    try {
      return await this.pool!.use(async (conn) => {
        if (!this.prepared.has(conn)) {
          await this.exec(conn, 'ALTER SESSION SET AUTOCOMMIT = FALSE');
          await this.exec(conn, 'ALTER SESSION SET MULTI_STATEMENT_COUNT = 1');
          this.prepared.add(conn);
        }
        const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
        if (this.timeouts.get(conn) !== seconds) {
          await this.exec(conn, snowflakeDialect.statementTimeoutSql(timeoutMs)!);
          this.timeouts.set(conn, seconds);
        }
        return fn(conn);
      });
    } catch (e) {
      throw mapSnowflakeError(e);
    }
  }

  private execStatement(conn: SnowflakeConnection, sqlText: string): Promise<SnowflakeStatement> {
    return new Promise((resolve, reject) => {
      conn.execute({ sqlText, complete: (err, stmt) => (err ? reject(err) : resolve(stmt)) });
    });
  }

  private exec(conn: SnowflakeConnection, sqlText: string, rowMode: 'array' | 'object' = 'array'): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      conn.execute({ sqlText, rowMode, complete: (err, _stmt, rows) => (err ? reject(err) : resolve(rows ?? [])) });
    });
  }

  private streamLimited(
    conn: SnowflakeConnection,
    sqlText: string,
    maxRows: number,
    timeoutMs: number,
  ): Promise<FetchedRows> {
    return new Promise((resolve, reject) => {
      const pending: { stmt?: SnowflakeStatement } = {};
      const timer = setTimeout(() => {
        pending.stmt?.cancel(() => undefined);
        reject(
          new DatabaseError(
            'timeout',
            `Statement exceeded the ${timeoutMs} ms timeout and was cancelled (client-side)`,
          ),
        );
      }, timeoutMs + this.options.clientTimeoutGraceMs);
      pending.stmt = conn.execute({
        sqlText,
        streamResult: true,
        rowMode: 'array',
        complete: (err, s) => {
          if (err) {
            clearTimeout(timer);
            reject(err);
            return;
          }
          const columns = (s.getColumns() ?? []).map((c) => c.getName());
          const total = s.getNumRows();
          const rows: unknown[][] = [];
          if (total === 0 || maxRows === 0) {
            clearTimeout(timer);
            resolve({ columns, rows, truncated: total > maxRows });
            return;
          }
          s.streamRows({ start: 0, end: Math.min(total, maxRows) - 1 })
            .on('data', (row: unknown) => rows.push(row as unknown[]))
            .on('error', (e: Error) => {
              clearTimeout(timer);
              reject(e);
            })
            .on('end', () => {
              clearTimeout(timer);
              resolve({ columns, rows, truncated: total > maxRows });
            });
        },
      });
    });
  }
}
