/**
 * `nlq`, the command line of nlq, for terminal users and scripts:
 *   nlq ask "How many customers are there?"                      embedded pipeline (the api in this process)
 *   nlq ask "..." --url http://localhost:8000 --key $NLQ_API_KEY   a running service, POST /query
 *   nlq approve|reject <session_id> [--url ...]                    decide a pending write (admin mode)
 *   nlq mcp [--url ... --key ...]                                  an MCP server on stdio (docs/mcp.md)
 *   nlq eval --set chinook --limit 10                              tools/eval's runner
 *   nlq benchmark run NAME --url ... --fail-under 0.9               run a benchmark of a running service (CI gate)
 *   nlq knowledge import --dbt PROJECT_DIR --url ...                import a dbt project's semantic layer (docs/knowledge.md)
 *   nlq knowledge export --dbt [--out DIR] --url ...                export the definitions from dbt as MetricFlow YAML
 *   nlq sample-db --out data/shop.db --force                       libs/sample-db's generator
 * Run from the sources with `node -r ./tools/register.js apps/cli/src/main.ts ...`, or as the package's `nlq` bin.
 * Exit codes: 0 ok, 1 failed answer / HTTP error / unreachable service, 2 usage (see {@link USAGE}).
 */
import { parseRequestArguments, USAGE, UsageError } from './cli-arguments';
import { parseBenchmarkArguments, runBenchmark } from './benchmark-command';
import { ask, decide, type CommandOutcome } from './commands';
import { parseKnowledgeArguments, runKnowledgeImport } from './knowledge-command';
import { runKnowledgeExport } from './knowledge-export-command';
import { runMcp } from './mcp-command';
import { DELEGATED_TOOLS, runTool, type DelegatedCommand } from './tool-delegate';
import {
  EmbeddedStartError,
  embeddedTransport,
  httpTransport,
  ServiceUnreachableError,
  type Transport,
} from './transport';
import type { CliOutput } from './cli-output';

export type { CliOutput } from './cli-output';

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * Runs one command line (without `node` and the script) and resolves its exit code: 0 ok, 1 failed answer, HTTP
 * error, unreachable service or failed tool, 2 usage (unknown command or option, missing question, bad setting).
 * Never rejects: unexpected errors are printed and give 1.
 */
export async function runCli(argv: readonly string[], out: CliOutput = processOutput): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined) {
      out.stderr(`${USAGE}\n`);
      return 2;
    }
    if (command === 'help' || command === '--help' || command === '-h') {
      out.stdout(`${USAGE}\n`);
      return 0;
    }
    if (Object.hasOwn(DELEGATED_TOOLS, command)) return await runTool(command as DelegatedCommand, rest);
    if (command === 'mcp') return await runMcp(rest, out);
    if (command === 'benchmark') {
      const args = parseBenchmarkArguments(rest);
      const outcome = await runBenchmark(args, httpTransport(args.url, args.key));
      out.stdout(outcome.stdout);
      out.stderr(outcome.stderr);
      return outcome.code;
    }
    if (command === 'knowledge') {
      const args = parseKnowledgeArguments(rest);
      const transport = httpTransport(args.url, args.key);
      const outcome =
        args.command === 'export'
          ? await runKnowledgeExport(args, transport)
          : await runKnowledgeImport(args, transport);
      out.stdout(outcome.stdout);
      out.stderr(outcome.stderr);
      return outcome.code;
    }
    if (command !== 'ask' && command !== 'approve' && command !== 'reject')
      throw new UsageError(`unknown command ${command}`);
    const args = parseRequestArguments(command, rest);
    if (args.help) {
      out.stdout(`${USAGE}\n`);
      return 0;
    }
    const transport: Transport = args.url !== null ? httpTransport(args.url, args.key) : await embeddedTransport(args);
    let outcome: CommandOutcome;
    try {
      outcome = command === 'ask' ? await ask(args, transport) : await decide(command, args, transport);
    } finally {
      await transport.close();
    }
    if (outcome.stdout) out.stdout(outcome.stdout);
    if (outcome.stderr) out.stderr(outcome.stderr);
    return outcome.code;
  } catch (error) {
    if (error instanceof UsageError) {
      out.stderr(`nlq: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof EmbeddedStartError) {
      out.stderr(`nlq: ${error.message}\n`);
      return error.usage ? 2 : 1;
    }
    if (error instanceof ServiceUnreachableError) {
      out.stderr(`nlq: ${error.message}\n`);
      return 1;
    }
    out.stderr(`nlq: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** Runs `runCli` on this process's arguments and exits with its code once stdout and stderr are flushed. */
export async function main(): Promise<void> {
  const code = await runCli(process.argv.slice(2));
  // stdout is asynchronous on pipes: wait for both streams before exiting (the embedded api may leave timers)
  await Promise.all([
    new Promise((resolve) => process.stdout.write('', resolve)),
    new Promise((resolve) => process.stderr.write('', resolve)),
  ]);
  process.exit(code);
}

if (require.main === module) void main();
