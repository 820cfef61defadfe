import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import os from 'node:os';
import path from 'node:path';
import { isRole, type Role } from '@nlq/contracts';
import { ENV_VARIABLE_NAMES, EnvironmentVariables, type AppEnv } from './environment-variables';
import { oidcSettingsProblems, parseOidcSettings, type OidcSettings } from './oidc-settings';

/** Thrown at start when an environment variable is invalid; the message names every offending variable. */
export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

/** Model provider settings from LLM_*. */
export interface LlmSettings {
  provider: 'offline' | 'ollama' | 'openai' | 'anthropic';
  model: string | null;
  baseUrl: string | null;
  apiKey: string | null;
}

/**
 * The api's resolved configuration, validated once at start (docs/architecture.md "Conventions").
 * Build it with {@link AppConfig.fromEnv}; every value comes from the environment or its documented default
 * (see /.env.example). Paths are absolute; limits are in the units their names say.
 */
export class AppConfig {
  readonly nodeEnv!: string;
  readonly port!: number;
  readonly host!: string;
  readonly mode!: 'user' | 'admin';
  /** null: the query adapter surface needs no key (docs/http-api.md "Contract: authentication" rule 2). */
  readonly serviceApiKey!: string | null;
  /** Absolute DATA_DIR. */
  readonly dataDir!: string;
  readonly queryDatabaseUrl!: string;
  /** Absolute path of the sample shop database when QUERY_DATABASE_URL is the default, else null. */
  readonly sampleDatabasePath!: string | null;
  readonly stateDatabaseUrl!: string;
  /** REDIS_URL, or null: result cache and live events stay in process. */
  readonly redisUrl!: string | null;
  readonly llm!: LlmSettings;
  /** LLM_FALLBACK_*: the cascade's second provider, or null (no cascade). */
  readonly llmFallback!: LlmSettings | null;
  /** LLM_EMBEDDING_MODEL: embeddings for schema linking from LLM_PROVIDER's server (ollama, openai), or null. */
  readonly embeddingModel!: string | null;
  /** ANSWER_MODE: auto (default), template or model. */
  readonly answerMode!: 'auto' | 'template' | 'model';
  /** CONVERSATION_TURNS: earlier turns sent with a question (default 5). */
  readonly conversationTurns!: number;
  /** `*` (any origin) or the explicit list of allowed origins. */
  readonly corsOrigins!: '*' | string[];
  /** WEB_APP_URL without a trailing slash: where the web app is when deployed apart from the api; null: the api's own origin. */
  readonly webAppUrl!: string | null;
  readonly maxQuestionChars!: number;
  readonly maxResultRows!: number;
  readonly statementTimeoutMs!: number;
  readonly maxRetries!: number;
  readonly maxBodyBytes!: number;
  /** MAX_JSON_DEPTH: deepest nesting of a JSON request body. */
  readonly maxJsonDepth!: number;
  /** REPLICA_ID, default `<hostname>:<port>`: executor name of this replica's approved writes. */
  readonly replicaId!: string;
  /** APPROVAL_LEASE_MS: lease of an executing approved write, in ms. */
  readonly approvalLeaseMs!: number;
  /** SHUTDOWN_GRACE_MS: deadline for in-flight work after SIGTERM, in ms. */
  readonly shutdownGraceMs!: number;
  /** BENCHMARK_SCHEDULER_INTERVAL_MS: how often each replica looks for due scheduled benchmark runs, in ms. */
  readonly benchmarkSchedulerIntervalMs!: number;
  /** SCHEDULER_INTERVAL_MS: how often each replica looks for due schedules, in ms. */
  readonly schedulerIntervalMs!: number;
  /** SMTP_URL (a secret: never answered or logged), or null: email targets are refused. */
  readonly smtpUrl!: string | null;
  /** SMTP_FROM, or null: `nlq@<SMTP host>`. */
  readonly smtpFrom!: string | null;
  /** DELIVERY_ALLOWED_HOSTS, lower case; empty: any host but link-local and cloud metadata. */
  readonly deliveryAllowedHosts!: string[];
  /** Requests per caller per minute to the routes that run work; 0: no limit. */
  readonly rateLimitPerMinute!: number;
  /** Wrong keys per client address or key prefix per window before 429 (AUTH_FAILURE_LIMIT); 0: no throttle. */
  readonly authFailureLimit!: number;
  /** The failed-authentication window, in seconds. */
  readonly authFailureWindowSeconds!: number;
  /** Fastify's trustProxy from TRUST_PROXY: false, true, a hop count or a list of addresses/CIDR ranges. */
  readonly trustProxy!: boolean | number | string[];
  readonly logLevel!: string;
  /** LOG_FORMAT: `auto` (pretty on a terminal, JSON otherwise), `json` or `pretty` (platform/logging/logger.factory.ts). */
  readonly logFormat!: 'auto' | 'json' | 'pretty';
  /** User-bound /api keys from USER_API_KEYS (docs/http-api.md "Contract: authentication" rule 4), in the order given. */
  readonly userApiKeys!: ReadonlyArray<{ userId: string; key: string; role: Role }>;
  /** ADAPTER_ROLE: the role of every request of the query adapter surface (default `admin`). */
  readonly adapterRole!: Role;
  /** POSTGRES_RLS_ROLE_PREFIX, or null (off). */
  readonly postgresRlsRolePrefix!: string | null;
  /** ENCRYPTION_KEY, or null: the secret is then kept in DATA_DIR. */
  readonly encryptionKey!: string | null;
  /** CONNECTION_ALLOWED_HOSTS, lower case; may contain `*`. */
  readonly connectionAllowedHosts!: string[];
  /** SQLITE_ALLOWED_DIRS, absolute. */
  readonly sqliteAllowedDirs!: string[];
  /** LLM_ALLOWED_HOSTS, lower case; may contain `*`. */
  readonly llmAllowedHosts!: string[];
  /** Most rows GET /api/export writes. */
  readonly exportMaxRows!: number;
  /** Absolute directory of the built web app (served at / when it exists). */
  readonly webDistDir!: string;
  /** HISTORY_RETENTION_DAYS (default 90): history older than this is pruned (rated and awaiting entries kept); 0: never. */
  readonly historyRetentionDays!: number;
  /** TRACE_RETENTION_DAYS (default 14): traces older than this are pruned (those of awaiting writes kept); 0: never. */
  readonly traceRetentionDays!: number;
  /** STATE_PRUNE_INTERVAL_MINUTES (default 60): minutes between pruning runs. */
  readonly statePruneIntervalMinutes!: number;
  /** Sign-in with OpenID Connect, or null when OIDC_ISSUER_URL is unset (docs/configuration.md "Sign-in"). */
  readonly oidc!: OidcSettings | null;

