import type { ErrorResponse } from '@nlq/contracts';
import fs from 'node:fs';
import path from 'node:path';
import type { CommandOutcome } from './commands';
import type { KnowledgeExportArguments } from './knowledge-command';
import type { Transport } from './transport';

/** The file of `--out DIR` that receives the export: one a dbt project's `models/**\/*.yml` reads. */
export const DBT_EXPORT_FILE = path.join('models', 'semantic_layer.yml');

/**
 * `nlq knowledge export --dbt [--out DIR]`: GET /api/knowledge/export?format=dbt (docs/knowledge.md "Export to dbt").
 * The MetricFlow YAML is printed, or with --out written to DIR/models/semantic_layer.yml (folders made), so that
 * `nlq knowledge import --dbt DIR` reads it back. Exit 1 on an HTTP error, else 0.
 */
export async function runKnowledgeExport(
  args: KnowledgeExportArguments,
  transport: Transport,
): Promise<CommandOutcome> {
  const query = new URLSearchParams({ format: 'dbt' });
  if (args.connection) query.set('connection_id', args.connection);
  const answer = await transport.request('GET', `/api/knowledge/export?${query.toString()}`);
  if (answer.status !== 200 || typeof answer.body !== 'string') {
    const e = answer.body as Partial<ErrorResponse> | null;
    return { code: 1, stdout: '', stderr: `nlq: ${e?.message ?? 'request failed'} (${e?.code ?? answer.status})\n` };
  }
  if (args.out === null) return { code: 0, stdout: answer.body, stderr: '' };
  const file = path.join(args.out, DBT_EXPORT_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, answer.body);
  return { code: 0, stdout: `wrote ${file}\n`, stderr: '' };
}
