import { performance } from 'node:perf_hooks';
import { Pool, types as pgTypes, type CustomTypesConfig, type PoolClient, type PoolConfig } from 'pg';
import type { DatabaseSchema, Dialect, ReadResult, WriteResult } from '@nlq/contracts';
import type { CatalogQuery } from '../catalog-query';
import type { ConnectionConfig } from '../connection-url';
import type { DatabaseDriver, DatabaseIdentity, ReadOptions, WriteOptions } from '../driver';
import { quoteIdentifier } from '../identifier-quoting';
import { DatabaseError } from '../errors';
import { decimalStringToJson } from '../json-safe';
import { timedRead } from '../read-result';
import { collectSampleValues } from '../sample-values';
import { schemaSnapshot } from '../schema-version';
import { ServerDriverBase } from '../server-driver-base';
import { postgresDialect } from './postgres.dialect';
import { mapPostgresError } from './postgres.errors';
import { introspectPostgres } from './postgres.introspector';
import { createLimitedQuery, type LimitedQueryResult, type ReadEnvelope } from './postgres-limited-query';

const identity = (v: string): string => v;

/**
 * Type parsers that keep values JSON-safe and exact: int8 and numeric -> number when exact, else text
 * (decimalStringToJson); date, timestamp without time zone and interval -> the server's text (no time-zone shift);
 * other types -> node-postgres defaults (timestamptz -> Date -> ISO string later).
 */
export const POSTGRES_TYPES: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return pgTypes.getTypeParser(oid, 'binary');
    switch (oid) {
      case 20: // int8
      case 1700: // numeric
        return decimalStringToJson;
      case 1082: // date
      case 1114: // timestamp
      case 1186: // interval
        return identity;
      default:
        return pgTypes.getTypeParser(oid, 'text');
    }
  }) as CustomTypesConfig['getTypeParser'],
};

/** node-postgres pool settings from a parsed URL; `sslmode` disable/prefer/require/verify-ca/verify-full as libpq. */
export function postgresPoolConfig(config: ConnectionConfig, poolSize: number): PoolConfig {
  const sslmode = config.params.sslmode?.toLowerCase();
  const ssl =
    !sslmode || sslmode === 'disable' || sslmode === 'allow' || sslmode === 'prefer'
      ? undefined
      : sslmode === 'verify-ca' || sslmode === 'verify-full'
        ? { rejectUnauthorized: true }
        : { rejectUnauthorized: false };
  return {
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
    database: config.database,
    ssl,
    max: poolSize,
    application_name: config.params.application_name ?? 'nlq',
    connectionTimeoutMillis: Number(config.params.connect_timeout ?? 10) * 1000,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
    types: POSTGRES_TYPES,
  };
}

/**
 * PostgreSQL through node-postgres (https://node-postgres.com), URL postgres:// or postgresql://.
 *
 * Reads: `BEGIN READ ONLY`, `SET LOCAL statement_timeout = <ms>`, the statement alone through the extended
 * protocol (one statement only, rows as arrays, Execute limited to maxRows + 1) and ROLLBACK, pipelined in one round
 * trip (see postgres-limited-query.ts; ROLLBACK sent again when the pipeline failed). A write inside the read (also `WITH d AS (DELETE ...) SELECT`) fails with SQLSTATE 25006 ->
 * kind `read_only`. Writes: `BEGIN; SET LOCAL statement_timeout`, the statement (extended protocol), COMMIT; rows
 * affected from the command tag. A client-side timer (statement timeout + grace) destroys a connection whose
 * server stopped answering.
 */
export class PostgresDriver extends ServerDriverBase implements DatabaseDriver {
  readonly dialect: Dialect = 'postgresql';
  private pool?: Pool;

  /** Creates the pool and checks one connection (SELECT 1); rejects with kind `connection` when unreachable. */
  async connect(): Promise<void> {
    if (this.pool) return;
    const pool = new Pool(postgresPoolConfig(this.config, this.options.poolSize));
    pool.on('error', () => undefined); // an idle client lost its server: the pool drops it, the next use reconnects
    this.pool = pool;
    try {
      await pool.query('SELECT 1');
    } catch (e) {
      this.pool = undefined;
      await pool.end().catch(() => undefined);
      throw mapPostgresError(e);
    }
  }

  async introspect(): Promise<DatabaseSchema> {
    const timeoutMs = this.options.introspectionTimeoutMs;
    const tables = await this.withReadOnly(timeoutMs, async (client) => {
      const query: CatalogQuery = async (sql, params) => (await client.query({ text: sql, values: params })).rows;
      const found = await introspectPostgres(query);
      if (this.options.sampleValues) {
        let n = 0;
        await collectSampleValues(
          found,
          postgresDialect,
          async (sql) => {
            const sp = `nlq_sample_${n++}`;
            await client.query(`SAVEPOINT ${sp}`);
            try {
              const r = await client.query({ text: sql, rowMode: 'array' });
              await client.query(`RELEASE SAVEPOINT ${sp}`);
              return r.rows as unknown[][];
            } catch (e) {
              await client.query(`ROLLBACK TO SAVEPOINT ${sp}`);
              throw e;
            }
          },
          this.options.maxSampleColumns,
        );
      }
      return found;
    });
    return schemaSnapshot('postgresql', tables);
  }

