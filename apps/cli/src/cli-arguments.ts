import { parseArgs } from 'node:util';

/** A command line the CLI cannot run: printed with the usage text, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Usage text of `nlq` (docs/embedding.md "Command line"). */
export const USAGE = `usage: nlq <command> [options]

commands:
  ask "question" [--url URL] [--key KEY] [--database URL] [--data-dir DIR] [--user ID] [--json]
      Answer a question. Without --url the pipeline runs embedded (the api's settings from the environment:
      QUERY_DATABASE_URL, LLM_PROVIDER, ...; --database and --data-dir override QUERY_DATABASE_URL and DATA_DIR);
      with --url it asks a running service (POST /query), sending --key as X-API-Key.
  approve <session_id> [--url URL] [--key KEY] [--database URL] [--data-dir DIR] [--json]
  reject <session_id>  [--url URL] [--key KEY] [--database URL] [--data-dir DIR] [--json]
      Decide the session's pending SQL (docs/http-api.md "Contract: query adapter" rule 2).
  mcp [--url URL] [--key KEY] [--database URL] [--data-dir DIR]
      nlq as a Model Context Protocol server on stdin/stdout (docs/mcp.md), for Claude Desktop, VS Code and other
      MCP clients: the tools of a running service's /mcp (--url, --key as X-API-Key), or without --url of an api
      embedded in this process (the settings of nlq ask; its log lines go to stderr).
  benchmark run NAME [--url URL] [--key KEY] [--connection ID] [--fail-under 0.9] [--json]
      Run a benchmark of a running service (POST /api/benchmarks/{id}/runs, service key) and print one line a
      question (status, reasons) and the accuracy; exit 1 when the accuracy is under --fail-under.
  knowledge import --dbt PROJECT_DIR [--url URL] [--key KEY] [--connection ID] [--partial] [--table model=table]
      Import a dbt project's semantic layer (its models/**/*.yml) into a running service's knowledge
      (POST /api/knowledge/import, format dbt, service key): one line a definition imported or a part skipped.
  knowledge export --dbt [--out DIR] [--url URL] [--key KEY] [--connection ID]
      The definitions imported from dbt, with their edits in nlq, as MetricFlow YAML (GET /api/knowledge/export,
      format dbt): printed, or written to DIR/models/semantic_layer.yml.
  eval [options]       the evaluation runner (tools/eval), options as npm run eval, e.g. nlq eval --set chinook
                       --limit 10 (an unknown option prints its full usage)
  sample-db [options]  the sample database generator (libs/sample-db): nlq sample-db --help
  help                 this text

environment: NLQ_URL and NLQ_API_KEY stand in for --url and --key.
exit codes: 0 answered, 1 failed answer, HTTP error or unreachable service, 2 usage.`;

/** Options of `nlq ask` and of `nlq approve` / `nlq reject` (whose `text` is the session id). */
export interface RequestArguments {
  /** The question (ask) or the session id (approve, reject). */
  text: string;
  /** Base URL of a running service (no trailing slash), or null for the embedded pipeline. */
  url: string | null;
  /** X-API-Key for the service, or null. */
  key: string | null;
  /** QUERY_DATABASE_URL of the embedded pipeline, or null for the api's default. */
  database: string | null;
  /** DATA_DIR of the embedded pipeline, or null for the api's default. */
  dataDir: string | null;
  /** user_id of the question (its session id, docs/http-api.md "Contract: query adapter" rule 1), or null for the api's default rest_user. */
  user: string | null;
  json: boolean;
  help: boolean;
}

/**
 * Parses the arguments after `ask`, `approve` or `reject` (`--name value` and `--name=value`; positionals are the
 * question's words). `env` supplies NLQ_URL and NLQ_API_KEY. Throws {@link UsageError} on an unknown option, a
 * missing value, no question, a URL that is not http(s), or embedded-only options given with --url.
 */
export function parseRequestArguments(
  command: 'ask' | 'approve' | 'reject',
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): RequestArguments {
  const { values, positionals } = parseOptions(argv);
  const text = positionals.join(' ').trim();
  const result: RequestArguments = {
    text,
    ...target(values, env),
    user: values.user ?? null,
    json: values.json ?? false,
    help: values.help ?? false,
  };
  if (result.help) return result;
  if (!text)
    throw new UsageError(
      command === 'ask'
        ? 'nlq ask needs a question, e.g. nlq ask "How many customers are there?"'
        : `nlq ${command} needs a session id`,
    );
  if (command !== 'ask' && (positionals.length > 1 || result.user !== null))
    throw new UsageError(`nlq ${command} takes one session id (and no --user)`);
  checkTarget(result, values.key !== undefined);
  return result;
}

/** Options of `nlq mcp`: where the MCP tools run (a running service, or the embedded api). */
export type McpArguments = Pick<RequestArguments, 'url' | 'key' | 'database' | 'dataDir' | 'help'>;

/**
 * Parses the arguments after `mcp` (no positionals, no --user or --json); `env` supplies NLQ_URL and NLQ_API_KEY.
 * Throws {@link UsageError} like {@link parseRequestArguments} for an unknown option, a URL that is not http(s),
 * embedded-only options with --url, or --key without --url.
 */
export function parseMcpArguments(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): McpArguments {
  const { values, positionals } = parseOptions(argv);
  const result: McpArguments = { ...target(values, env), help: values.help ?? false };
  if (result.help) return result;
  if (positionals.length > 0 || values.user !== undefined || values.json !== undefined)
    throw new UsageError('nlq mcp takes no question, --user or --json (the MCP client asks through the tools)');
  checkTarget(result, values.key !== undefined);
  return result;
}

/** The rules shared by every command that reaches nlq: an http(s) --url, embedded-only options without it, --key only with it. */
function checkTarget(result: Pick<RequestArguments, 'url' | 'database' | 'dataDir'>, keyGiven: boolean): void {
  if (result.url !== null && !/^https?:\/\/\S+$/i.test(result.url))
    throw new UsageError(`--url must be an http(s) URL such as http://localhost:8000, not ${result.url}`);
  if (result.url !== null && (result.database !== null || result.dataDir !== null)) {
    throw new UsageError(
      '--database and --data-dir configure the embedded pipeline; a running service (--url) uses its own settings',
    );
  }
  if (result.url === null && keyGiven) throw new UsageError('--key is the key of a running service: give --url too');
}

/** --url (or NLQ_URL, without trailing slashes), --key (or NLQ_API_KEY), --database and --data-dir. */
function target(
  values: ReturnType<typeof parse>['values'],
  env: NodeJS.ProcessEnv,
): Pick<RequestArguments, 'url' | 'key' | 'database' | 'dataDir'> {
  return {
    url: (values.url ?? env.NLQ_URL ?? '').replace(/\/+$/, '') || null,
    key: values.key ?? env.NLQ_API_KEY ?? null,
    database: values.database ?? null,
    dataDir: values['data-dir'] ?? null,
  };
}

/** The options and positionals of `argv`; a parse failure (unknown option, missing value) is a {@link UsageError}. */
function parseOptions(argv: readonly string[]): ReturnType<typeof parse> {
  try {
    return parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      database: { type: 'string' },
      'data-dir': { type: 'string' },
      user: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
