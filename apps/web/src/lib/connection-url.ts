/**
 * Helpers for the connection form: the password is a separate, write-only field that is put into the URL only when
 * sent (the API stores it encrypted and only ever answers the URL with the password replaced by ***).
 */

/** True when the URL has an authority (scheme://...) so a password can go into it (not sqlite file paths). */
export function acceptsPassword(url: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(url.trim()) && !/^sqlite:/i.test(url.trim()) && !/^file:/i.test(url.trim())
  );
}

/**
 * The URL with `password` set (percent-encoded, WHATWG URL rules); unchanged when the password is empty or the URL
 * cannot carry one. Throws TypeError for a URL that cannot be parsed.
 */
export function withPassword(url: string, password: string): string {
  const trimmed = url.trim();
  if (!password || !acceptsPassword(trimmed)) return trimmed;
  const u = new URL(trimmed);
  if (!u.username) throw new TypeError('Add a user name to the URL (user@host) to use a password');
  u.password = password;
  return u.toString();
}

/** The URL as the edit form shows it: the redacted password (*** or any) removed, so it is never sent back. */
export function withoutPassword(url: string): string {
  const trimmed = url.trim();
  if (!acceptsPassword(trimmed)) return trimmed;
  try {
    const u = new URL(trimmed);
    if (!u.password) return trimmed;
    u.password = '';
    return u.toString();
  } catch {
    return trimmed.replace(/:[^:@/]*@/, '@');
  }
}
