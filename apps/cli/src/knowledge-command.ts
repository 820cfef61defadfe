import type { DbtImportResult, ErrorResponse } from '@nlq/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from './cli-arguments';
import { runningService, withUsageErrors, type RunningService } from './running-service';
import type { CommandOutcome } from './commands';
import type { Transport } from './transport';

/** Options of `nlq knowledge import --dbt PROJECT_DIR` (docs/knowledge.md "dbt semantic layer"). */
export interface KnowledgeImportArguments extends RunningService {
  command: 'import';
  dir: string;
  partial: boolean;
  /** `--table model=table`, repeatable: the connection's table of a dbt model. */
  tables: Map<string, string>;
}

/** Options of `nlq knowledge export --dbt [--out DIR]` (docs/knowledge.md "Export to dbt"). */
export interface KnowledgeExportArguments extends RunningService {
  command: 'export';
  /** The folder whose `models/semantic_layer.yml` receives the YAML; null to print it. */
  out: string | null;
}

const KNOWLEDGE_USAGE =
  'nlq knowledge import --dbt PROJECT_DIR [--url URL --key KEY] [--partial] | nlq knowledge export --dbt [--out DIR]';

/**
 * Parses the arguments after `knowledge`: `import --dbt DIR [--url URL] [--key KEY] [--connection ID] [--partial]
 * [--table model=table ...]` or `export --dbt [--out DIR] [--url URL] [--key KEY] [--connection ID]`; `env` supplies
 * NLQ_URL and NLQ_API_KEY.
 * @throws UsageError for another subcommand, no --dbt, no http(s) URL, a --table without `=`, or an option of the
 *   other subcommand.
 */
export function parseKnowledgeArguments(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): KnowledgeImportArguments | KnowledgeExportArguments {
  if (argv[0] === 'export') return parseExportArguments(argv.slice(1), env);
  const { values, positionals } = withUsageErrors(() =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        dbt: { type: 'string' },
        url: { type: 'string' },
        key: { type: 'string' },
        connection: { type: 'string' },
        partial: { type: 'boolean' },
        table: { type: 'string', multiple: true },
      },
    }),
  );
  if (positionals[0] !== 'import' || !values.dbt) throw new UsageError(KNOWLEDGE_USAGE);
  const service = runningService(values, env, 'nlq knowledge import');
  const tables = new Map<string, string>();
  for (const pair of values.table ?? []) {
    const [model, table] = pair.split('=', 2);
    if (!model || !table) throw new UsageError(`--table must be model=table, not ${pair}`);
    tables.set(model, table);
  }
  return {
    command: 'import',
    dir: values.dbt,
    ...service,
    partial: values.partial ?? false,
    tables,
  };
}

/** `export --dbt [--out DIR] [--url URL] [--key KEY] [--connection ID]`. @throws UsageError without --dbt. */
function parseExportArguments(argv: readonly string[], env: NodeJS.ProcessEnv): KnowledgeExportArguments {
  const { values, positionals } = withUsageErrors(() =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        dbt: { type: 'boolean' },
        out: { type: 'string' },
        url: { type: 'string' },
        key: { type: 'string' },
        connection: { type: 'string' },
      },
    }),
  );
  if (!values.dbt || positionals.length > 0) throw new UsageError(KNOWLEDGE_USAGE);
  return { command: 'export', ...runningService(values, env, 'nlq knowledge export'), out: values.out ?? null };
}

/** The `models/**\/*.yml` (and `.yaml`) files of a dbt project, sorted, concatenated as YAML documents. */
export function readDbtProject(dir: string): string {
  const root = path.join(dir, 'models');
  if (!fs.existsSync(root)) throw new UsageError(`${dir} has no models folder (a dbt project's models/**/*.yml)`);
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.ya?ml$/i.test(f)).sort();
  if (files.length === 0) throw new UsageError(`${root} holds no .yml files`);
  return files.map((f) => fs.readFileSync(path.join(root, f), 'utf8')).join('\n---\n');
}

/**
 * `nlq knowledge import --dbt DIR`: POST /api/knowledge/import with format dbt; prints one line a definition
 * imported and one a part skipped with its reason. Exit 1 on an HTTP error (nothing imported), else 0.
 */
export async function runKnowledgeImport(
  args: KnowledgeImportArguments,
  transport: Transport,
): Promise<CommandOutcome> {
  const answer = await transport.request('POST', '/api/knowledge/import', {
    format: 'dbt',
    yaml: readDbtProject(args.dir),
    partial: args.partial || undefined,
    connection_id: args.connection ?? undefined,
    tables: args.tables.size > 0 ? Object.fromEntries(args.tables) : undefined,
  });
  if (answer.status !== 200) {
    const e = answer.body as Partial<ErrorResponse> | null;
    const details = (Array.isArray(e?.details) ? e.details : [])
      .map((d) => `  ${d.field}: ${d.problems.join('; ')}\n`)
      .join('');
    return {
      code: 1,
      stdout: '',
      stderr: `nlq: ${e?.message ?? 'request failed'} (${e?.code ?? answer.status})\n${details}`,
    };
  }
  const r = answer.body as DbtImportResult;
  let text = r.imported.map((d) => `imported ${d.kind} ${d.name}\n`).join('');
  text += r.skipped.map((s) => `skipped  ${s.name}: ${s.reason}\n`).join('');
  text += `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged, ${r.skipped.length} skipped\n`;
  return { code: 0, stdout: text, stderr: '' };
}
