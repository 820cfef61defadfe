import fs from 'node:fs';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { STATE_ENTITIES } from './entities';

/** Options beyond the URL, mainly for tests (a PostgreSQL schema of their own). */
export interface StateDataSourceOptions {
  /** PostgreSQL schema to hold the tables (must exist); overrides `?schema=` of the URL; default `public`. */
  schema?: string;
}

/**
 * The TypeORM DataSource of the state store from STATE_DATABASE_URL:
 * `sqlite:///abs/path.db` (or `sqlite://relative.db`, `sqlite::memory:`) -> better-sqlite3 with WAL and a 5 s busy
 * timeout; `postgres://` or `postgresql://` -> PostgreSQL through pg, in the schema named by an optional
 * `?schema=` parameter (default `public`; the schema must exist).
 *
 * Schema management: `synchronize: true` creates and alters the three tables (history_entry, pending_operation,
 * trace) at start. That is deliberate for this first version (additive entity changes only); migrations replace it
 * once the schema must evolve destructively.
 * @throws Error for any other scheme.
 */
export function createStateDataSource(url: string, options: StateDataSourceOptions = {}): DataSource {
  return new DataSource(stateDataSourceOptions(url, options));
}

/** The DataSourceOptions {@link createStateDataSource} uses (exported for tests and tooling). */
export function stateDataSourceOptions(url: string, options: StateDataSourceOptions = {}): DataSourceOptions {
  const common = { entities: STATE_ENTITIES, synchronize: true, logging: false } as const;
  if (/^sqlite:/i.test(url)) {
    const database = sqlitePath(url);
    if (database !== ':memory:') fs.mkdirSync(path.dirname(database), { recursive: true });
    return { type: 'better-sqlite3', database, enableWAL: database !== ':memory:', timeout: 5000, ...common };
  }
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const parsed = new URL(url);
    const schema = options.schema ?? parsed.searchParams.get('schema') ?? undefined;
    parsed.searchParams.delete('schema');
    return { type: 'postgres', url: parsed.toString(), schema, extra: { max: 10 }, ...common };
  }
  throw new Error(`STATE_DATABASE_URL must start with sqlite: or postgres:// (got scheme "${url.split(':')[0]}")`);
}

/** File path of a sqlite: URL: `sqlite:///abs` -> `/abs`, `sqlite://rel` -> `rel`, `sqlite::memory:` -> `:memory:`. */
export function sqlitePath(url: string): string {
  const rest = url.replace(/^sqlite:/i, '');
  if (rest === ':memory:' || rest === '//:memory:') return ':memory:';
  return rest.startsWith('//') ? rest.slice(2) : rest;
}
