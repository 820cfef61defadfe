import type { DatabaseSchema, KnowledgeDefinitionBody } from '@nlq/contracts';
import { quoteIdentifierIfNeeded } from '@nlq/db-drivers';
import {
  MAX_DEFINITION_NAME,
  MAX_DEFINITION_SQL,
  MAX_DESCRIPTION,
  MAX_INSTRUCTION,
} from '../definitions/dto/definition.dto';
import { fields, list, text, type DbtProject, type Fields } from './dbt-documents';
import { MetricResolver } from './dbt-metrics';
import { findTable, indexSemanticModels, type SemanticIndex } from './dbt-semantic-models';

/** What a dbt project translates to: nlq definitions, and what could not be mapped with the reason. */
export interface DbtTranslation {
  bodies: KnowledgeDefinitionBody[];
  skipped: Array<{ name: string; reason: string }>;
}

/**
 * A dbt project's semantic layer as nlq definitions (docs/knowledge.md "dbt semantic layer"): every metric (and
 * every measure marked `create_metric: true`) a metric keeping its dbt name, its label and spaced name as synonyms
 * and its description; every dimension whose name or label differs from its column a synonym naming that column.
 * What cannot map (a table or column the connection lacks, a type or aggregate one expression cannot state) is
 * skipped with its reason; model and column `description`s become description definitions. Deterministic: the same files give the same bodies, so a re-import changes nothing.
 */
export function translateDbtProject(
  project: DbtProject,
  schema: DatabaseSchema,
  tables: ReadonlyMap<string, string>,
): DbtTranslation {
  const index = indexSemanticModels(project, schema, tables);
  const out: DbtTranslation = { bodies: [], skipped: [...index.skipped] };
  const taken = new Set<string>();
  const add = (body: KnowledgeDefinitionBody & { name: string }) => {
    if (taken.has(body.name.toLowerCase()))
      return out.skipped.push({
        name: body.name,
        reason: `the name ${body.name} is taken by an earlier definition of this import`,
      });
    taken.add(body.name.toLowerCase());
    out.bodies.push(body);
  };
  const metrics = [...project.metrics, ...measureMetrics(project, project.metrics)];
  const resolver = new MetricResolver(metrics, index);
  for (const metric of metrics) {
    const name = text(metric, 'name');
    if (!name) continue;
    const resolved = resolver.resolve(name);
    if ('reason' in resolved) out.skipped.push({ name, reason: resolved.reason });
    else if (resolved.plain.length > MAX_DEFINITION_SQL || (resolved.filter ?? '').length > MAX_DEFINITION_SQL)
      out.skipped.push({ name, reason: `metric ${name}: its SQL is longer than ${MAX_DEFINITION_SQL} characters` });
    else
      add({
        kind: 'metric',
        name: name.slice(0, MAX_DEFINITION_NAME),
        synonyms: synonymsOf(name, text(metric, 'label')),
        description: (text(metric, 'description') ?? '').slice(0, MAX_DESCRIPTION),
        expression: resolved.plain,
        filter: resolved.filter,
      });
  }
  for (const body of dimensionSynonyms(index)) add(body);
  const documented = modelDescriptions(project, schema, tables);
  out.bodies.push(...documented.bodies);
  out.skipped.push(...documented.skipped);
  return out;
}

/**
 * The `description` of each dbt model and of its `columns` as description definitions of the connection's table
 * and column (docs/knowledge.md "Descriptions"); a model or column the connection lacks is skipped with the reason.
 */
function modelDescriptions(
  project: DbtProject,
  schema: DatabaseSchema,
  tables: ReadonlyMap<string, string>,
): DbtTranslation {
  const out: DbtTranslation = { bodies: [], skipped: [] };
  const seen = new Set<string>();
  const describe = (target: string, description: string | undefined) => {
    if (!description || seen.has(target.toLowerCase())) return;
    seen.add(target.toLowerCase());
    out.bodies.push({ kind: 'description', target, text: description.slice(0, MAX_INSTRUCTION) });
  };
  for (const model of project.models) {
    const name = text(model, 'name');
    if (!name) continue;
    const columns = list(model.get('columns'));
    const documented = text(model, 'description') !== undefined || columns.some((c) => text(c, 'description'));
    if (!documented) continue;
    const table = findTable(schema, tables.get(name) ?? name);
    if (!table) {
      out.skipped.push({ name, reason: `model ${name}: the connection has no table ${tables.get(name) ?? name}` });
      continue;
    }
    const tableName = quoteIdentifierIfNeeded(table.name, schema.dialect);
    describe(tableName, text(model, 'description'));
    for (const column of columns) {
      const columnName = text(column, 'name');
      const description = text(column, 'description');
      if (!columnName || !description) continue;
      const found = table.columns.find((c) => c.name.toLowerCase() === columnName.toLowerCase());
      if (!found)
        out.skipped.push({ name: `${name}.${columnName}`, reason: `table ${table.name} has no column ${columnName}` });
      else describe(`${tableName}.${quoteIdentifierIfNeeded(found.name, schema.dialect)}`, description);
    }
  }
  return out;
}

/** Measures with `create_metric: true` and no metric of their name, as simple metrics. */
function measureMetrics(project: DbtProject, metrics: readonly Fields[]): Fields[] {
  const names = new Set(metrics.map((m) => text(m, 'name')));
  const made: Fields[] = [];
  for (const model of project.semanticModels)
    for (const measure of Array.isArray(model.get('measures')) ? (model.get('measures') as unknown[]) : []) {
      const m = fields(measure);
      const name = m && text(m, 'name');
      if (!m || !name || m.get('create_metric') !== true || names.has(name)) continue;
      made.push(
        new Map<string, unknown>([
          ['name', name],
          ['label', m.get('label')],
          ['description', m.get('description')],
          ['type', 'simple'],
          ['type_params', { measure: name }],
        ]),
      );
    }
  return made;
}

/** The label and the name written with spaces, when they differ from the name (any case). */
function synonymsOf(name: string, label: string | undefined): string[] {
  const words = (s: string) =>
    s
      .replace(/[_\s]+/g, ' ')
      .trim()
      .toLowerCase();
  const synonyms = [label, name.replace(/_/g, ' ')]
    .filter((s): s is string => s !== undefined && s.trim() !== '' && s !== name)
    .map((s) => s.slice(0, MAX_DEFINITION_NAME));
  const kept = new Map<string, string>();
  for (const s of synonyms) if (!kept.has(words(s))) kept.set(words(s), s);
  return [...kept.values()];
}

/** A synonym per dimension whose name (or label) is other words than its column's name: `target` is the column. */
function dimensionSynonyms(index: SemanticIndex): Array<KnowledgeDefinitionBody & { name: string }> {
  const words = (s: string) =>
    s
      .replace(/[_\s]+/g, ' ')
      .trim()
      .toLowerCase();
  const seen = new Set<string>();
  const bodies: Array<KnowledgeDefinitionBody & { name: string }> = [];
  for (const d of index.dimensions.values()) {
    if (d.column === null) continue;
    const name = d.label ?? d.name.replace(/_/g, ' ');
    const key = `${d.sql}\u0000${words(name)}`;
    if (seen.has(key) || words(name) === words(d.column)) continue;
    seen.add(key);
    bodies.push({ kind: 'synonym', name: name.slice(0, MAX_DEFINITION_NAME), synonyms: [], target: d.sql });
  }
  return bodies;
}
