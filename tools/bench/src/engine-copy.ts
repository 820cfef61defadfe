import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';

/** A server engine the benchmark can copy the sample database to. */
export type ServerEngine = 'postgres' | 'mariadb';

/** A copy of the sample database on a server, in a database of its own. */
export interface EngineCopy {
  engine: ServerEngine;
  /** Connection URL of the copy (QUERY_DATABASE_URL for the api, and the floor's). */
  url: string;
  /** Drops the copy's database. */
  drop(): Promise<void>;
}

/** Where the benchmark finds the servers: the development machines' services (README, "Services"). */
export const SERVER_URLS: Readonly<Record<ServerEngine, string>> = Object.freeze({
  postgres: 'postgres://postgres@127.0.0.1:5432/postgres',
  mariadb: 'mysql://root@127.0.0.1:3306/test',
});

/**
 * The sample database's CREATE TABLE / CREATE INDEX text (SQLite) rewritten for `engine`: DATETIME becomes
 * TIMESTAMP and REAL DOUBLE PRECISION on PostgreSQL (its REAL is 4 bytes); on MariaDB a UNIQUE TEXT column becomes
 * VARCHAR(255) (InnoDB cannot index TEXT without a prefix length) and REAL DOUBLE.
 */
export function translateDdl(sql: string, engine: ServerEngine): string {
  if (engine === 'postgres') return sql.replace(/\bDATETIME\b/g, 'TIMESTAMP').replace(/\bREAL\b/g, 'DOUBLE PRECISION');
  return sql
    .replace(
      /\bTEXT(\s+NOT NULL)?\s+UNIQUE\b/g,
      (_m, notNull: string | undefined) => `VARCHAR(255)${notNull ?? ''} UNIQUE`,
    )
    .replace(/\bREAL\b/g, 'DOUBLE');
}

/**
 * Copies every table and index of the SQLite file `sqliteFile` into a new database `nlq_bench_<random>` on
 * `engine` (tables in creation order, rows in batches of 500 in one transaction a table).
 * @throws the client's error when the server is unreachable or a statement fails (the new database is dropped).
 */
export async function copySampleDatabase(sqliteFile: string, engine: ServerEngine): Promise<EngineCopy> {
  const source = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  const name = `nlq_bench_${randomBytes(5).toString('hex')}`;
  const objects = source
    .prepare(
      "SELECT type, name, tbl_name AS tableName, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
    )
    .all() as Array<{ type: string; name: string; tableName: string; sql: string }>;
  const tables = objects.filter((o) => o.type === 'table');
  const indexes = objects.filter((o) => o.type === 'index');
  const server = new URL(SERVER_URLS[engine]);
  const admin = engine === 'postgres' ? new PgAdmin(SERVER_URLS.postgres) : new MysqlAdmin(SERVER_URLS.mariadb);
  await admin.run(`CREATE DATABASE ${name}`);
  server.pathname = `/${name}`;
  const url = server.toString();
  const drop = async () => {
    await admin.run(
      engine === 'postgres' ? `DROP DATABASE IF EXISTS ${name} WITH (FORCE)` : `DROP DATABASE IF EXISTS ${name}`,
    );
    await admin.close();
  };
  const target = engine === 'postgres' ? new PgAdmin(url) : new MysqlAdmin(url);
  try {
    for (const t of tables) await target.run(translateDdl(t.sql, engine));
    for (const t of tables) {
      const rows = source.prepare(`SELECT * FROM "${t.name}"`).raw(true).all() as unknown[][];
      const columns = (source.prepare(`SELECT * FROM "${t.name}"`).columns() as Array<{ name: string }>).map(
        (c) => c.name,
      );
      await target.run('BEGIN');
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500);
        let n = 0;
        const values = batch
          .map((r) => `(${r.map(() => (engine === 'postgres' ? `$${++n}` : '?')).join(', ')})`)
          .join(', ');
        await target.run(`INSERT INTO ${t.name} (${columns.join(', ')}) VALUES ${values}`, batch.flat());
      }
      await target.run('COMMIT');
    }
    for (const ix of indexes) await target.run(ix.sql);
    await target.run(engine === 'postgres' ? 'ANALYZE' : `ANALYZE TABLE ${tables.map((t) => t.name).join(', ')}`);
  } catch (error) {
    await target.close().catch(() => undefined);
    await drop().catch(() => undefined);
    throw error;
  } finally {
    source.close();
  }
  await target.close();
  return { engine, url, drop };
}

interface Admin {
  run(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

class PgAdmin implements Admin {
  private readonly client: Client;
  private connected?: Promise<void>;
  constructor(url: string) {
    this.client = new Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  }
  async run(sql: string, params: unknown[] = []): Promise<void> {
    this.connected ??= this.client.connect().then(() => undefined);
    await this.connected;
    await this.client.query(sql, params);
  }
  async close(): Promise<void> {
    if (this.connected) await this.client.end();
  }
}

class MysqlAdmin implements Admin {
  private connection?: Promise<Awaited<ReturnType<typeof createConnection>>>;
  constructor(private readonly url: string) {}
  async run(sql: string, params: unknown[] = []): Promise<void> {
    const u = new URL(this.url);
    this.connection ??= createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database: u.pathname.slice(1) || undefined,
      connectTimeout: 3_000,
    });
    await (await this.connection).query(sql, params);
  }
  async close(): Promise<void> {
    if (this.connection) await (await this.connection).end();
  }
}
