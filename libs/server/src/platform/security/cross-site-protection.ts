import { ErrorCode } from '@nlq/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiException } from '../common/api.exception';

/** Methods that never change state (RFC 9110 section 9.2.1 "safe methods"); everything else is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What {@link crossSiteProblem} needs of the configuration. */
export interface CrossSiteSettings {
  /** CORS_ORIGINS: `*` (any origin may read and send JSON after a preflight) or the explicit list. */
  corsOrigins: '*' | string[];
}

/** The parts of a request {@link crossSiteProblem} looks at (a FastifyRequest has them all). */
export interface CrossSiteRequest {
  method: string;
  /** Host the client addressed (`host:port`; X-Forwarded-Host when TRUST_PROXY trusts the sender). */
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Whether a request carries a body: a Content-Length above 0 or any Transfer-Encoding (RFC 9112 section 6.1-6.3).
 * A bodiless POST (approve, reject, refresh, activate, test) or DELETE has neither.
 */
export function hasBody(headers: CrossSiteRequest['headers']): boolean {
  const length = header(headers, 'content-length');
  if (header(headers, 'transfer-encoding')) return true;
  return length !== undefined && length.trim() !== '' && length.trim() !== '0';
}

/** The media type of a Content-Type header, lower case without parameters (`application/json; charset=utf-8` -> `application/json`). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * Why a state-changing request must be refused as a possible cross-site request forgery, or null to let it through.
 * The rules (OWASP CSRF Prevention Cheat Sheet: "Disallowing simple requests", "Verifying origin with standard
 * headers", "Fetch Metadata headers"; W3C Fetch Metadata Request Headers, Sec-Fetch-Site):
 *
 * 1. Safe methods (GET, HEAD, OPTIONS) are never refused here.
 * 2. A request with a body must be `application/json`: otherwise 415 UNSUPPORTED_MEDIA_TYPE. A browser sends a JSON
 *    body across origins only after a CORS preflight, which CORS_ORIGINS governs; form (`x-www-form-urlencoded`,
 *    `multipart/form-data`) and `text/plain` bodies are "simple" and need none, so they are refused before parsing.
 * 3. Any state-changing request, with a JSON body or without a body (approve, reject, refresh, activate, delete,
 *    test: simple requests whatever their origin), is refused with 403 FORBIDDEN when the browser says it is
 *    cross-site (`Sec-Fetch-Site: cross-site`) or its Origin (including `null`) is not trusted, unless that Origin
 *    is trusted. Trusted: the service's own origin (same host and port as the Host the request addressed), an origin
 *    listed in CORS_ORIGINS, and, only when CORS_ORIGINS is `*` (development), an origin the browser marks
 *    `same-site` (a dev server on another port of the same host). So `*` lets any page read, but not change state:
 *    a preflighted JSON `POST /approve/x` from another site is refused too.
 * 4. Clients that are not browsers send neither Origin nor Sec-Fetch-Site and are never refused by rule 3.
 */
export function crossSiteProblem(request: CrossSiteRequest, settings: CrossSiteSettings): ApiException | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  if (hasBody(request.headers)) {
    const type = mediaType(header(request.headers, 'content-type'));
    if (type !== 'application/json') {
      const got = type ? `"${type}"` : 'no Content-Type';
      return new ApiException(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Request bodies must be JSON (Content-Type: application/json); got ${got}.`,
      );
    }
  }
  const origin = header(request.headers, 'origin');
  const fetchSite = header(request.headers, 'sec-fetch-site')?.trim().toLowerCase();
  if (origin === undefined && fetchSite !== 'cross-site') return null;
  if (origin !== undefined && trustedOrigin(origin, fetchSite, request.host, settings)) return null;
  return new ApiException(
    403,
    ErrorCode.FORBIDDEN,
    `Cross-site request refused: a state-changing request ${origin !== undefined ? `from origin ${JSON.stringify(origin)} ` : 'marked cross-site by the browser '}` +
      "is accepted only from this service's own origin or one of CORS_ORIGINS.",
  );
}

/**
 * Rule 3 of {@link crossSiteProblem}: own origin, listed in CORS_ORIGINS, or same-site under `*`. Also decides
 * whether a /ws/live upgrade may use the sign-in cookie (docs/http-api.md "Live updates: /ws/live").
 * @param host the `host:port` the request addressed.
 */
export function trustedOrigin(
  origin: string,
  fetchSite: string | undefined,
  host: string,
  settings: CrossSiteSettings,
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, file: pages, cross-origin redirects) and garbage
  }
  if (parsed.origin === 'null') return false;
  if (host && parsed.host.toLowerCase() === host.toLowerCase()) return true;
  if (settings.corsOrigins === '*') return fetchSite === 'same-site' || fetchSite === 'same-origin';
  return settings.corsOrigins.some(
    (allowed) => allowed.replace(/\/+$/, '').toLowerCase() === parsed.origin.toLowerCase(),
  );
}

function header(headers: CrossSiteRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Install {@link crossSiteProblem} as a global Fastify onRequest hook (Fastify docs, "Hooks": onRequest runs before
 * the body is parsed), so a refused request never reaches a parser, a guard or a handler; the thrown ApiException is
 * answered in the one error shape (403 FORBIDDEN or 415 UNSUPPORTED_MEDIA_TYPE). Covers both surfaces and every
 * route, including ones added later. Call before `app.init()`.
 */
export function registerCrossSiteProtection(fastify: FastifyInstance, settings: CrossSiteSettings): void {
  fastify.addHook('onRequest', async (request: FastifyRequest) => {
    const problem = crossSiteProblem(
      { method: request.method, host: request.host, headers: request.headers },
      settings,
    );
    if (problem) {
      request.log.warn(
        {
          origin: request.headers.origin ?? null,
          secFetchSite: request.headers['sec-fetch-site'] ?? null,
          status: problem.statusCode,
        },
        'cross-site request refused',
      );
      throw problem;
    }
  });
}
