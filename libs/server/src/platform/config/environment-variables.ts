import { Type } from 'class-transformer';
import { OIDC_VARIABLE_NAMES } from './oidc-settings';
import { ROLES, type Role } from '@nlq/contracts';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';

/** Names of every environment variable the api reads (documented with defaults in /.env.example). */
export const ENV_VARIABLE_NAMES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'SERVICE_MODE',
  'SERVICE_API_KEY',
  'DATA_DIR',
  'QUERY_DATABASE_URL',
  'STATE_DATABASE_URL',
  'REDIS_URL',
  'LLM_PROVIDER',
  'LLM_MODEL',
  'LLM_BASE_URL',
  'LLM_API_KEY',
  'LLM_FALLBACK_PROVIDER',
  'LLM_FALLBACK_MODEL',
  'LLM_FALLBACK_BASE_URL',
  'LLM_FALLBACK_API_KEY',
  'LLM_EMBEDDING_MODEL',
  'ANSWER_MODE',
  'CONVERSATION_TURNS',
  'CORS_ORIGINS',
  'WEB_APP_URL',
  'MAX_QUESTION_CHARS',
  'MAX_RESULT_ROWS',
  'STATEMENT_TIMEOUT_MS',
  'MAX_RETRIES',
  'MAX_BODY_BYTES',
  'MAX_JSON_DEPTH',
  'REPLICA_ID',
  'APPROVAL_LEASE_MS',
  'SHUTDOWN_GRACE_MS',
  'BENCHMARK_SCHEDULER_INTERVAL_MS',
  'SCHEDULER_INTERVAL_MS',
  'SMTP_URL',
  'SMTP_FROM',
  'DELIVERY_ALLOWED_HOSTS',
  'RATE_LIMIT_PER_MINUTE',
  'AUTH_FAILURE_LIMIT',
  'AUTH_FAILURE_WINDOW_SECONDS',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'USER_API_KEYS',
  'ADAPTER_ROLE',
  'POSTGRES_RLS_ROLE_PREFIX',
  'ENCRYPTION_KEY',
  'CONNECTION_ALLOWED_HOSTS',
  'SQLITE_ALLOWED_DIRS',
  'LLM_ALLOWED_HOSTS',
  'EXPORT_MAX_ROWS',
  'WEB_DIST_DIR',
  'HISTORY_RETENTION_DAYS',
  'TRACE_RETENTION_DAYS',
  'STATE_PRUNE_INTERVAL_MINUTES',
  ...OIDC_VARIABLE_NAMES,
] as const;

export type EnvVariableName = (typeof ENV_VARIABLE_NAMES)[number];

/** A partial environment: what `createApp(overrides)` accepts and what `process.env` provides. */
export type AppEnv = Partial<Record<EnvVariableName, string>>;

export const SERVICE_MODES = ['user', 'admin'] as const;
export const LLM_PROVIDERS = ['offline', 'ollama', 'openai', 'anthropic'] as const;
/** Who words answers: a template where it is exact and the model otherwise (auto), always a template, always the model. */
export const ANSWER_MODES = ['auto', 'template', 'model'] as const;
/** pino's level names (https://getpino.io/#/docs/api?id=level-string). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** How log lines are written: pretty on a terminal and JSON otherwise (auto), or always one of them. */
export const LOG_FORMAT_SETTINGS = ['auto', 'json', 'pretty'] as const;

/**
 * The raw environment as class-validator checks it, one property per variable, named exactly like the variable so
 * every validation message names it (e.g. "PORT must not be greater than 65535"). Numbers arrive as strings and are
 * converted by class-transformer; unset or empty variables take the defaults below.
 */
export class EnvironmentVariables {
  @IsOptional()
  @IsString()
  NODE_ENV: string = 'development';

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 8000;

  /**
   * Loopback by default, so the embedded default (open query adapter, sample data) is not reachable from the network;
   * another interface needs SERVICE_API_KEY (checked in AppConfig.fromEnv, docs/configuration.md "Listening").
   */
  @IsString()
  @IsNotEmpty()
  HOST: string = '127.0.0.1';

