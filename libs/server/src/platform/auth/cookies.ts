/**
 * The value of cookie `name` in a request's Cookie header (RFC 6265 section 5.4: `name=value` pairs separated by
 * `; `), or null when absent. The first occurrence counts; values are returned as sent (nlq's values are base64url).
 */
export function readCookie(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const header = Array.isArray(headers.cookie) ? headers.cookie.join('; ') : (headers.cookie ?? '');
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** Attributes of a Set-Cookie header written by {@link setCookieHeader}. */
export interface CookieOptions {
  /** Seconds until the browser forgets the cookie; 0 deletes it at once. */
  maxAgeSeconds: number;
  path: string;
  /** Send only over HTTPS (set when the service is reached over HTTPS). */
  secure: boolean;
}

/**
 * A Set-Cookie header value (RFC 6265 section 4.1) that scripts cannot read (HttpOnly) and that browsers send on
 * top-level navigations and same-site requests only (SameSite=Lax, RFC 6265bis section 5.4.7).
 */
export function setCookieHeader(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