  private constructor(values: AppConfig) {
    Object.assign(this, values);
    Object.freeze(this);
  }

  /**
   * Validate `env` (normally `process.env`) and resolve defaults. Empty strings count as unset.
   * @throws ConfigValidationError naming each invalid variable.
   */
  static fromEnv(env: AppEnv | NodeJS.ProcessEnv): AppConfig {
    const vars = validatedVariables(env);
    const dataDir = path.resolve(vars.DATA_DIR);
    const defaultQueryPath = path.join(dataDir, 'shop.db');
    const queryDatabaseUrl = vars.QUERY_DATABASE_URL ?? sqliteUrl(defaultQueryPath);
    const corsList = (vars.CORS_ORIGINS ?? '*')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    return new AppConfig({
      nodeEnv: vars.NODE_ENV,
      port: vars.PORT,
      host: vars.HOST,
      mode: vars.SERVICE_MODE,
      serviceApiKey: vars.SERVICE_API_KEY ?? null,
      dataDir,
      queryDatabaseUrl,
      sampleDatabasePath: queryDatabaseUrl === sqliteUrl(defaultQueryPath) ? defaultQueryPath : null,
      stateDatabaseUrl: vars.STATE_DATABASE_URL ?? sqliteUrl(path.join(dataDir, 'state.db')),
      redisUrl: vars.REDIS_URL ?? null,
      ...modelSettings(vars),
      corsOrigins: corsList.length === 0 || corsList.includes('*') ? '*' : corsList,
      webAppUrl: vars.WEB_APP_URL ? vars.WEB_APP_URL.replace(/\/+$/, '') : null,
      maxQuestionChars: vars.MAX_QUESTION_CHARS,
      maxResultRows: vars.MAX_RESULT_ROWS,
      statementTimeoutMs: vars.STATEMENT_TIMEOUT_MS,
      maxRetries: vars.MAX_RETRIES,
      maxBodyBytes: vars.MAX_BODY_BYTES,
      maxJsonDepth: vars.MAX_JSON_DEPTH,
      replicaId: vars.REPLICA_ID ?? `${os.hostname()}:${vars.PORT}`,
      approvalLeaseMs: vars.APPROVAL_LEASE_MS,
      shutdownGraceMs: vars.SHUTDOWN_GRACE_MS,
      benchmarkSchedulerIntervalMs: vars.BENCHMARK_SCHEDULER_INTERVAL_MS,
      schedulerIntervalMs: vars.SCHEDULER_INTERVAL_MS,
      smtpUrl: vars.SMTP_URL ?? null,
      smtpFrom: vars.SMTP_FROM ?? null,
      deliveryAllowedHosts: commaList(vars.DELIVERY_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
      rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
      authFailureLimit: vars.AUTH_FAILURE_LIMIT,
      authFailureWindowSeconds: vars.AUTH_FAILURE_WINDOW_SECONDS,
      trustProxy: parseTrustProxy(vars.TRUST_PROXY),
      logLevel: vars.LOG_LEVEL,
      logFormat: vars.LOG_FORMAT,
      userApiKeys: userApiKeysOf(vars),
      adapterRole: vars.ADAPTER_ROLE,
      postgresRlsRolePrefix: vars.POSTGRES_RLS_ROLE_PREFIX ?? null,
      encryptionKey: vars.ENCRYPTION_KEY ?? null,
      connectionAllowedHosts: commaList(vars.CONNECTION_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
      sqliteAllowedDirs: commaList(vars.SQLITE_ALLOWED_DIRS).map((d) => path.resolve(d)),
      llmAllowedHosts: commaList(vars.LLM_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
      exportMaxRows: vars.EXPORT_MAX_ROWS,
      webDistDir: path.resolve(
        vars.WEB_DIST_DIR ?? path.join(__dirname, '..', '..', '..', '..', '..', 'apps', 'web', 'dist'),
      ),
      historyRetentionDays: vars.HISTORY_RETENTION_DAYS,
      traceRetentionDays: vars.TRACE_RETENTION_DAYS,
      statePruneIntervalMinutes: vars.STATE_PRUNE_INTERVAL_MINUTES,
      oidc: parseOidcSettings(vars),
    } as AppConfig);
  }
}

/**
 * The environment's variables, validated (class-validator rules of EnvironmentVariables, the sign-in settings, and
 * the production key length). Empty strings count as unset.
 * @throws ConfigValidationError naming each invalid variable.
 */
function validatedVariables(env: AppEnv | NodeJS.ProcessEnv): EnvironmentVariables {
  const raw = Object.fromEntries(
    ENV_VARIABLE_NAMES.flatMap((name) => {
      const value = env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const vars = plainToInstance(EnvironmentVariables, raw);
  const errors = validateSync(vars, { forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigValidationError(
      errors.map(
        (e) =>
          `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')} (got ${JSON.stringify(raw[e.property] ?? null)})`,
      ),
    );
  }
  const oidcProblems = oidcSettingsProblems(vars);
  if (oidcProblems.length > 0) throw new ConfigValidationError(oidcProblems);
  if (vars.SMTP_URL !== undefined && !/^smtps?:\/\/[^\s/]+/i.test(vars.SMTP_URL))
    throw new ConfigValidationError(['SMTP_URL: must be smtp://[user:password@]host[:port] or smtps://...']);
  if (
    vars.NODE_ENV === 'production' &&
    vars.SERVICE_API_KEY !== undefined &&
    vars.SERVICE_API_KEY.length < MIN_PRODUCTION_KEY_CHARS
  ) {
    throw new ConfigValidationError([
      `SERVICE_API_KEY: must be at least ${MIN_PRODUCTION_KEY_CHARS} characters when NODE_ENV=production (got ${vars.SERVICE_API_KEY.length}); generate one with: openssl rand -base64 32`,
    ]);
  }
  return vars;
}

/** USER_API_KEYS as user id, key and role. @throws ConfigValidationError when one names the reserved user `service`. */
function userApiKeysOf(vars: EnvironmentVariables): AppConfig['userApiKeys'] {
  const keys = (vars.USER_API_KEYS ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map(parseUserApiKey);
  if (keys.some((k) => k.userId === 'service'))
    throw new ConfigValidationError(['USER_API_KEYS: the user id "service" is reserved for the service key']);
  return keys;
}

/** The model settings: the provider, its cascade fallback, the embedding model, the answer mode and the turns sent. */
function modelSettings(
  vars: EnvironmentVariables,
): Pick<AppConfig, 'llm' | 'llmFallback' | 'embeddingModel' | 'answerMode' | 'conversationTurns'> {
  return {
    llm: {
      provider: vars.LLM_PROVIDER,
      model: vars.LLM_MODEL ?? null,
      baseUrl: vars.LLM_BASE_URL ?? null,
      apiKey: vars.LLM_API_KEY ?? null,
    },
    llmFallback: vars.LLM_FALLBACK_PROVIDER
      ? {
          provider: vars.LLM_FALLBACK_PROVIDER,
          model: vars.LLM_FALLBACK_MODEL ?? null,
          baseUrl: vars.LLM_FALLBACK_BASE_URL ?? null,
          apiKey: vars.LLM_FALLBACK_API_KEY ?? null,
        }
      : null,
    embeddingModel: vars.LLM_EMBEDDING_MODEL ?? null,
    answerMode: vars.ANSWER_MODE,
    conversationTurns: vars.CONVERSATION_TURNS,
  };
}

/**
 * Why the api process must not listen with `config`, or null when it may: an interface other machines reach
 * (not loopback) while the query adapter has no key (SERVICE_API_KEY unset) would open /query, /session and
 * /approve to the network. Checked by the api process before it listens; an embedded query adapter listens in its
 * host's server and is the host's to guard (docs/configuration.md `HOST`).
 */
export function listenRefusal(config: Pick<AppConfig, 'host' | 'serviceApiKey'>): string | null {
  if (isLoopbackHost(config.host) || config.serviceApiKey !== null) return null;
  return `HOST: ${config.host} is reachable from other machines while the query adapter (/query, /session, /approve) is open: set SERVICE_API_KEY to require X-API-Key there, or HOST=127.0.0.1 to listen on this machine only`;
}

/**
 * Whether `host` names this machine only: `localhost`, an IPv4 address in 127.0.0.0/8 or `::1` (RFC 1122 3.2.1.3,
 * RFC 4291 2.5.3). `0.0.0.0`, `::` and any other address or name listen where other machines can connect.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Shortest SERVICE_API_KEY accepted when NODE_ENV=production (192 bits of base64; nlq's own keys have 256). */
export const MIN_PRODUCTION_KEY_CHARS = 24;

/**
 * TRUST_PROXY as Fastify's trustProxy option (https://fastify.dev/docs/latest/Reference/Server/#trustproxy):
 * unset, `false`, `off` -> false; `true`, `on` -> true; digits -> that many hops; else the comma list of addresses or
 * CIDR ranges of the proxies to trust.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'off') return false;
  if (v === 'true' || v === 'on') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return commaList(v);
}

/** The trimmed, non-empty items of a comma list (empty for undefined). */
function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `sqlite:///abs/path` for an absolute POSIX file path (three slashes: empty host, then the absolute path). */
export function sqliteUrl(absolutePath: string): string {
  return `sqlite://${absolutePath}`;
}

/**
 * One USER_API_KEYS entry, `user:key` or `user:key:role`: a last `:`-segment naming a role (contracts ROLES) is the
 * key's role when the key before it keeps 16+ characters; otherwise the whole rest is the key and the role `viewer`.
 */
export function parseUserApiKey(pair: string): { userId: string; key: string; role: Role } {
  const userId = pair.slice(0, pair.indexOf(':'));
  const rest = pair.slice(pair.indexOf(':') + 1);
  const last = rest.lastIndexOf(':');
  const role = last >= 16 ? rest.slice(last + 1) : '';
  if (isRole(role)) return { userId, key: rest.slice(0, last), role };
  return { userId, key: rest, role: 'viewer' };
}
