import { readCookie, setCookieHeader } from '../../platform/auth/cookies';
import type { SecretBox } from '../../platform/auth/secret-box';
import type { LoginTransaction } from './oidc-client.service';

/** Cookie holding the state, nonce and PKCE verifier between /api/auth/login and /api/auth/callback. */
export const LOGIN_COOKIE = 'nlq_signin';

/** The login transaction cookie is sent to the callback only, and lasts 10 minutes. */
const LOGIN_COOKIE_PATH = '/api/auth';
const LOGIN_SECONDS = 600;
const LOGIN_KIND = 'nlq.signin.v1';

/** Set-Cookie value sealing `transaction` with the secret box (AES-256-GCM) for the callback. */
export function loginCookie(box: SecretBox, transaction: LoginTransaction, secure: boolean, now = Date.now()): string {
  const sealed = box.encrypt(JSON.stringify({ kind: LOGIN_KIND, ...transaction, exp: now + LOGIN_SECONDS * 1000 }));
  return setCookieHeader(LOGIN_COOKIE, sealed, { maxAgeSeconds: LOGIN_SECONDS, path: LOGIN_COOKIE_PATH, secure });
}

/** Set-Cookie value deleting the login transaction cookie. */
export function clearLoginCookie(secure: boolean): string {
  return setCookieHeader(LOGIN_COOKIE, '', { maxAgeSeconds: 0, path: LOGIN_COOKIE_PATH, secure });
}

/** The transaction of the request's login cookie; null when absent, altered or older than 10 minutes. */
export function readLoginTransaction(
  box: SecretBox,
  headers: Record<string, string | string[] | undefined>,
  now = Date.now(),
): LoginTransaction | null {
  const sealed = readCookie(headers, LOGIN_COOKIE);
  if (!sealed) return null;
  try {
    const v = JSON.parse(box.decrypt(sealed)) as Record<string, unknown>;
    if (v.kind !== LOGIN_KIND || typeof v.exp !== 'number' || v.exp <= now) return null;
    if (typeof v.state !== 'string' || typeof v.nonce !== 'string' || typeof v.codeVerifier !== 'string') return null;
    return { state: v.state, nonce: v.nonce, codeVerifier: v.codeVerifier };
  } catch {
    return null;
  }
}
