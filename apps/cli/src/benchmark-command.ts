import type { Benchmark, BenchmarkList, BenchmarkRun, ErrorResponse } from '@nlq/contracts';
import { parseArgs } from 'node:util';
import { UsageError } from './cli-arguments';
import { runningService, withUsageErrors, type RunningService } from './running-service';
import type { CommandOutcome } from './commands';
import type { Transport } from './transport';

/** Options of `nlq benchmark run NAME` (docs/http-api.md "Benchmarks"). */
export interface BenchmarkArguments extends RunningService {
  name: string;
  /** Accuracy (0 to 1) under which the command exits 1; null: never fails on accuracy. */
  failUnder: number | null;
  json: boolean;
}

/**
 * Parses the arguments after `benchmark`: `run NAME [--url URL] [--key KEY] [--connection ID] [--fail-under 0.9]
 * [--json]`; `env` supplies NLQ_URL and NLQ_API_KEY. Benchmarks live in a service's state store, so a URL is needed.
 * @throws UsageError for another subcommand, no name, no URL, a non-http(s) URL or a threshold outside 0 to 1.
 */
export function parseBenchmarkArguments(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): BenchmarkArguments {
  const { values, positionals } = withUsageErrors(() =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        connection: { type: 'string' },
        'fail-under': { type: 'string' },
        json: { type: 'boolean' },
      },
    }),
  );
  const [sub, ...words] = positionals;
  if (sub !== 'run') throw new UsageError('nlq benchmark run NAME [--url URL --key KEY] [--fail-under 0.9]');
  const name = words.join(' ').trim();
  if (!name) throw new UsageError('nlq benchmark run needs the name of a benchmark');
  const service = runningService(values, env, 'nlq benchmark run');
  const failUnder = values['fail-under'] === undefined ? null : Number(values['fail-under']);
  if (failUnder !== null && !(failUnder >= 0 && failUnder <= 1))
    throw new UsageError(`--fail-under must be a number from 0 to 1, not ${values['fail-under']}`);
  return {
    name,
    ...service,
    failUnder,
    json: values.json ?? false,
  };
}

/**
 * `nlq benchmark run NAME`: finds the benchmark by name (in --connection when given; a name in several connections
 * needs it), runs it (POST /api/benchmarks/{id}/runs) and prints one line a question (status, reasons, question),
 * the accuracy and the regressions with the configuration change behind them. Exit 1 when the accuracy is under
 * `failUnder`, on an HTTP error or an unknown name; else 0. With `json`, stdout is the run as JSON.
 */
export async function runBenchmark(args: BenchmarkArguments, transport: Transport): Promise<CommandOutcome> {
  const query = args.connection ? `?connection_id=${encodeURIComponent(args.connection)}` : '';
  const listed = await transport.request('GET', `/api/benchmarks${query}`);
  if (listed.status !== 200) return httpError(listed.body);
  const matches = (listed.body as BenchmarkList).items.filter((b: Benchmark) => b.name === args.name);
  if (matches.length !== 1) {
    const why = matches.length === 0 ? 'no benchmark is named' : 'several connections have a benchmark named';
    const hint = matches.length === 0 ? '' : ' (choose one with --connection)';
    return { code: 1, stdout: '', stderr: `nlq: ${why} "${args.name}"${hint}\n` };
  }
  const answer = await transport.request('POST', `/api/benchmarks/${encodeURIComponent(matches[0].id)}/runs`, {});
  if (answer.status !== 201 && answer.status !== 200) return httpError(answer.body);
  const run = answer.body as BenchmarkRun;
  const failed = args.failUnder !== null && run.accuracy < args.failUnder;
  return {
    code: failed ? 1 : 0,
    stdout: args.json ? `${JSON.stringify(run, null, 2)}\n` : summary(run, args),
    stderr: '',
  };
}

/** The summary table: one line a question, then accuracy, threshold and regressions. */
export function summary(run: BenchmarkRun, args: Pick<BenchmarkArguments, 'failUnder'>): string {
  const statusWidth = Math.max(6, ...run.results.map((r) => r.status.length));
  const reasons = run.results.map((r) => r.reasons.join(','));
  const reasonWidth = Math.max(7, ...reasons.map((r) => r.length));
  const line = (a: string, b: string, c: string) => `${a.padEnd(statusWidth)}  ${b.padEnd(reasonWidth)}  ${c}\n`;
  let text = line('status', 'reasons', 'question');
  run.results.forEach((r, i) => (text += line(r.status, reasons[i] || '-', r.question)));
  const threshold =
    args.failUnder === null
      ? ''
      : `, threshold ${args.failUnder} ${run.accuracy < args.failUnder ? 'FAILED' : 'passed'}`;
  text += `\naccuracy ${run.accuracy.toFixed(3)} (${run.right}/${run.total})${threshold}\n`;
  for (const r of run.regressions) text += `regression: "${r.question}" was ${r.before}, now ${r.now}\n`;
  if (run.regressions.length > 0 && run.changes.length > 0)
    text += `changed since the previous run: ${run.changes.map((c) => c.part).join(', ')}\n`;
  return text;
}

function httpError(body: unknown): CommandOutcome {
  const e = body as Partial<ErrorResponse> | null;
  const message =
    e && typeof e === 'object' ? `${e.message ?? 'request failed'} (${e.code ?? e.statusCode})` : String(body);
  return { code: 1, stdout: '', stderr: `nlq: ${message}\n` };
}
