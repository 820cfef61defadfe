import type { DatabaseSchema, KnowledgeDefinitionBody } from '@nlq/contracts';
import { stringify } from 'yaml';
import type { KnowledgeDefinitionEntity } from '../../../platform/state/entities';
import { bodyOf } from '../definitions/definition-body';
import { fields, list, text } from './dbt-documents';
import { metricAsMeasure, type ExportedModels } from './dbt-export-metric';
import type { DbtOrigin, RawEntry } from './dbt-origin';
import { targetParts } from './dbt-origin';

/**
 * The live definitions of a connection that came from a dbt project, as MetricFlow YAML (docs/knowledge.md "Export to
 * dbt"): the `semantic_models`, `metrics` and `models` entries they were imported from (column `origin`), with what was
 * edited in nlq since written in: a metric's description, its expression and filter (as a simple metric over a new
 * measure `<name>_nlq`, when the expression is one aggregate of one table's columns and the filter's columns are
 * dimensions), a description's text. What cannot be written back is listed in a leading comment. Definitions typed in
 * nlq are not in it (the nlq YAML export holds every definition). Re-imported, it gives the same definitions.
 */
export function exportDbtYaml(rows: readonly KnowledgeDefinitionEntity[], schema: DatabaseSchema): string {
  const dbt = rows
    .map((row) => ({ row, origin: parseOrigin(row.origin) }))
    .filter((r): r is { row: KnowledgeDefinitionEntity; origin: DbtOrigin } => r.origin !== null)
    .sort((a, b) => a.row.updatedAt.localeCompare(b.row.updatedAt));
  const out: ExportedModels = { semanticModels: new Map(), tables: new Map(), metrics: new Map(), models: new Map() };
  for (const { origin } of dbt) {
    for (const sm of origin.semantic_models) {
      out.semanticModels.set(String(sm.name), structuredClone(sm));
      out.tables.set(String(sm.name), origin.tables[String(sm.name)] ?? '');
    }
    for (const m of origin.metrics.slice(1)) if (!out.metrics.has(String(m.name))) out.metrics.set(String(m.name), m);
    for (const model of origin.models) mergeModel(out.models, model);
  }
  // a metric's own entry wins over a copy of it that came as another metric's input
  for (const { origin } of dbt)
    if (origin.body.kind === 'metric' && origin.metrics[0])
      out.metrics.set(String(origin.metrics[0].name), origin.metrics[0]);
  const notes: string[] = [];
  for (const { row, origin } of dbt) {
    const body = bodyOf(row);
    const note = writeEdits(body, origin, out, schema);
    if (note) notes.push(note);
  }
  const typed = rows.length - dbt.length;
  const header = [
    '# dbt semantic layer exported by nlq (docs/knowledge.md "Export to dbt"): the definitions imported from dbt,',
    '# with their edits in nlq.',
    ...(typed > 0 ? [`# ${typed} definitions typed in nlq are not in it (GET /api/knowledge/export holds them).`] : []),
    ...notes.map((n) => `# not written back: ${n}`),
  ];
  const document = {
    semantic_models: [...out.semanticModels.values()],
    metrics: [...out.metrics.values()],
    models: [...out.models.values()].map(({ columns, ...model }) =>
      columns.size > 0 ? { ...model, columns: [...columns.values()] } : model,
    ),
  };
  return `${header.join('\n')}\n${stringify(document, { lineWidth: 0 })}`;
}

/** A stored origin that is a dbt one, else null. */
function parseOrigin(origin: string | null | undefined): DbtOrigin | null {
  if (!origin) return null;
  const parsed = JSON.parse(origin) as DbtOrigin;
  return parsed.source === 'dbt' ? parsed : null;
}

/** A `models` entry merged into those of the export: description, and columns by name. */
function mergeModel(models: ExportedModels['models'], model: RawEntry): void {
  const name = String(model.name);
  const merged = models.get(name) ?? { name, columns: new Map<string, RawEntry>() };
  if (typeof model.description === 'string') merged.description = model.description;
  for (const column of list(model.columns)) {
    const columnName = (text(column, 'name') ?? '').toLowerCase();
    merged.columns.set(columnName, { ...(merged.columns.get(columnName) ?? {}), ...Object.fromEntries(column) });
  }
  models.set(name, merged);
}

/** Writes what was edited in nlq since the import into the export's entries; a note when it cannot. */
function writeEdits(
  body: KnowledgeDefinitionBody,
  origin: DbtOrigin,
  out: ExportedModels,
  schema: DatabaseSchema,
): string | null {
  const imported = origin.body;
  if (body.kind === 'metric' && imported.kind === 'metric') {
    if (body.expression !== imported.expression || (body.filter ?? null) !== (imported.filter ?? null))
      return metricAsMeasure(body, out, schema);
    if (body.description !== imported.description) {
      const own = out.metrics.get(body.name);
      if (own) out.metrics.set(body.name, { ...own, description: body.description });
      else return metricAsMeasure(body, out, schema);
    }
    return null;
  }
  if (body.kind === 'description' && imported.kind === 'description' && body.text !== imported.text)
    describe(body.target, body.text, origin, out, schema);
  return null;
}

/** A description's new text written to the model, model column or dimension it came from. */
function describe(
  target: string,
  description: string,
  origin: DbtOrigin,
  out: ExportedModels,
  schema: DatabaseSchema,
): void {
  const [table, column] = targetParts(target, schema);
  const modelName = /^model (\S+)/.exec(origin.entry)?.[1];
  const model = modelName ? out.models.get(modelName) : undefined;
  if (model && column === undefined) model.description = description;
  else if (model && column !== undefined) {
    const entry = model.columns.get(column.toLowerCase());
    if (entry) entry.description = description;
  } else {
    for (const [name, sm] of out.semanticModels) {
      if (out.tables.get(name) !== table.toLowerCase()) continue;
      for (const dimension of Array.isArray(sm.dimensions) ? (sm.dimensions as RawEntry[]) : []) {
        const d = fields(dimension);
        if (d && (text(d, 'expr') ?? text(d, 'name'))?.toLowerCase() === column?.toLowerCase())
          dimension.description = description.replace(/ \(time, \w+ grain\)$/, '');
      }
    }
  }
}
