/**
 * The paths of the query adapter surface (docs/http-api.md "Contract: query adapter") as apps/api serves them. Only these are forwarded to the
 * embedded api: its application surface (/api, /ws/live), OpenAPI (/docs) and web app stay unreachable through a
 * mounted adapter.
 */

/** Paths without a parameter: POST /query, POST /refresh, GET /health. */
export const ADAPTER_FIXED_PATHS = ['/query', '/refresh', '/health'] as const;

/** Paths that take `/{session_id}`: POST /approve, POST /reject, POST /feedback, GET /session. */
export const ADAPTER_SESSION_PATHS = ['/approve', '/reject', '/feedback', '/session'] as const;

/**
 * Methods forwarded on those paths. All of them, not only the documented one: the api itself answers a wrong
 * method (404 in the error shape) and CORS preflights (OPTIONS), so a mounted adapter answers exactly as it does.
 */
export const FORWARDED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * true when `pathname` (the path relative to the adapter's mount point, no query string) belongs to the adapter
 * surface: one of {@link ADAPTER_FIXED_PATHS} exactly, or one of {@link ADAPTER_SESSION_PATHS} followed by `/...`
 * (the api validates the session id: 400 over 128 characters, 414 over 256, 404 for extra segments).
 */
export function isAdapterPath(pathname: string): boolean {
  if ((ADAPTER_FIXED_PATHS as readonly string[]).includes(pathname)) return true;
  return ADAPTER_SESSION_PATHS.some((p) => pathname.startsWith(`${p}/`));
}

/**
 * Splits a request target (`/nlq/query?x=1`) at `prefix` (`/nlq`, no trailing slash; '' for none) into the path
 * the api sees (`/query?x=1`) and its pathname (`/query`), or null when the target is not under the prefix.
 */
export function stripPrefix(url: string, prefix: string): { url: string; pathname: string } | null {
  let rest = url;
  if (prefix) {
    if (!url.startsWith(prefix)) return null;
    rest = url.slice(prefix.length);
    if (rest !== '' && rest[0] !== '/' && rest[0] !== '?') return null;
    if (rest === '' || rest[0] === '?') rest = `/${rest}`;
  }
  const q = rest.indexOf('?');
  return { url: rest, pathname: q === -1 ? rest : rest.slice(0, q) };
}

/** A mount prefix in canonical form: '' for none or '/', else a leading slash and no trailing slash. */
export function normalizePrefix(prefix: string | undefined): string {
  if (!prefix || prefix === '/') return '';
  const withSlash = prefix.startsWith('/') ? prefix : `/${prefix}`;
  return withSlash.replace(/\/+$/, '');
}
