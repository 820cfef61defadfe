import { parseConnectionUrl } from '@nlq/pipeline';
import fs from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';

/** The settings the probing guard reads (a subset of AppConfig). */
export interface ProbeGuardSettings {
  dataDir: string;
  queryDatabaseUrl: string;
  connectionAllowedHosts: string[];
  sqliteAllowedDirs: string[];
  llm: { baseUrl: string | null };
  llmAllowedHosts: string[];
}

/** Public model APIs a base URL may always name. */
export const PUBLIC_MODEL_HOSTS = ['api.openai.com', 'api.anthropic.com'];

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** true for `localhost` and loopback addresses (127.0.0.0/8, ::1, ::ffff:127.x.y.z). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const family = isIP(h);
  if (family === 4) return loopback.check(h, 'ipv4');
  if (family === 6) return loopback.check(h, 'ipv6');
  return false;
}

/** true when `host` is listed: `*` allows every host, `*.example.com` its subdomains, else an exact match. */
export function hostListed(host: string, list: string[]): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return list.some((entry) => entry === '*' || entry === h || (entry.startsWith('*.') && h.endsWith(entry.slice(1))));
}

/**
 * The probing guard of connection URLs (create, update, test): the server must not become a way to reach
 * arbitrary hosts. Allowed: loopback hosts, the host of QUERY_DATABASE_URL, hosts in CONNECTION_ALLOWED_HOSTS
 * (`*` = all); SQLite files under DATA_DIR or a directory of SQLITE_ALLOWED_DIRS (symbolic links resolved), the
 * file of QUERY_DATABASE_URL, and `:memory:`. Checked on the URL alone: no connection is attempted.
 * @returns null when allowed, else the reason (for a 400 answer).
 */
export function connectionUrlProblem(url: string, settings: ProbeGuardSettings): string | null {
  let parsed: ReturnType<typeof parseConnectionUrl>;
  try {
    parsed = parseConnectionUrl(url);
  } catch (error) {
    return error instanceof Error ? error.message : 'Invalid connection URL';
  }
  if (parsed.engine === 'sqlite') {
    const file = parsed.filename ?? '';
    if (file === ':memory:') return null;
    const configured = safeParse(settings.queryDatabaseUrl);
    if (configured?.engine === 'sqlite' && configured.filename && realPath(configured.filename) === realPath(file))
      return null;
    const dirs = [settings.dataDir, ...settings.sqliteAllowedDirs];
    if (dirs.some((dir) => isInside(realPath(file), realPath(dir)))) return null;
    return `SQLite files are allowed only under DATA_DIR (${settings.dataDir}) or a directory of SQLITE_ALLOWED_DIRS; "${file}" is not.`;
  }
  const host = (parsed.host ?? '').toLowerCase();
  if (isLoopbackHost(host)) return null;
  const configuredHost = safeParse(settings.queryDatabaseUrl)?.host?.toLowerCase();
  if (configuredHost && configuredHost === host) return null;
  if (hostListed(host, settings.connectionAllowedHosts)) return null;
  return `Database host "${host}" is not allowed: only loopback, the host of QUERY_DATABASE_URL and hosts listed in CONNECTION_ALLOWED_HOSTS may be used.`;
}

/**
 * The probing guard of model base URLs: http(s) only, on a loopback host, api.openai.com, api.anthropic.com, the
 * host of LLM_BASE_URL or a host in LLM_ALLOWED_HOSTS (`*` = all).
 * @returns null when allowed, else the reason.
 */
export function llmBaseUrlProblem(baseUrl: string, settings: ProbeGuardSettings): string | null {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    return `base_url "${baseUrl}" is not a URL`;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'base_url must be an http(s) URL';
  const host = u.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (isLoopbackHost(host) || PUBLIC_MODEL_HOSTS.includes(host)) return null;
  if (settings.llm.baseUrl) {
    const configured = safeUrl(settings.llm.baseUrl)?.hostname.toLowerCase();
    if (configured === host) return null;
  }
  if (hostListed(host, settings.llmAllowedHosts)) return null;
  return `Model host "${host}" is not allowed: only loopback, ${PUBLIC_MODEL_HOSTS.join(', ')}, the host of LLM_BASE_URL and hosts listed in LLM_ALLOWED_HOSTS may be used.`;
}

function safeParse(url: string): ReturnType<typeof parseConnectionUrl> | null {
  try {
    return parseConnectionUrl(url);
  } catch {
    return null;
  }
}

function safeUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The path with symbolic links of its deepest existing ancestor resolved. */
function realPath(p: string): string {
  const absolute = path.resolve(p);
  let existing = absolute;
  const rest: string[] = [];
  while (!fs.existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) return absolute;
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  return path.join(fs.realpathSync(existing), ...rest);
}

function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
