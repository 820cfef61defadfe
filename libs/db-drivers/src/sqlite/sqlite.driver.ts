import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatabaseSchema, Dialect, ReadResult, WriteResult } from '@nlq/contracts';
import { rowsToObjects, type CatalogQuery } from '../catalog-query';
import type { ConnectionConfig } from '../connection-url';
import type { DatabaseDriver, ReadOptions, WriteOptions } from '../driver';
import { resolveDriverOptions, type DriverOptions, type ResolvedDriverOptions } from '../driver-options';
import { DatabaseError } from '../errors';
import { collectSampleValues } from '../sample-values';
import { toReadResult, type FetchedRows } from '../read-result';
import { schemaSnapshot } from '../schema-version';
import { sqliteDialect } from './sqlite.dialect';
import { introspectSqlite } from './sqlite.introspector';
import { typeTypelessColumns } from './sqlite-typeless-columns';
import { defaultSqliteReadProcesses, SqliteProcessPool } from './sqlite-process-pool';

interface ReadReply extends FetchedRows {
  durationMs: number;
}

/**
 * Reads sent ahead to one read process (see SqliteProcessPool). A process no longer idles until the api's event
 * loop reads its reply and sends the next statement: measured on 2 cores at 32 connections (cache misses, traces),
 * the execute stage's median fell from 570-692 ms (depth 1) to 203-241 ms (depth 4) on a loaded machine
 * (tools/bench/README.md "The SQLite read path"). 4 bounds what one slow read can hold up behind it to 3 others.
 */
export const SQLITE_READ_PIPELINE_DEPTH = 4;

/**
 * SQLite through better-sqlite3 (https://github.com/WiseLibs/better-sqlite3), URL `sqlite:///abs/path.db`,
 * `sqlite:relative.db` or `sqlite::memory:` (an anonymous temporary file, deleted on close, so reads and writes
 * see the same data from their separate handles).
 *
 * Reads run in child processes (default one per core, at least 2: {@link defaultSqliteReadProcesses}; kept warm)
 * that hold a handle opened `readonly: true` (SQLITE_OPEN_READONLY: the database refuses any write), inside
 * BEGIN ... ROLLBACK, iterating rows and stopping at maxRows + 1; up to {@link SQLITE_READ_PIPELINE_DEPTH} reads are
 * pipelined to one process; past `timeoutMs` the child is killed and replaced (see SqliteProcessPool for why not a
 * worker thread). Writes run in one read-write child inside BEGIN IMMEDIATE ... COMMIT and report `changes`; a write that
 * times out is killed, and SQLite rolls its journal back on the next open. load_extension is never enabled.
 */
export class SqliteDriver implements DatabaseDriver {
  readonly dialect: Dialect = 'sqlite';
  private readonly options: ResolvedDriverOptions;
  private readonly file: string;
  private readonly temporary: boolean;
  private reader?: SqliteProcessPool;
  private writer?: SqliteProcessPool;

  constructor(config: ConnectionConfig, options: DriverOptions = {}) {
    this.options = resolveDriverOptions({ ...options, poolSize: options.poolSize ?? defaultSqliteReadProcesses() });
    if (!config.filename) throw new DatabaseError('connection', 'SQLite URL has no file name');
    this.temporary = config.filename === ':memory:';
    this.file = this.temporary
      ? path.join(tmpdir(), `nlq-memory-${process.pid}-${randomBytes(6).toString('hex')}.db`)
      : config.filename;
  }

  /** Starts one read process and opens the file read-only; rejects with kind `connection` when it cannot. */
  async connect(): Promise<void> {
    if (this.temporary && !this.writer) await this.writePool().warm(); // creates the temporary file
    await this.readPool().warm();
  }

  async introspect(): Promise<DatabaseSchema> {
    const timeoutMs = this.options.introspectionTimeoutMs;
    const query: CatalogQuery = async (sql, params) => {
      const r = await this.read(sql, params ?? [], 100_000, timeoutMs);
      return rowsToObjects(r.columns, r.rows);
    };
    const tables = await introspectSqlite(query);
    if (this.options.sampleValues) {
      await typeTypelessColumns(tables, (sql) => query(sql), this.options.maxSampleColumns);
      await collectSampleValues(
        tables,
        sqliteDialect,
        async (sql, maxRows) => (await this.read(sql, [], maxRows, timeoutMs)).rows,
        this.options.maxSampleColumns,
      );
    }
    return schemaSnapshot('sqlite', tables);
  }

  async runRead(sql: string, options: ReadOptions): Promise<ReadResult> {
    const r = await this.read(sql, [...(options.params ?? [])], options.maxRows, options.timeoutMs);
    return toReadResult(r, r.durationMs);
  }

  async runWrite(sql: string, options: WriteOptions): Promise<WriteResult> {
    const t0 = performance.now();
    const reply = await this.writePool().request({ op: 'write', sql }, options.timeoutMs);
    return {
      rowsAffected: Number(reply.rowsAffected ?? 0),
      durationMs: Number(reply.durationMs ?? performance.now() - t0),
    };
  }

  async ping(): Promise<number> {
    const t0 = performance.now();
    await this.read('SELECT 1', [], 1, 5_000);
    return performance.now() - t0;
  }

  /** Kills the child processes; deletes the temporary file of `sqlite::memory:`. Idempotent. */
  async close(): Promise<void> {
    const pools = [this.reader, this.writer];
    this.reader = this.writer = undefined;
    await Promise.all(pools.map((p) => p?.close()));
    if (this.temporary)
      for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(this.file + suffix, { force: true });
  }

  private async read(sql: string, params: unknown[], maxRows: number, timeoutMs: number): Promise<ReadReply> {
    if (this.temporary && !this.writer) await this.writePool().warm();
    const reply = await this.readPool().request({ op: 'read', sql, params, maxRows }, timeoutMs);
    return reply as unknown as ReadReply;
  }

  private readPool(): SqliteProcessPool {
    this.reader ??= new SqliteProcessPool({
      file: this.file,
      mode: 'ro',
      size: this.options.poolSize,
      pipelineDepth: SQLITE_READ_PIPELINE_DEPTH,
      busyTimeoutMs: 5_000,
    });
    return this.reader;
  }

  private writePool(): SqliteProcessPool {
    this.writer ??= new SqliteProcessPool({ file: this.file, mode: 'rw', size: 1, busyTimeoutMs: 5_000 });
    return this.writer;
  }
}
