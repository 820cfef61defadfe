import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/api.exception';
import { AppConfig } from '../config/app-config';
import type { OidcSettings } from '../config/oidc-settings';
import { readCookie, setCookieHeader } from './cookies';
import { isRole } from './role';
import { SecretBox } from './secret-box';
import type { SessionPrincipal } from './session-principal';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'nlq_session';

/** Marks a sealed value as a session, so no other value sealed with the same box is taken for one. */
const SESSION_KIND = 'nlq.session.v1';

/**
 * The sign-in session of the web app (docs/http-api.md "Sign-in"): the {@link SessionPrincipal} sealed with the
 * {@link SecretBox} (AES-256-GCM, the key of ENCRYPTION_KEY or DATA_DIR/secret.key) into an httpOnly, SameSite=Lax
 * cookie, so it can be neither read nor altered by the browser; it carries its own expiry (OIDC_SESSION_HOURS).
 * The api's guard consults {@link authenticate} when a request presents no API key.
 */
@Injectable()
export class SessionAuth {
  private readonly settings: OidcSettings | null;

  constructor(
    config: AppConfig,
    private readonly box: SecretBox,
  ) {
    this.settings = config.oidc;
  }

  /** Whether sign-in is configured (OIDC_ISSUER_URL and the other required variables). */
  get enabled(): boolean {
    return this.settings !== null;
  }

  /**
   * The principal of the request's session cookie; null when sign-in is off or no cookie is sent.
   * @throws ApiException 401 UNAUTHORIZED when the cookie has expired or is not a valid session (the web app then
   *   sends the person to sign in again).
   */
  authenticate(headers: Record<string, string | string[] | undefined>, now = Date.now()): SessionPrincipal | null {
    if (!this.settings) return null;
    const sealed = readCookie(headers, SESSION_COOKIE);
    if (!sealed) return null;
    const principal = this.open(sealed);
    if (!principal) throw ApiException.unauthorized('The sign-in session is not valid; sign in again.');
    if (principal.expiresAt * 1000 <= now)
      throw ApiException.unauthorized('The sign-in session has expired; sign in again.');
    return principal;
  }

  /** Set-Cookie value holding a new session for `principal` (its expiresAt decides the cookie's lifetime). */
  issueCookie(principal: SessionPrincipal, now = Date.now()): string {
    const sealed = this.box.encrypt(JSON.stringify({ kind: SESSION_KIND, ...principal }));
    return setCookieHeader(SESSION_COOKIE, sealed, {
      maxAgeSeconds: principal.expiresAt - now / 1000,
      path: '/',
      secure: this.secure,
    });
  }

  /** Set-Cookie value that deletes the session cookie (sign-out). */
  clearCookie(): string {
    return setCookieHeader(SESSION_COOKIE, '', { maxAgeSeconds: 0, path: '/', secure: this.secure });
  }

  /** Seconds a new session lasts (OIDC_SESSION_HOURS). */
  get sessionSeconds(): number {
    return this.settings?.sessionSeconds ?? 0;
  }

  /** Cookies are Secure when the callback is reached over HTTPS. */
  get secure(): boolean {
    return this.settings?.redirectUrl.toLowerCase().startsWith('https:') ?? false;
  }

  private open(sealed: string): SessionPrincipal | null {
    let value: unknown;
    try {
      value = JSON.parse(this.box.decrypt(sealed));
    } catch {
      return null;
    }
    if (!value || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    if (v.kind !== SESSION_KIND || typeof v.userId !== 'string' || typeof v.expiresAt !== 'number') return null;
    if (typeof v.role !== 'string' || !isRole(v.role)) return null;
    return {
      userId: v.userId,
      role: v.role,
      attributes: (v.attributes ?? {}) as Record<string, string>,
      via: 'session',
      name: typeof v.name === 'string' ? v.name : null,
      subject: typeof v.subject === 'string' ? v.subject : v.userId,
      expiresAt: v.expiresAt,
    };
  }
}
