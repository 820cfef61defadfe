import type { DatabaseSchema, KnowledgeDefinitionBody, TableSchema } from '@nlq/contracts';
import { quoteIdentifierIfNeeded } from '@nlq/pipeline';
import {
  MAX_DEFINITION_NAME,
  MAX_DEFINITION_SQL,
  MAX_DESCRIPTION,
  MAX_INSTRUCTION,
} from '../definitions/dto/definition.dto';
import { fields, list, text, type DbtProject, type Fields } from './dbt-documents';
import { MetricResolver } from './dbt-metrics';
import { findTable, indexSemanticModels, refName, type SemanticIndex } from './dbt-semantic-models';

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
  for (const join of index.joins) out.bodies.push({ kind: 'relationship', from: join.from, to: join.to });
  const documented = modelDescriptions(project, schema, tables);
  out.bodies.push(...documented.bodies);
  out.skipped.push(...documented.skipped);
  out.bodies.push(...dimensionDescriptions(index, documented.bodies, schema));
  // a join key given both by entities and by a relationships test is imported once
  const seen = new Set<string>();
  out.bodies = out.bodies.filter((b) => {
    if (b.kind !== 'relationship') return true;
    const key = `${b.from}\u0000${b.to}`.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
    const documented =
      text(model, 'description') !== undefined ||
      columns.some((c) => text(c, 'description') || relationshipTest(c) !== null);
    if (!documented) continue;
    const table = findTable(schema, tables.get(name) ?? name);
    if (!table) {
      out.skipped.push({ name, reason: `model ${name}: the connection has no table ${tables.get(name) ?? name}` });
      continue;
    }
    const tableName = quoteIdentifierIfNeeded(table.name, schema.dialect);
    describe(tableName, text(model, 'description'));
    for (const join of relationshipTests(columns, table, schema, tables)) out.bodies.push(join);
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

/** The `relationships` test of a dbt column (`tests` or `data_tests`; its fields directly or under `arguments`), else null. */
function relationshipTest(column: Fields): Fields | null {
  for (const key of ['data_tests', 'tests'])
    for (const test of list(column.get(key))) {
      const params = fields(test.get('relationships'));
      if (params) return fields(params.get('arguments')) ?? params;
    }
  return null;
}

/**
 * Relationship definitions from the `relationships` tests of a model's columns (docs/knowledge.md "Relationships"):
 * the column refers to `field` of the table of `to: ref('model')`; a test whose table or columns the connection lacks
 * adds nothing (nlq's check would refuse it).
 */
function relationshipTests(
  columns: readonly Fields[],
  table: TableSchema,
  schema: DatabaseSchema,
  tables: ReadonlyMap<string, string>,
): KnowledgeDefinitionBody[] {
  const q = (name: string) => quoteIdentifierIfNeeded(name, schema.dialect);
  const bodies: KnowledgeDefinitionBody[] = [];
  for (const column of columns) {
    const test = relationshipTest(column);
    const name = text(column, 'name');
    const to = test && text(test, 'to');
    const field = test && text(test, 'field');
    if (!name || !to || !field) continue;
    const parentName = refName(to);
    const parent = findTable(schema, tables.get(parentName) ?? parentName);
    const child = table.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
    const key = parent?.columns.find((c) => c.name.toLowerCase() === field.toLowerCase());
    if (!parent || !child || !key) continue;
    bodies.push({
      kind: 'relationship',
      from: `${q(table.name)}.${q(child.name)}`,
      to: `${q(parent.name)}.${q(key.name)}`,
    });
  }
  return bodies;
}

/**
 * A description of the column of each described dimension (its granularity named for a time dimension: "When the
 * order was placed (time, day grain)"), where the model's own column description gives none.
 */
function dimensionDescriptions(
  index: SemanticIndex,
  described: readonly KnowledgeDefinitionBody[],
  schema: DatabaseSchema,
): KnowledgeDefinitionBody[] {
  const targets = new Set(described.map((b) => (b.kind === 'description' ? b.target.toLowerCase() : '')));
  const bodies: KnowledgeDefinitionBody[] = [];
  for (const d of index.dimensions.values()) {
    if (!d.description || d.column === null) continue;
    const target = `${quoteIdentifierIfNeeded(d.table, schema.dialect)}.${quoteIdentifierIfNeeded(d.column, schema.dialect)}`;
    if (targets.has(target.toLowerCase())) continue;
    targets.add(target.toLowerCase());
    const grain = d.granularity ? ` (time, ${d.granularity} grain)` : '';
    bodies.push({ kind: 'description', target, text: `${d.description}${grain}`.slice(0, MAX_INSTRUCTION) });
  }
  return bodies;
}
