import fs from 'node:fs';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { STATE_ENTITIES } from './entities';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import { migrateStateStore } from './state-migrations';

/** Options beyond the URL, mainly for tests (a PostgreSQL schema of their own). */
export interface StateDataSourceOptions {
  /** PostgreSQL schema to hold the tables (must exist); overrides `?schema=` of the URL; default `public`. */
  schema?: string;
}

/**
 * The TypeORM DataSource of the state store from STATE_DATABASE_URL:
 * `sqlite:///abs/path.db` (or `sqlite://relative.db`, `sqlite::memory:`) -> better-sqlite3 with WAL, `synchronous =
 * NORMAL` and a 5 s busy timeout (SQLite manual, "PRAGMA synchronous": in WAL mode NORMAL stays consistent and
 * commits survive a crash of the application; only an operating-system crash or power loss may roll back the last
 * commits. better-sqlite3's build defaults WAL connections to it (SQLITE_DEFAULT_WAL_SYNCHRONOUS=1); set here so it
 * does not depend on a build flag: FULL would fsync on every commit, blocking the api's thread 0.25 ms a commit
 * against 0.07 ms measured here); `postgres://` or `postgresql://` -> PostgreSQL through pg, in the schema named by an optional
 * `?schema=` parameter (default `public`; the schema must exist).
 *
 * Schema management: the committed migrations of the engine (migrations/postgres, migrations/sqlite), run by
 * {@link openStateDataSource} under a lock; `synchronize` is off (TypeORM: "unsafe for production").
 * @throws Error for any other scheme.
 */
export function createStateDataSource(url: string, options: StateDataSourceOptions = {}): DataSource {
  return new DataSource(stateDataSourceOptions(url, options));
}

/**
 * The state DataSource, initialized and migrated ({@link migrateStateStore}): what the api uses at start.
 * @throws the driver's error when the database cannot be reached or a migration fails.
 */
export async function openStateDataSource(url: string, options: StateDataSourceOptions = {}): Promise<DataSource> {
  const dataSource = await createStateDataSource(url, options).initialize();
  try {
    await migrateStateStore(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/** The DataSourceOptions {@link createStateDataSource} uses (exported for tests and tooling). */
export function stateDataSourceOptions(url: string, options: StateDataSourceOptions = {}): DataSourceOptions {
  const common = {
    entities: STATE_ENTITIES,
    synchronize: false,
    logging: false,
    migrationsTableName: 'migrations',
  } as const;
  if (/^sqlite:/i.test(url)) {
    const database = sqlitePath(url);
    if (database !== ':memory:') fs.mkdirSync(path.dirname(database), { recursive: true });
    const prepareDatabase = (db: { pragma(source: string): unknown }): void => {
      db.pragma('synchronous = NORMAL');
    };
    return {
      type: 'better-sqlite3',
      database,
      enableWAL: database !== ':memory:',
      timeout: 5000,
      prepareDatabase,
      migrations: SQLITE_MIGRATIONS,
      ...common,
    };
  }
  if (isPostgresStateUrl(url)) {
    const parsed = new URL(url);
    const schema = options.schema ?? parsed.searchParams.get('schema') ?? undefined;
    parsed.searchParams.delete('schema');
    if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema))
      throw new Error(`the state schema name "${schema}" must be a plain identifier`);
    // The migrations' SQL names tables unqualified: the search path puts them in the configured schema.
    const extra = { max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) };
    return { type: 'postgres', url: parsed.toString(), schema, extra, migrations: POSTGRES_MIGRATIONS, ...common };
  }
  throw new Error(`STATE_DATABASE_URL must start with sqlite: or postgres:// (got scheme "${url.split(':')[0]}")`);
}

/** File path of a sqlite: URL: `sqlite:///abs` -> `/abs`, `sqlite://rel` -> `rel`, `sqlite::memory:` -> `:memory:`. */
export function sqlitePath(url: string): string {
  const rest = url.replace(/^sqlite:/i, '');
  if (rest === ':memory:' || rest === '//:memory:') return ':memory:';
  return rest.startsWith('//') ? rest.slice(2) : rest;
}

/** True when STATE_DATABASE_URL names a PostgreSQL state database (`postgres://` or `postgresql://`). */
export function isPostgresStateUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
