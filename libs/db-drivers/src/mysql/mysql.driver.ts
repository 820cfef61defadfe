import { performance } from 'node:perf_hooks';
import {
  createPool,
  type Pool,
  type PoolConnection,
  type PoolOptions,
  type ResultSetHeader,
  type TypeCast,
} from 'mysql2/promise';
import type { DatabaseSchema, Dialect, ReadResult, WriteResult } from '@nlq/contracts';
import type { CatalogQuery, CatalogRow } from '../catalog-query';
import { booleanParam, type ConnectionConfig } from '../connection-url';
import type { DatabaseDriver, ReadOptions, WriteOptions } from '../driver';
import type { DriverOptions } from '../driver-options';
import { DatabaseError } from '../errors';
import { decimalStringToJson } from '../json-safe';
import { timedRead, type FetchedRows } from '../read-result';
import { collectSampleValues } from '../sample-values';
import { schemaSnapshot } from '../schema-version';
import { ServerDriverBase } from '../server-driver-base';
import type { SqlDialect } from '../sql-dialect';
import { mysqlDialect, mysqlTimeoutAssignment } from './mysql.dialect';
import { mapMysqlError } from './mysql.errors';
import { introspectMysql } from './mysql.introspector';

/** DECIMAL -> number when exact, else its text (decimalStringToJson); everything else as mysql2 decodes it. */
const typeCast: TypeCast = (field, next) => {
  if (field.type === 'NEWDECIMAL' || field.type === 'DECIMAL') {
    const s = field.string();
    return s === null ? null : decimalStringToJson(s);
  }
  return next();
};

/**
 * mysql2 pool settings from a parsed URL: multipleStatements always false (a stacked second statement is a
 * syntax error), BIGINT as number when safe else string, DATE/DATETIME as the server's text (no time-zone shift),
 * `ssl=true` (or `sslmode=require`) for TLS.
 */
export function mysqlPoolOptions(config: ConnectionConfig, poolSize: number): PoolOptions {
  const tls = booleanParam(config.params, 'ssl', false) || /^(require|verify)/i.test(config.params.sslmode ?? '');
  return {
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
    database: config.database,
    multipleStatements: false,
    supportBigNumbers: true,
    bigNumberStrings: false,
    dateStrings: true,
    typeCast,
    // mysql2's generated row parsers refuse a result column named `__proto__` (or `__defineGetter__`, ...) with a
    // fatal connection error that no query hears, even for rows read as arrays; its static parsers read any name
    // (a schema may name a column so). Rows are read as arrays, so no name becomes an object key.
    disableEval: true,
    charset: 'utf8mb4',
    connectionLimit: poolSize,
    connectTimeout: Number(config.params.connect_timeout ?? 10) * 1000,
    enableKeepAlive: true,
    ssl: tls ? { rejectUnauthorized: /verify/i.test(config.params.sslmode ?? '') } : undefined,
  };
}

/** Callback-style core connection behind a mysql2/promise PoolConnection. */
interface CoreConnection {
  threadId: number;
  query(options: { sql: string; rowsAsArray: boolean }): CoreCommand;
  execute(options: { sql: string; values: string[]; rowsAsArray: boolean }): CoreCommand;
}

/** The events of a running core query or prepared-statement execution. */
interface CoreCommand {
  on(event: 'fields', fn: (fields: Array<{ name: string }> | undefined) => void): unknown;
  on(event: 'result', fn: (row: unknown) => void): unknown;
  on(event: 'error', fn: (err: Error) => void): unknown;
  on(event: 'end', fn: () => void): unknown;
}

