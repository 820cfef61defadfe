import { secretForms, splitConnectionUrl } from '../../application/connections/connection-url-secrets';

/** Shortest value remembered as a secret (shorter ones would blank ordinary words out of messages). */
const MIN_SECRET_CHARS = 4;

/** Every secret this process knows (connection passwords and secret URL parameters, model and service keys). */
const knownSecrets = new Set<string>();
/** {@link knownSecrets} longest first, rebuilt lazily after a change (a longer secret may contain a shorter one). */
let ordered: string[] | null = null;

/**
 * Remember secrets so that {@link scrubMessage} blanks them out of every message this process answers or logs:
 * each value as given and percent-decoded (as the connection test's `secretForms`). Values under 4 characters,
 * null and undefined are ignored. The set only grows (a replaced password may still sit in an old driver's error).
 */
export function rememberSecrets(...values: Array<string | null | undefined>): void {
  for (const form of secretForms({ params: values.filter((v): v is string => typeof v === 'string' && v.length >= MIN_SECRET_CHARS).map((v) => ['k', v]) })) {
    if (form.length >= MIN_SECRET_CHARS && !knownSecrets.has(form)) {
      knownSecrets.add(form);
      ordered = null;
    }
  }
}

/** Remember the password and secret-looking query parameters of a connection URL (see {@link rememberSecrets}). */
export function rememberConnectionUrlSecrets(url: string): void {
  const { secrets } = splitConnectionUrl(url.trim());
  if (!secrets) return;
  rememberSecrets(secrets.password, ...(secrets.params ?? []).map(([, v]) => v));
}

/** Generic credential shapes, whatever their value: URL userinfo passwords, `password=...`-style pairs, bearer tokens. */
const PATTERNS: Array<[RegExp, string]> = [
  // scheme://user:password@host -> scheme://user:***@host
  [/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, '$1***@'],
  // password=..., pwd: ..., api_key=..., access_token=..., client_secret=... (query strings, DSNs, driver messages)
  [/\b((?:password|passwd|pwd|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret)\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s;&,)]+)/gi, '$1***'],
  // Authorization: Bearer ...
  [/\b(bearer\s+)[a-z0-9._~+/=-]{8,}/gi, '$1***'],
  // provider key shapes: sk-..., sk-ant-..., nlq_...
  [/\b(sk-(?:ant-)?|nlq_)[a-z0-9_-]{12,}/gi, '$1***'],
  // driver internals: stack frames ("\n    at Connection.parseE (/app/node_modules/pg/lib/connection.js:1:2)")
  [/\n\s+at [^\n]*/g, ''],
];

/**
 * `message` with credentials replaced by `***` (docs/architecture.md "Security": passwords and keys are never returned): every
 * remembered secret ({@link rememberSecrets}, as the connection test scrubs its driver's message), then the generic
 * shapes of {@link PATTERNS}. Used for /api/health, every error response and every pipeline error text.
 */
export function scrubMessage(message: string): string {
  if (!message) return message;
  if (ordered === null) ordered = [...knownSecrets].sort((a, b) => b.length - a.length);
  let text = message;
  for (const secret of ordered) if (text.includes(secret)) text = text.split(secret).join('***');
  for (const [pattern, replacement] of PATTERNS) text = text.replace(pattern, replacement);
  return text;
}
