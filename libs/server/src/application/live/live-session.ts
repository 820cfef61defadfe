import type { IncomingMessage } from 'node:http';
import { ApiException } from '../../platform/common/api.exception';
import { readCookie } from '../../platform/auth/cookies';
import { SESSION_COOKIE, type SessionAuth } from '../../platform/auth/session-auth';
import type { SessionPrincipal } from '../../platform/auth/session-principal';
import { trustedOrigin, type CrossSiteSettings } from '../../platform/security/cross-site-protection';

/** What the sign-in cookie of a /ws/live upgrade request says about the socket. */
export type LiveSessionOutcome =
  /** No usable cookie (none sent, sign-in off, or sent by a foreign page): the socket waits for the auth message. */
  | { kind: 'none' }
  /** A valid session: the socket is ready at once as this person. */
  | { kind: 'session'; principal: SessionPrincipal }
  /** An expired or altered session: the socket is closed with 4401 and this message. */
  | { kind: 'refused'; message: string };

/**
 * The sign-in session of a /ws/live upgrade request (docs/http-api.md "Live updates: /ws/live"), checked exactly
 * as every /api route checks it ({@link SessionAuth.authenticate}). The cookie counts only when the upgrade comes
 * from the service's own origin, one of CORS_ORIGINS, or no browser page at all (no Origin): browsers send cookies
 * on WebSocket handshakes from any page, so a foreign page must not open a socket as the signed-in person
 * (cross-site WebSocket hijacking; OWASP WebSocket Security Cheat Sheet, "Origin validation"); such a socket may
 * still authenticate with a key in its auth message.
 */
export function liveSession(
  request: IncomingMessage,
  sessions: SessionAuth,
  settings: CrossSiteSettings,
  now = Date.now(),
): LiveSessionOutcome {
  if (!sessions.enabled || !readCookie(request.headers, SESSION_COOKIE)) return { kind: 'none' };
  const origin = first(request.headers.origin);
  const fetchSite = first(request.headers['sec-fetch-site'])?.trim().toLowerCase();
  const host = first(request.headers['x-forwarded-host']) ?? first(request.headers.host) ?? '';
  if (origin !== undefined && !trustedOrigin(origin, fetchSite, host, settings)) return { kind: 'none' };
  try {
    const principal = sessions.authenticate(request.headers, now);
    return principal ? { kind: 'session', principal } : { kind: 'none' };
  } catch (error) {
    if (error instanceof ApiException) return { kind: 'refused', message: error.message };
    throw error;
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