/**
 * MySQL and MariaDB through mysql2 (https://sidorares.github.io/node-mysql2/docs), URL mysql:// or mariadb://;
 * with mysql:// the dialect becomes `mariadb` when `SELECT VERSION()` names MariaDB.
 *
 * Reads (their own pool): `SET SESSION TRANSACTION READ ONLY` (so even DDL, which commits implicitly, is refused:
 * error 1792), the statement timeout (MariaDB max_statement_time, MySQL max_execution_time) and
 * `sql_select_limit = maxRows + 1` (the server stops after that many rows of a top-level SELECT that has no
 * LIMIT of its own; https://dev.mysql.com/doc/refman/8.0/en/server-system-variables.html#sysvar_sql_select_limit),
 * then `START TRANSACTION READ ONLY`, the statement with rows as arrays (streamed; rows beyond maxRows + 1 are
 * dropped), ROLLBACK. Writes (a second pool): timeout, START TRANSACTION, the statement, COMMIT; affectedRows.
 * A client-side timer (timeout + grace) sends KILL QUERY from another connection and drops the stuck one.
 * MySQL's max_execution_time does not apply to writes, so a MySQL write is bounded by that timer only.
 */
export class MysqlDriver extends ServerDriverBase implements DatabaseDriver {
  private currentDialect: 'mysql' | 'mariadb';
  private readPool?: Pool;
  private writePool?: Pool;
  private connecting?: Promise<void>;

  constructor(config: ConnectionConfig, options: DriverOptions = {}) {
    super(config, options);
    this.currentDialect = config.dialect === 'mariadb' ? 'mariadb' : 'mysql';
  }

  /** `mysql` or `mariadb`; exact after connect() (from the server's VERSION()). */
  get dialect(): Dialect {
    return this.currentDialect;
  }

  /** The SQL dialect helpers of the server's flavour. */
  get sqlDialect(): SqlDialect {
    return mysqlDialect(this.currentDialect);
  }

