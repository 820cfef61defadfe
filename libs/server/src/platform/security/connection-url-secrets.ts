import { scrubMessage } from '@nlq/pipeline';

/** Query parameters whose value is a secret (as redactConnectionUrl of the drivers treats them). */
const SECRET_PARAM = /pass|pwd|secret|token|key/i;

/** The secret parts of a connection URL, stored encrypted. */
export interface ConnectionSecrets {
  /** The password exactly as written in the URL (percent-encoded form). */
  password?: string;
  /** Query parameters whose name looks secret, in order. */
  params?: Array<[string, string]>;
}

/**
 * Split a connection URL into the part stored in clear (no password, no secret-looking query parameter) and its
 * secrets (null when it has none). URLs without an authority (sqlite:) carry no secret and stay whole.
 */
export function splitConnectionUrl(url: string): { publicUrl: string; secrets: ConnectionSecrets | null } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { publicUrl: url, secrets: null };
  }
  if (!u.host) return { publicUrl: url, secrets: null };
  const secrets: ConnectionSecrets = {};
  if (u.password) {
    secrets.password = u.password;
    u.password = '';
  }
  const secretParams: Array<[string, string]> = [];
  for (const [k, v] of [...u.searchParams.entries()]) if (SECRET_PARAM.test(k)) secretParams.push([k, v]);
  if (secretParams.length > 0) {
    secrets.params = secretParams;
    for (const [k] of secretParams) u.searchParams.delete(k);
  }
  if (!secrets.password && !secrets.params) return { publicUrl: url, secrets: null };
  return { publicUrl: u.toString(), secrets };
}

/** The full URL again: {@link splitConnectionUrl}'s public part with its secrets put back. */
export function joinConnectionUrl(publicUrl: string, secrets: ConnectionSecrets | null): string {
  if (!secrets) return publicUrl;
  const u = new URL(publicUrl);
  if (secrets.password) u.password = secrets.password;
  for (const [k, v] of secrets.params ?? []) u.searchParams.append(k, v);
  return u.toString();
}

/** Every form in which a secret could appear in a driver's message (as written, and percent-decoded). */
export function secretForms(secrets: ConnectionSecrets | null): string[] {
  const forms = new Set<string>();
  const add = (value: string | undefined) => {
    if (!value || value.length < 2) return;
    forms.add(value);
    try {
      forms.add(decodeURIComponent(value));
    } catch {
      // keep the written form only
    }
  };
  add(secrets?.password);
  for (const [, v] of secrets?.params ?? []) add(v);
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * `message` with every secret form replaced by `***`, then scrubbed as every error text is (scrubMessage of
 * @nlq/pipeline: remembered secrets, credential shapes, server file paths).
 */
export function scrubSecrets(message: string, forms: string[]): string {
  return scrubMessage(message, forms);
}