  async runRead(sql: string, options: ReadOptions): Promise<ReadResult> {
    return this.withReadOnly(
      options.timeoutMs,
      (client, envelope) => timedRead(() => this.limited(client, sql, options, envelope)),
      options.identity ? options.identity : true,
    );
  }

  async runWrite(sql: string, options: WriteOptions): Promise<WriteResult> {
    const client = await this.checkout();
    let broken: Error | undefined;
    try {
      await client.query(`BEGIN; ${postgresDialect.statementTimeoutSql(options.timeoutMs)}`);
      try {
        const t0 = performance.now();
        const r = await client.query({
          text: sql,
          queryMode: 'extended',
          query_timeout: options.timeoutMs + this.options.clientTimeoutGraceMs,
        } as never);
        const durationMs = performance.now() - t0;
        await client.query('COMMIT');
        return { rowsAffected: (r as { rowCount: number | null }).rowCount ?? 0, durationMs };
      } catch (e) {
        await client.query('ROLLBACK').catch((re: Error) => (broken = re));
        throw e;
      }
    } catch (e) {
      const mapped = mapPostgresError(e);
      if (mapped.kind === 'connection' || mapped.kind === 'timeout') broken ??= mapped;
      throw mapped;
    } finally {
      client.release(broken);
    }
  }

  /** SELECT 1 for ping(). */
  protected probe(): Promise<unknown> {
    return this.pool!.query('SELECT 1');
  }

  protected readonly mapError = mapPostgresError;

  /** Ends the pool. Idempotent. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end().catch(() => undefined);
  }

  private async checkout(): Promise<PoolClient> {
    await this.connect();
    try {
      return await this.pool!.connect();
    } catch (e) {
      throw mapPostgresError(e);
    }
  }

  /**
   * Runs `fn` inside BEGIN READ ONLY with a local statement timeout, always rolled back.
   * `pipelined`: `fn` gets the envelope (BEGIN READ ONLY, SET LOCAL statement_timeout; ROLLBACK) to send in the same
   * pipeline as its one statement (createLimitedQuery), so a read is one round trip; the transaction is rolled back
   * here only when that pipeline failed (the server then skipped its ROLLBACK). Otherwise BEGIN is sent first.
   */
  private async withReadOnly<T>(
    timeoutMs: number,
    fn: (client: PoolClient, envelope?: ReadEnvelope) => Promise<T>,
    pipelined: boolean | DatabaseIdentity = false,
  ): Promise<T> {
    const client = await this.checkout();
    let broken: Error | undefined;
    let open = true;
    try {
      const begin = [...postgresDialect.beginReadOnlySql(), postgresDialect.statementTimeoutSql(timeoutMs)].filter(
        (sql): sql is string => sql !== null,
      );
      if (pipelined !== true) {
        await client.query(begin.join('; '));
        if (pipelined) await assumeIdentity(client, pipelined);
        return await fn(client);
      }
      const value = await fn(client, { before: begin, after: ['ROLLBACK'] });
      open = false; // the pipeline's own ROLLBACK ended the transaction
      return value;
    } catch (e) {
      const mapped = mapPostgresError(e);
      if (mapped.kind === 'connection' || mapped.message.includes('client-side')) broken = mapped;
      throw mapped;
    } finally {
      if (!broken && open) await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      client.release(broken);
    }
  }

  private limited(
    client: PoolClient,
    sql: string,
    { maxRows, timeoutMs, params }: ReadOptions,
    envelope?: ReadEnvelope,
  ): Promise<LimitedQueryResult> {
    return new Promise<LimitedQueryResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        settle(
          new DatabaseError(
            'timeout',
            `No answer from PostgreSQL within the ${timeoutMs} ms statement timeout (client-side); connection dropped`,
          ),
        );
      }, timeoutMs + this.options.clientTimeoutGraceMs);
      let settled = false;
      const settle = (err: Error | null, result?: LimitedQueryResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(result!);
      };
      client.query(createLimitedQuery(sql, maxRows, POSTGRES_TYPES, settle, envelope, params ?? []));
    });
  }
}

/**
 * Inside the open read-only transaction: `SET LOCAL ROLE` (the role quoted as an identifier) and each setting with
 * `set_config(name, value, true)`, name and value bound as parameters (PostgreSQL manual, "SET ROLE", "set_config").
 */
async function assumeIdentity(client: PoolClient, identity: DatabaseIdentity): Promise<void> {
  await client.query(`SET LOCAL ROLE ${quoteIdentifier(identity.role, 'postgresql')}`);
  for (const [name, value] of Object.entries(identity.settings)) {
    await client.query({ text: 'SELECT set_config($1, $2, true)', values: [name, value] });
  }
}