  /** Creates the read pool, checks one connection and reads VERSION() to tell MySQL from MariaDB. */
  async connect(): Promise<void> {
    if (this.readPool) return;
    this.connecting ??= (async () => {
      const pool = createPool(mysqlPoolOptions(this.config, this.options.poolSize));
      try {
        const [rows] = await pool.query<Array<{ v: string } & import('mysql2').RowDataPacket>>('SELECT VERSION() AS v');
        this.currentDialect = /mariadb/i.test(String(rows[0]?.v)) ? 'mariadb' : 'mysql';
        this.readPool = pool;
      } catch (e) {
        await pool.end().catch(() => undefined);
        throw mapMysqlError(e);
      }
    })().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  async introspect(): Promise<DatabaseSchema> {
    const timeoutMs = this.options.introspectionTimeoutMs;
    const tables = await this.withReadOnly(timeoutMs, null, async (conn) => {
      const query: CatalogQuery = async (sql, params) => {
        const [rows] = await conn.query(sql, params);
        return rows as CatalogRow[];
      };
      const found = await introspectMysql(query);
      if (this.options.sampleValues) {
        await collectSampleValues(
          found,
          this.sqlDialect,
          async (sql) => (await conn.query({ sql, rowsAsArray: true }))[0] as unknown[][],
          this.options.maxSampleColumns,
        );
      }
      return found;
    });
    return schemaSnapshot(this.currentDialect, tables);
  }

  async runRead(sql: string, options: ReadOptions): Promise<ReadResult> {
    return this.withReadOnly(options.timeoutMs, options.maxRows + 1, (conn) =>
      timedRead(() =>
        this.guarded(conn, options.timeoutMs, () => this.stream(conn, sql, options.maxRows, options.params ?? [])),
      ),
    );
  }

  async runWrite(sql: string, options: WriteOptions): Promise<WriteResult> {
    await this.connect();
    this.writePool ??= createPool(mysqlPoolOptions(this.config, Math.min(2, this.options.poolSize)));
    const conn = await this.getConnection(this.writePool);
    let broken = false;
    try {
      await conn.query(mysqlTimeoutAssignment(this.currentDialect, options.timeoutMs));
      await conn.query('START TRANSACTION');
      try {
        const t0 = performance.now();
        const [result] = await this.guarded(conn, options.timeoutMs, () => conn.query(sql));
        const durationMs = performance.now() - t0;
        await conn.query('COMMIT');
        const header = (Array.isArray(result) ? {} : result) as Partial<ResultSetHeader>;
        return { rowsAffected: header.affectedRows ?? 0, durationMs };
      } catch (e) {
        await conn.query('ROLLBACK').catch(() => (broken = true));
        throw e;
      }
    } catch (e) {
      const mapped = mapMysqlError(e);
      if (mapped.kind === 'connection') broken = true;
      throw mapped;
    } finally {
      if (broken) conn.destroy();
      else conn.release();
    }
  }

  /** SELECT 1 for ping(). */
  protected probe(): Promise<unknown> {
    return this.readPool!.query('SELECT 1');
  }

  protected readonly mapError = mapMysqlError;

  /** Ends both pools. Idempotent. */
  async close(): Promise<void> {
    const pools = [this.readPool, this.writePool];
    this.readPool = this.writePool = undefined;
    await Promise.all(pools.map((p) => p?.end().catch(() => undefined)));
  }

  private async getConnection(pool: Pool): Promise<PoolConnection> {
    try {
      return await pool.getConnection();
    } catch (e) {
      throw mapMysqlError(e);
    }
  }

  /**
   * Runs `fn` on a read connection inside a read-only session and transaction with the statement timeout and,
   * when `selectLimit` is set, sql_select_limit; always rolled back.
   */
  private async withReadOnly<T>(
    timeoutMs: number,
    selectLimit: number | null,
    fn: (conn: PoolConnection) => Promise<T>,
  ): Promise<T> {
    await this.connect();
    const conn = await this.getConnection(this.readPool!);
    let broken = false;
    try {
      await conn.query('SET SESSION TRANSACTION READ ONLY');
      await conn.query(
        `${mysqlTimeoutAssignment(this.currentDialect, timeoutMs)}, SESSION sql_select_limit = ${selectLimit === null ? 'DEFAULT' : Math.floor(selectLimit)}`,
      );
      await conn.query('START TRANSACTION READ ONLY');
      return await fn(conn);
    } catch (e) {
      const mapped = mapMysqlError(e);
      if (mapped.kind === 'connection' || mapped.engineCode === 'client-timeout') broken = true;
      throw mapped;
    } finally {
      if (!broken) await conn.query('ROLLBACK').catch(() => (broken = true));
      if (broken) conn.destroy();
      else conn.release();
    }
  }

  /**
   * Client-side backstop: if the server has not answered `timeoutMs` + grace after the statement started, kill
   * the statement from another connection (KILL QUERY <thread id>) and reject with kind `timeout`.
   */
  private guarded<T>(conn: PoolConnection, timeoutMs: number, run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const timer = setTimeout(() => {
        if (done) return;
        done = true;
        const threadId = (conn as unknown as { connection: CoreConnection }).connection.threadId;
        this.readPool?.query(`KILL QUERY ${Number(threadId)}`).catch(() => undefined);
        reject(
          new DatabaseError(
            'timeout',
            `Statement exceeded the ${timeoutMs} ms timeout and was killed (client-side)`,
            'client-timeout',
          ),
        );
      }, timeoutMs + this.options.clientTimeoutGraceMs);
      run().then(
        (v) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          reject(e);
        },
      );
    });
  }

  /**
   * Streams the statement's rows as arrays, keeping the first maxRows + 1 to set `truncated`. With `params`, the
   * statement runs as a prepared statement (COM_STMT_EXECUTE: the values are bound by the server, not escaped into
   * the text).
   */
  private stream(conn: PoolConnection, sql: string, maxRows: number, params: readonly string[]): Promise<FetchedRows> {
    const core = (conn as unknown as { connection: CoreConnection }).connection;
    return new Promise<FetchedRows>((resolve, reject) => {
      const rows: unknown[][] = [];
      let columns: string[] = [];
      let extra = false;
      const q =
        params.length > 0
          ? core.execute({ sql, values: [...params], rowsAsArray: true })
          : core.query({ sql, rowsAsArray: true });
      q.on('fields', (fields) => (columns = (fields ?? []).map((f) => f.name)));
      q.on('result', (row) => {
        if (!Array.isArray(row)) return; // a statement without a result set (OK packet)
        if (rows.length < maxRows) rows.push(row);
        else extra = true;
      });
      q.on('error', reject);
      q.on('end', () => resolve({ columns, rows, truncated: extra }));
    });
  }
}
