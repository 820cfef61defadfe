import { performance } from 'node:perf_hooks';
import type { DatabaseSchema, Dialect, ReadResult, WriteResult } from '@nlq/contracts';
import type { CatalogQuery, CatalogRow } from '../catalog-query';
import { booleanParam, type ConnectionConfig } from '../connection-url';
import type { DatabaseDriver, ReadOptions, WriteOptions } from '../driver';
import { timedRead, type FetchedRows } from '../read-result';
import { collectSampleValues } from '../sample-values';
import { schemaSnapshot } from '../schema-version';
import { ServerDriverBase } from '../server-driver-base';
import { mssqlDialect } from './mssql.dialect';
import { mapMssqlError } from './mssql.errors';
import { introspectMssql } from './mssql.introspector';

/** The part of the mssql package (https://github.com/tediousjs/node-mssql) this driver uses; loaded on connect. */
export interface MssqlModule {
  ConnectionPool: new (config: MssqlConfig) => MssqlPool;
  Transaction: new (pool: MssqlPool) => MssqlTransaction;
  Request: new (parent: MssqlPool | MssqlTransaction, overrides?: { requestTimeout?: number }) => MssqlRequest;
  ISOLATION_LEVEL: { READ_COMMITTED: number };
}

/** mssql connection settings (tedious under the hood). */
export interface MssqlConfig {
  server: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  requestTimeout: number;
  connectionTimeout: number;
  pool: { max: number; min: number; idleTimeoutMillis: number };
  options: { encrypt: boolean; trustServerCertificate: boolean; instanceName?: string; appName: string };
}

/** Minimal mssql ConnectionPool. */
export interface MssqlPool {
  connect(): Promise<MssqlPool>;
  close(): Promise<void>;
  on(event: 'error', fn: (e: Error) => void): unknown;
}

