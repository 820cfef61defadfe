import * as path from 'node:path';
import type { Dialect } from '@nlq/contracts';
import { DatabaseError } from './errors';

/** Engines with a driver in this library; one folder each. */
export type EngineName = 'sqlite' | 'postgres' | 'mysql' | 'mssql' | 'snowflake';

/** A connection URL split into the parts every driver needs. Plain data; holds the password in clear. */
export interface ConnectionConfig {
  engine: EngineName;
  /** The URL scheme as written, lower case, without the colon (`postgresql`, `mariadb`, ...). */
  scheme: string;
  /**
   * Dialect implied by the scheme. `mysql://` says `mysql`; the MySQL driver corrects it to `mariadb` once
   * `SELECT VERSION()` shows a MariaDB server.
   */
  dialect: Dialect;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  /** Snowflake: the schema (second path segment). */
  schema?: string;
  /** SQLite: absolute file path, or `:memory:`. */
  filename?: string;
  /** Query-string parameters as written (`sslmode`, `encrypt`, `warehouse`, ...). */
  params: Record<string, string>;
}

const SCHEMES = new Map<string, { engine: EngineName; dialect: Dialect; port?: number }>(
  Object.entries({
    sqlite: { engine: 'sqlite', dialect: 'sqlite' },
    sqlite3: { engine: 'sqlite', dialect: 'sqlite' },
    postgres: { engine: 'postgres', dialect: 'postgresql', port: 5432 },
    postgresql: { engine: 'postgres', dialect: 'postgresql', port: 5432 },
    mysql: { engine: 'mysql', dialect: 'mysql', port: 3306 },
    mariadb: { engine: 'mysql', dialect: 'mariadb', port: 3306 },
    mssql: { engine: 'mssql', dialect: 'transactsql', port: 1433 },
    sqlserver: { engine: 'mssql', dialect: 'transactsql', port: 1433 },
    snowflake: { engine: 'snowflake', dialect: 'snowflake', port: 443 },
  }),
);

/** URL schemes {@link parseConnectionUrl} accepts. */
export const SUPPORTED_SCHEMES: readonly string[] = [...SCHEMES.keys()];

/**
 * Parses a connection URL.
 * - SQLite: `sqlite:///abs/path/file.db` (absolute), `sqlite:relative/path.db` (resolved against the process's
 *   working directory), `sqlite::memory:`.
 * - Server engines: `scheme://user:password@host:port/database?param=value` with user and password
 *   percent-decoded and the engine's default port when none is given; schemes postgres/postgresql, mysql/mariadb,
 *   mssql/sqlserver, snowflake (`snowflake://user:pw@account/database/schema?warehouse=W&role=R`, the account
 *   being the host, `.snowflakecomputing.com` stripped).
 * @throws DatabaseError kind `unsupported` for an unknown scheme, kind `connection` for a malformed URL.
 */
export function parseConnectionUrl(url: string): ConnectionConfig {
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim());
  if (!m) throw new DatabaseError('connection', 'Invalid connection URL: no scheme (expected e.g. postgres://...)');
  const scheme = m[1].toLowerCase();
  const known = SCHEMES.get(scheme);
  if (!known) {
    throw new DatabaseError(
      'unsupported',
      `Unsupported database URL scheme "${scheme}:"; supported: ${SUPPORTED_SCHEMES.join(', ')}`,
    );
  }
  if (known.engine === 'sqlite') return parseSqliteUrl(url.trim(), scheme);

  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    throw new DatabaseError('connection', `Invalid ${scheme} connection URL`);
  }
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new DatabaseError('connection', `Invalid ${scheme} connection URL: no host`);
  const params: Record<string, string> = Object.fromEntries(u.searchParams);
  const segments = u.pathname.split('/').filter(Boolean).map(safeDecode);
  const config: ConnectionConfig = {
    engine: known.engine,
    scheme,
    dialect: known.dialect,
    host,
    port: u.port ? Number(u.port) : known.port,
    user: u.username ? safeDecode(u.username) : undefined,
    password: u.password ? safeDecode(u.password) : undefined,
    database: segments[0],
    params,
  };
  if (known.engine === 'snowflake') {
    config.host = host.replace(/\.snowflakecomputing\.com$/i, '');
    config.schema = segments[1];
  }
  return config;
}

function parseSqliteUrl(url: string, scheme: string): ConnectionConfig {
  let rest = url.slice(scheme.length + 1).replace(/[?#].*$/, '');
  const base: ConnectionConfig = { engine: 'sqlite', scheme, dialect: 'sqlite', params: {} };
  if (rest === ':memory:' || rest === '//:memory:' || rest === '///:memory:') return { ...base, filename: ':memory:' };
  if (rest.startsWith('//')) {
    // sqlite:///abs -> "/abs"; sqlite://relative -> "relative" (no authority part is meaningful for SQLite)
    rest = rest.slice(2);
  }
  rest = safeDecode(rest);
  if (!rest) throw new DatabaseError('connection', 'Invalid sqlite URL: no file path (expected sqlite:///abs/path.db)');
  return { ...base, filename: path.resolve(rest) };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const SECRET_PARAM = /pass|pwd|secret|token|key/i;

/**
 * The URL with its password, and any query parameter whose name looks secret (password, pwd, secret, token,
 * key), replaced by `***`, for logs and API answers. Works on malformed URLs too (best effort on `//user:pw@`).
 */
export function redactConnectionUrl(url: string): string {
  let u: URL | undefined;
  try {
    u = new URL(url);
  } catch {
    u = undefined;
  }
  if (!u || !u.host) {
    return url
      .replace(/(\/\/[^:/@?#]*:)[^@/?#]*@/, '$1***@')
      .replace(/([?&][^=&#]*(?:pass|pwd|secret|token|key)[^=&#]*=)[^&#]*/gi, '$1***');
  }
  let out = `${u.protocol}//`;
  if (u.username || u.password) out += `${u.username}${u.password ? ':***' : ''}@`;
  out += u.host + u.pathname;
  const params: string[] = [];
  u.searchParams.forEach((v, k) =>
    params.push(`${encodeURIComponent(k)}=${SECRET_PARAM.test(k) ? '***' : encodeURIComponent(v)}`),
  );
  if (params.length) out += `?${params.join('&')}`;
  return out;
}

/** Reads a boolean query parameter (`true/1/yes/on` vs `false/0/no/off`), else `fallback`. */
export function booleanParam(params: Record<string, string>, name: string, fallback: boolean): boolean {
  const v = params[name]?.toLowerCase();
  if (v === undefined) return fallback;
  if (['true', '1', 'yes', 'on', 'require', 'required'].includes(v)) return true;
  if (['false', '0', 'no', 'off', 'disable', 'disabled'].includes(v)) return false;
  return fallback;
}