  @IsIn(SERVICE_MODES)
  SERVICE_MODE: (typeof SERVICE_MODES)[number] = 'user';

  /**
   * Unset: the query adapter surface is open (docs/http-api.md "Contract: authentication" rule 2). 8+ characters; 24+ when NODE_ENV=production (a short key
   * can be guessed; OWASP Authentication Cheat Sheet), checked in AppConfig.fromEnv.
   */
  @IsOptional()
  @IsString()
  @MinLength(8)
  SERVICE_API_KEY?: string;

  @IsString()
  @IsNotEmpty()
  DATA_DIR: string = './data';

  @IsOptional()
  @Matches(/^[a-z][a-z0-9+.-]*:/i, {
    message: 'QUERY_DATABASE_URL must be a URL such as sqlite:///path/shop.db or postgres://user@host/db',
  })
  QUERY_DATABASE_URL?: string;

  @IsOptional()
  @Matches(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/i, {
    message: 'STATE_DATABASE_URL must start with sqlite: (e.g. sqlite:///abs/path/state.db) or postgres://',
  })
  STATE_DATABASE_URL?: string;

  /** Redis for the result cache and live-event fan-out across api replicas (docs/architecture.md "State and scale"). */
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/i, {
    message: 'REDIS_URL must be a redis:// or rediss:// URL (e.g. redis://127.0.0.1:6379/0)',
  })
  REDIS_URL?: string;

  @IsIn(LLM_PROVIDERS)
  LLM_PROVIDER: (typeof LLM_PROVIDERS)[number] = 'offline';

  @IsOptional()
  @IsString()
  LLM_MODEL?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/i, { message: 'LLM_BASE_URL must be an http(s) URL' })
  LLM_BASE_URL?: string;

  @IsOptional()
  @IsString()
  LLM_API_KEY?: string;

  /** Second provider of the local-first cascade: a question whose first SQL fails escalates to it once. */
  @IsOptional()
  @IsIn(LLM_PROVIDERS)
  LLM_FALLBACK_PROVIDER?: (typeof LLM_PROVIDERS)[number];

  @IsOptional()
  @IsString()
  LLM_FALLBACK_MODEL?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/i, { message: 'LLM_FALLBACK_BASE_URL must be an http(s) URL' })
  LLM_FALLBACK_BASE_URL?: string;

  @IsOptional()
  @IsString()
  LLM_FALLBACK_API_KEY?: string;

  /** Embedding model of LLM_PROVIDER's server (ollama or openai) for semantic schema linking; unset: lexical only. */
  @IsOptional()
  @IsString()
  LLM_EMBEDDING_MODEL?: string;

  @IsIn(ANSWER_MODES)
  ANSWER_MODE: (typeof ANSWER_MODES)[number] = 'auto';

  /** Earlier answered turns of the session sent with a question (0: none). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(20)
  CONVERSATION_TURNS: number = 5;

  /** Comma-separated origins, or `*`. Required when NODE_ENV=production (docs/architecture.md "Security"). */
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.CORS_ORIGINS !== undefined)
  @IsString()
  @IsNotEmpty({ message: 'CORS_ORIGINS must be set (comma-separated origins) when NODE_ENV=production' })
  CORS_ORIGINS?: string;

  /**
   * The web app's public base URL when it is deployed apart from the api (e.g. https://nlq.example.com); links to
   * it use it: the MCP `ask` tool's approval link (docs/mcp.md). Default: the api's own origin, which serves the web app.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i, {
    message: 'WEB_APP_URL must be an http(s) URL without query or fragment (e.g. https://nlq.example.com)',
  })
  WEB_APP_URL?: string;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  MAX_QUESTION_CHARS: number = 2000;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  MAX_RESULT_ROWS: number = 1000;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  STATEMENT_TIMEOUT_MS: number = 10_000;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10)
  MAX_RETRIES: number = 3;

  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(100 * 1024 * 1024)
  MAX_BODY_BYTES: number = 65_536;

  /** Deepest nesting of objects and arrays a JSON request body may have; deeper bodies answer 400 before parsing. */
  @Type(() => Number)
  @IsInt()
  @Min(2)
  @Max(1000)
  MAX_JSON_DEPTH: number = 32;

  /**
   * This replica's name as the executor of approved writes (docs/architecture.md "Approval"); keep it stable across restarts
   * and distinct per replica. Default: `<hostname>:<PORT>`.
   */
  @IsOptional()
  @Matches(/^[\w.:@-]{1,128}$/, { message: 'REPLICA_ID must be 1-128 letters, digits or . : @ _ -' })
  REPLICA_ID?: string;

  /** How long an approved write's claim holds without renewal, in ms; past it another replica marks it interrupted. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  APPROVAL_LEASE_MS: number = 30_000;

  /** On SIGTERM, how long in-flight requests and approved writes may take to finish before the process exits, in ms. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_GRACE_MS: number = 10_000;

  /**
   * How often each replica looks for scheduled benchmark runs that are due, in ms (docs/http-api.md "Benchmarks",
   * "Runs on a schedule"); a small value makes tests fast.
   */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(3_600_000)
  BENCHMARK_SCHEDULER_INTERVAL_MS: number = 30_000;

  /**
   * How often each replica looks for schedules (saved answers and boards delivered on a cron) that are due, in ms
   * (docs/http-api.md "Schedules and alerts"); a small value makes tests fast.
   */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(3_600_000)
  SCHEDULER_INTERVAL_MS: number = 30_000;

  /**
   * SMTP server of scheduled emails, `smtp://user:pass@host:587` or `smtps://...:465` (nodemailer). A secret: its
   * shape is checked in AppConfig.fromEnv with a message that never repeats the value.
   */
  @IsOptional()
  @IsString()
  SMTP_URL?: string;

  /** Sender address of scheduled emails (default `nlq@<SMTP host>`). */
  @IsOptional()
  @IsString()
  SMTP_FROM?: string;

  /** Hosts (names or addresses, `*.example.com` for subdomains) scheduled webhooks may reach; unset: any host but link-local and cloud metadata. */
  @IsOptional()
  @IsString()
  DELIVERY_ALLOWED_HOSTS?: string;

  /**
   * Requests a caller may make per minute to the routes that run work (POST /query, /api/chat, approve, reject,
   * feedback); 0 disables the limit (docs/architecture.md "Errors": 429).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  RATE_LIMIT_PER_MINUTE: number = 120;

  /**
   * Wrong X-API-Key values one client address (or one key prefix) may send per AUTH_FAILURE_WINDOW_SECONDS before
   * its key-carrying requests get 429 until the window ends; 0 disables the throttle.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100_000)
  AUTH_FAILURE_LIMIT: number = 10;

  /** Length of the failed-authentication window, in seconds. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86_400)
  AUTH_FAILURE_WINDOW_SECONDS: number = 300;

  /**
   * Fastify's trustProxy (https://fastify.dev/docs/latest/Reference/Server/#trustproxy): `false`/`off` (default),
   * `true` (trust every hop), a hop count, or a comma list of proxy addresses or CIDR ranges. Decides which
   * X-Forwarded-For entry is the client address the rate limit, the auth throttle and the logs see.
   */
  @IsOptional()
  @Matches(/^(true|false|on|off|\d{1,3}|[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*)$/i, {
    message:
      'TRUST_PROXY must be off, true, a hop count (e.g. 1) or a comma list of proxy addresses/CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)',
  })
  TRUST_PROXY?: string;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /** `auto` (default): human-readable lines when stdout is a terminal, JSON lines otherwise; `json` or `pretty` force one. */
  @IsIn(LOG_FORMAT_SETTINGS)
  LOG_FORMAT: (typeof LOG_FORMAT_SETTINGS)[number] = 'auto';

  /**
   * User-bound keys of the /api surface (docs/http-api.md "Contract: authentication" rule 4): `alice:<key>,bob:<key>`, each key 16+ characters; a trailing
   * `:<role>` (viewer, analyst, approver, admin) gives the key that role, else it is `viewer` (`ana:<key>:analyst`).
   */
  @IsOptional()
  @Matches(/^\s*[^:,\s]{1,128}:[^,\s]{16,}\s*(,\s*[^:,\s]{1,128}:[^,\s]{16,}\s*)*$/, {
    message:
      'USER_API_KEYS must be a comma list of user:key pairs, each key 16+ characters (e.g. alice:<key>,bob:<key>)',
  })
  USER_API_KEYS?: string;

  /**
   * The role the query adapter surface (/query, /approve, /reject, /feedback, /session) acts as: `admin` by default;
   * another role's data policy then applies to every /query (docs/http-api.md "Roles and data policies").
   */
  @IsIn(ROLES)
  ADAPTER_ROLE: Role = 'admin';

  /**
   * PostgreSQL row-level security: when set (e.g. `nlq_`), each read on a PostgreSQL connection runs under
   * `SET LOCAL ROLE <prefix><role>` with `nlq.user_id` and `nlq.user_<attribute>` set for its transaction
   * (docs/http-api.md "Roles and data policies"). A PostgreSQL role name prefix: letters, digits and `_`.
   */
  @IsOptional()
  @Matches(/^[A-Za-z_][A-Za-z0-9_]{0,40}$/, { message: 'POSTGRES_RLS_ROLE_PREFIX must be letters, digits and _' })
  POSTGRES_RLS_ROLE_PREFIX?: string;

  /** Secret from which the key encrypting stored passwords and model API keys is derived (16+ characters). */
  @IsOptional()
  @IsString()
  @MinLength(16)
  ENCRYPTION_KEY?: string;

  /** Extra database hosts a connection URL may name (comma list; `*` allows every host). */
  @IsOptional()
  @IsString()
  CONNECTION_ALLOWED_HOSTS?: string;

  /** Extra directories (comma list of absolute paths) where SQLite connection files may live, besides DATA_DIR. */
  @IsOptional()
  @IsString()
  SQLITE_ALLOWED_DIRS?: string;

  /** Extra model hosts an LLM base URL may name (comma list; `*` allows every host). */
  @IsOptional()
  @IsString()
  LLM_ALLOWED_HOSTS?: string;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  EXPORT_MAX_ROWS: number = 100_000;

  /** Built web app served at / (default apps/web/dist of this checkout; skipped when absent). */
  @IsOptional()
  @IsString()
  WEB_DIST_DIR?: string;

  /**
   * Days a history entry is kept (docs/operations.md "State retention"); older ones are pruned, except rated questions (feedback
   * and the entries it rates: the few-shot examples) and writes still awaiting approval. 0 keeps history forever.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(36_500)
  HISTORY_RETENTION_DAYS: number = 90;

  /** Days a trace is kept; older ones are pruned, except traces of writes still awaiting approval. 0: forever. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(36_500)
  TRACE_RETENTION_DAYS: number = 14;

  /** Minutes between two pruning runs of the state database (the first runs a minute after start). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1440)
  STATE_PRUNE_INTERVAL_MINUTES: number = 60;

  /** Sign-in with OpenID Connect (docs/configuration.md "Sign-in"); checked by parseOidcSettings. */
  @IsOptional() @IsString() OIDC_ISSUER_URL?: string;
  @IsOptional() @IsString() OIDC_CLIENT_ID?: string;
  @IsOptional() @IsString() OIDC_CLIENT_SECRET?: string;
  @IsOptional() @IsString() OIDC_REDIRECT_URL?: string;
  @IsOptional() @IsString() OIDC_SCOPES?: string;
  @IsOptional() @IsString() OIDC_GROUPS_CLAIM?: string;
  @IsOptional() @IsString() OIDC_ROLE_GROUPS?: string;
  @IsOptional() @IsString() OIDC_ATTRIBUTE_CLAIMS?: string;
  @IsOptional() @IsString() OIDC_SESSION_HOURS?: string;
}