/** Minimal mssql Transaction. */
export interface MssqlTransaction {
  begin(isolationLevel?: number): Promise<MssqlTransaction>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Minimal mssql Request (stream mode events per https://github.com/tediousjs/node-mssql#streaming). */
export interface MssqlRequest {
  stream: boolean;
  arrayRowMode: boolean;
  query(sql: string): Promise<{ recordset?: CatalogRow[]; rowsAffected: number[] }> | void;
  cancel(): void;
  on(event: 'recordset', fn: (columns: unknown) => void): this;
  on(event: 'row', fn: (row: unknown) => void): this;
  on(event: 'error', fn: (err: Error) => void): this;
  on(event: 'done', fn: () => void): this;
}

/**
 * mssql client settings from a parsed URL `mssql://user:pw@host:1433/db?encrypt=true&trustServerCertificate=false
 * &instanceName=SQLEXPRESS` (also `sqlserver://`). encrypt defaults to true, trustServerCertificate to false (the
 * package's defaults); with instanceName the port is left to the SQL Browser service.
 */
export function mssqlClientConfig(config: ConnectionConfig, poolSize: number): MssqlConfig {
  const instanceName = config.params.instanceName ?? config.params.instance;
  return {
    server: config.host ?? 'localhost',
    port: instanceName ? undefined : config.port,
    user: config.user,
    password: config.password,
    database: config.database,
    requestTimeout: 15_000,
    connectionTimeout: Number(config.params.connectTimeout ?? 15_000),
    pool: { max: poolSize, min: 0, idleTimeoutMillis: 30_000 },
    options: {
      encrypt: booleanParam(config.params, 'encrypt', true),
      trustServerCertificate: booleanParam(config.params, 'trustServerCertificate', false),
      instanceName,
      appName: 'nlq',
    },
  };
}

/**
 * SQL Server through mssql/tedious. UNTESTED AGAINST A LIVE SERVER (none exists on the development machines):
 * its URL parsing, dialect, catalog SQL (parsed by node-sql-parser as transactsql), catalog-row mapping and error
 * mapping are unit-tested; the I/O paths follow the mssql documentation.
 *
 * Reads: SQL Server has no read-only transaction, so each read runs inside a READ COMMITTED transaction that is
 * always rolled back (a write that slipped through, even a stacked one, is undone), streamed as arrays, cancelled
 * after maxRows + 1 rows, with the per-request requestTimeout as statement timeout. The real defense is a login
 * that only has db_datareader; with it, a write fails with error 229 -> kind `read_only`. A COMMIT inside the
 * user's statement would end the wrapping transaction, which is why the checker refuses multi-statement SQL.
 * Writes: transaction, statement, commit; rowsAffected summed over the statement's counts.
 */
export class MssqlDriver extends ServerDriverBase implements DatabaseDriver {
  readonly dialect: Dialect = 'transactsql';
  private pool?: MssqlPool;
  private sql?: MssqlModule;

  async connect(): Promise<void> {
    if (this.pool) return;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.sql ??= require('mssql') as MssqlModule;
    const pool = new this.sql.ConnectionPool(mssqlClientConfig(this.config, this.options.poolSize));
    pool.on('error', () => undefined);
    try {
      await pool.connect();
    } catch (e) {
      throw mapMssqlError(e);
    }
    this.pool = pool;
  }

  async introspect(): Promise<DatabaseSchema> {
    const timeoutMs = this.options.introspectionTimeoutMs;
    const tables = await this.inRolledBackTransaction(async (tx) => {
      const query: CatalogQuery = async (sql) =>
        (await (this.request(tx, timeoutMs).query(sql) as Promise<{ recordset?: CatalogRow[] }>)).recordset ?? [];
      const found = await introspectMssql(query);
      if (this.options.sampleValues) {
        await collectSampleValues(
          found,
          mssqlDialect,
          async (sql, maxRows) => (await this.streamRows(tx, sql, maxRows, timeoutMs)).rows,
          this.options.maxSampleColumns,
        );
      }
      return found;
    });
    return schemaSnapshot('transactsql', tables);
  }

  async runRead(sql: string, options: ReadOptions): Promise<ReadResult> {
    return this.inRolledBackTransaction((tx) =>
      timedRead(() => this.streamRows(tx, sql, options.maxRows, options.timeoutMs)),
    );
  }

  async runWrite(sql: string, options: WriteOptions): Promise<WriteResult> {
    await this.connect();
    const tx = new this.sql!.Transaction(this.pool!);
    try {
      await tx.begin(this.sql!.ISOLATION_LEVEL.READ_COMMITTED);
      try {
        const t0 = performance.now();
        const r = (await this.request(tx, options.timeoutMs).query(sql)) as { rowsAffected: number[] };
        const durationMs = performance.now() - t0;
        await tx.commit();
        return { rowsAffected: (r.rowsAffected ?? []).reduce((a, b) => a + b, 0), durationMs };
      } catch (e) {
        await tx.rollback().catch(() => undefined);
        throw e;
      }
    } catch (e) {
      throw mapMssqlError(e);
    }
  }

  /** SELECT 1 for ping(). */
  protected probe(): Promise<unknown> {
    return this.request(this.pool!, 5_000).query('SELECT 1') as Promise<unknown>;
  }

  protected readonly mapError = mapMssqlError;

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close().catch(() => undefined);
  }

  private request(parent: MssqlPool | MssqlTransaction, timeoutMs: number): MssqlRequest {
    return new this.sql!.Request(parent, { requestTimeout: Math.ceil(timeoutMs) });
  }

  private async inRolledBackTransaction<T>(fn: (tx: MssqlTransaction) => Promise<T>): Promise<T> {
    await this.connect();
    const tx = new this.sql!.Transaction(this.pool!);
    try {
      await tx.begin(this.sql!.ISOLATION_LEVEL.READ_COMMITTED);
    } catch (e) {
      throw mapMssqlError(e);
    }
    try {
      return await fn(tx);
    } catch (e) {
      throw mapMssqlError(e);
    } finally {
      await tx.rollback().catch(() => undefined);
    }
  }

  /** Streams the first result set as arrays; after maxRows + 1 rows the request is cancelled (not an error). */
  private streamRows(tx: MssqlTransaction, sql: string, maxRows: number, timeoutMs: number): Promise<FetchedRows> {
    return new Promise((resolve, reject) => {
      const req = this.request(tx, timeoutMs);
      req.stream = true;
      req.arrayRowMode = true;
      const rows: unknown[][] = [];
      let columns: string[] | undefined;
      let recordsets = 0;
      let truncated = false;
      let failed: Error | undefined;
      req.on('recordset', (cols) => {
        recordsets++;
        if (recordsets === 1) columns = columnNames(cols);
      });
      req.on('row', (row) => {
        if (recordsets !== 1 || truncated) return;
        if (rows.length < maxRows) rows.push(row as unknown[]);
        else {
          truncated = true;
          req.cancel();
        }
      });
      req.on('error', (err) => {
        if (truncated && (err as { code?: string }).code === 'ECANCEL') return;
        failed ??= err;
      });
      req.on('done', () => (failed ? reject(failed) : resolve({ columns: columns ?? [], rows, truncated })));
      Promise.resolve(req.query(sql)).catch(() => undefined); // stream mode reports through the events above
    });
  }
}

/** Column names from mssql's `recordset` event (an array of column metadata in arrayRowMode, else an object). */
export function columnNames(cols: unknown): string[] {
  if (Array.isArray(cols)) return cols.map((c: { name?: string }) => String(c?.name ?? ''));
  if (cols && typeof cols === 'object') {
    return Object.values(cols as Record<string, { name?: string; index?: number }>)
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .map((c) => String(c.name ?? ''));
  }
  return [];
}
