import type { LiveEvent } from '@nlq/contracts';

/**
 * The one scrubber of error text (docs/architecture.md "Security": passwords and keys are never returned, error text
 * carries no credentials, connection strings or server file paths; for HTTP errors and for
 * live events and traces). It lives here, below apps/api, so the pipeline's trace recorder and live events use the
 * same function as the api's error responses.
 */

/** What a server file path in a message is replaced with. */
export const SCRUBBED_PATH = '[path]';
/** What a secret in a message is replaced with. */
export const SCRUBBED_SECRET = '***';

/** Shortest value remembered as a secret (shorter ones would blank ordinary words out of messages). */
const MIN_SECRET_CHARS = 4;

/** Every secret this process knows (connection passwords and secret URL parameters, model and service keys). */
const knownSecrets = new Set<string>();
/** {@link knownSecrets} longest first, rebuilt lazily after a change (a longer secret may contain a shorter one). */
let ordered: string[] | null = null;

/**
 * Remember secrets so that {@link scrubMessage} blanks them out of every message this process answers, publishes,
 * records or logs: each value as given and percent-decoded (a URL's password appears in a driver's message either
 * way). Values under 4 characters, null and undefined are ignored. The set only grows (a replaced password may still
 * sit in an old driver's error).
 */
export function rememberSecrets(...values: Array<string | null | undefined>): void {
  for (const value of values) {
    if (typeof value !== 'string' || value.length < MIN_SECRET_CHARS) continue;
    for (const form of [value, percentDecoded(value)]) {
      if (form !== null && form.length >= MIN_SECRET_CHARS && !knownSecrets.has(form)) {
        knownSecrets.add(form);
        ordered = null;
      }
    }
  }
}

function percentDecoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Generic credential shapes, whatever their value: URL userinfo passwords, `password=...`-style pairs, bearer tokens. */
const CREDENTIAL_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  // scheme://user:password@host -> scheme://user:***@host (postgres://, mysql://, redis://, https://, ...)
  [/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, '$1***@'],
  // password=..., PGPASSWORD=..., "password": "...", pwd: ..., api_key=..., access_token=..., client_secret=...
  // (query strings, DSNs, driver messages, JSON)
  [
    /\b((?:[a-z0-9_]*(?:password|passwd|pwd)|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret)["']?\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s;&,)]+)/gi,
    '$1***',
  ],
  // Authorization: Bearer ...
  [/\b(bearer\s+)[a-z0-9._~+/=-]{8,}/gi, '$1***'],
  // provider key shapes: sk-..., sk-ant-..., nlq_...
  [/\b(sk-(?:ant-)?|nlq_)[a-z0-9_-]{12,}/gi, '$1***'],
  // driver internals: stack frames ("\n    at Connection.parseE (/app/node_modules/pg/lib/connection.js:1:2)")
  [/\n\s+at [^\n]*/g, ''],
];

/**
 * First segments of absolute POSIX paths read as server paths whatever follows (Filesystem Hierarchy Standard 3.0
 * top-level directories, macOS's /Users, /Volumes, /Library, /private, and the usual container and CI roots).
 */
const SERVER_ROOTS = new Set([
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'lib64',
  'media',
  'mnt',
  'opt',
  'proc',
  'root',
  'run',
  'sbin',
  'srv',
  'sys',
  'tmp',
  'usr',
  'var',
  'Users',
  'Volumes',
  'Library',
  'System',
  'Applications',
  'private',
  'cygdrive',
  'nix',
  'snap',
  'app',
  'apps',
  'work',
  'workspace',
  'workspaces',
  'builds',
  'data',
  'code',
]);

/** A file name's extension: a dot and 1 to 8 letters or digits at the end of the last segment. */
const FILE_EXTENSION = /\.[a-z0-9]{1,8}$/i;

/** Characters that end a path inside a message (whitespace, quotes, brackets, separators). */
const PATH_CHARS = String.raw`[^\s"'\x60<>|,;()[\]{}]`;

const PATH_PATTERNS: ReadonlyArray<readonly [RegExp, string | ((...match: string[]) => string)]> = [
  // sqlite: and file: URLs name a file (sqlite:///home/x/shop.db, file:///C:/data/x.db), sqlite::memory: none
  [new RegExp(String.raw`\b(sqlite3?|file):(?!:memory:)(?:\/\/)?${PATH_CHARS}+`, 'gi'), `$1:${SCRUBBED_PATH}`],
  // Windows drive paths (C:\nlq\data\shop.db, D:/x/y) and UNC paths (\\server\share\x)
  [new RegExp(String.raw`(^|[^a-z0-9])[a-z]:[\\/]${PATH_CHARS}*`, 'gi'), `$1${SCRUBBED_PATH}`],
  [new RegExp(String.raw`\\\\[^\s\\"'\x60<>|]+\\${PATH_CHARS}*`, 'g'), SCRUBBED_PATH],
  // home-relative paths (~/data/shop.db)
  [new RegExp(String.raw`(^|[\s("'\x60=:,[{])~\/${PATH_CHARS}*`, 'g'), `$1${SCRUBBED_PATH}`],
  // absolute POSIX paths (not a URL's path: it follows a boundary, never a host name), see isServerPath
  [
    new RegExp(String.raw`(^|[\s("'\x60=:,[{])(\/${PATH_CHARS}+)`, 'g'),
    (whole: string, before: string, path: string) => posixPath(before, path),
  ],
];

/** `before` + the scrubbed `path` when it is a server path ({@link isServerPath}), trailing sentence punctuation kept. */
function posixPath(before: string, path: string): string {
  const trailing = /[.:!?]+$/.exec(path)?.[0] ?? '';
  const bare = trailing ? path.slice(0, -trailing.length) : path;
  return isServerPath(bare) ? `${before}${SCRUBBED_PATH}${trailing}` : `${before}${path}`;
}

/**
 * true when an absolute POSIX path of a message names a place on a server: two segments or more, and either its
 * first segment is a filesystem root ({@link SERVER_ROOTS}: /home/x, /work/nlq, /tmp/nlq-1/state.db) or its last
 * names a file with an extension (/srv2/data/shop.db). Routes such as /api/traces/abc or /ws/live stay, and so
 * does the rest of a URL after its scheme (`//user@host/db.sqlite`).
 */
function isServerPath(path: string): boolean {
  if (path.startsWith('//')) return false; // a URL's authority (scheme://user@host/db), not a path
  const segments = path.split('/').filter((s) => s.length > 0);
  if (segments.length < 2) return false;
  return SERVER_ROOTS.has(segments[0]) || FILE_EXTENSION.test(segments[segments.length - 1]);
}

/** A character or word without which none of CREDENTIAL_PATTERNS and PATH_PATTERNS can match. */
const MAY_HOLD_PATTERN = /[/\\:=\n]|bearer|sk-|nlq_/i;

/**
 * `message` with credentials replaced by `***` and server file paths by `[path]`: first every remembered secret
 * ({@link rememberSecrets}) and every form in `extraSecrets` (e.g. one connection's password, as its connection test
 * scrubs its driver's message), then the generic credential shapes (URL passwords, `password=`-style pairs, bearer
 * tokens, provider key shapes, stack frames), then file paths (sqlite:/file: URLs, Windows drive and UNC paths,
 * ~/..., absolute POSIX paths under a filesystem root or naming a file). Used for every HTTP error response and
 * pipeline error text of apps/api, /api/health, and the error text of trace spans and live events.
 */
export function scrubMessage(message: string, extraSecrets: readonly string[] = []): string {
  if (!message) return message;
  if (ordered === null) ordered = [...knownSecrets].sort((a, b) => b.length - a.length);
  let text = message;
  const secrets = extraSecrets.length > 0 ? [...extraSecrets].sort((a, b) => b.length - a.length) : [];
  for (const secret of [...secrets, ...ordered])
    if (secret && text.includes(secret)) text = text.split(secret).join(SCRUBBED_SECRET);
  // Every pattern below needs one of these (a URL's `:`, a pair's `=` or `:`, a path's `/` or `\`, a stack frame's
  // line break, a bearer token or a key prefix): most strings of a trace span's detail have none, and skip them all.
  if (!MAY_HOLD_PATTERN.test(text)) return text;
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) text = text.replace(pattern, replacement);
  for (const [pattern, replacement] of PATH_PATTERNS)
    text = text.replace(pattern, replacement as (...match: string[]) => string);
  return text;
}

/**
 * `value` with every string inside it (at any depth of arrays and plain objects) passed through
 * {@link scrubMessage}; numbers, booleans and null unchanged, keys unchanged. A trace span's `detail` goes through
 * it before it is stored.
 */
export function scrubDeep<T>(value: T): T {
  if (typeof value === 'string') return scrubMessage(value) as T;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v)])) as T;
  }
  return value;
}

/**
 * `event` with the error text of its data scrubbed ({@link scrubMessage}): `data.error` of every event (answer.ready,
 * approval.failed, ...) and `data.response` of an answer.ready whose `success` is false (the response is then the
 * error). Answers, SQL and other fields stay as they are. The same object when there is nothing to scrub.
 */
export function scrubLiveEvent(event: LiveEvent): LiveEvent {
  const { error, response, success } = event.data;
  const scrubError = typeof error === 'string' && error.length > 0;
  const scrubResponse = event.type === 'answer.ready' && success === false && typeof response === 'string';
  if (!scrubError && !scrubResponse) return event;
  return {
    ...event,
    data: {
      ...event.data,
      ...(scrubError ? { error: scrubMessage(error) } : {}),
      ...(scrubResponse ? { response: scrubMessage(response) } : {}),
    },
  };
}
