import type { DatabaseSchema, KnowledgeDefinitionBody } from '@nlq/contracts';
import { tokenizeSql } from '@nlq/pipeline';
import { definitionKey } from '../definitions/definition-body';
import { fields, list, text, type DbtProject, type Fields } from './dbt-documents';
import { findTable, refName } from './dbt-semantic-models';

/** A dbt entry as read from YAML (a plain mapping). */
export type RawEntry = Record<string, unknown>;

/**
 * The stored provenance of a definition imported from a dbt project (column `origin`, JSON; docs/knowledge.md
 * "Export to dbt"): the project's entries it was translated from, as read, and the body as imported, so that an
 * export writes the entries back and sees what was edited in nlq since.
 */
export interface DbtOrigin {
  source: 'dbt';
  /** What of the project it came from: `metric completed_revenue`, `model stg_customers column region`. */
  entry: string;
  /** The definition as the import stored it. */
  body: KnowledgeDefinitionBody;
  /** The semantic models it depends on, whole. */
  semantic_models: RawEntry[];
  /** The connection's table of each of those semantic models, by semantic model name. */
  tables: Record<string, string>;
  /** Its metric first, then the metrics it is computed from. */
  metrics: RawEntry[];
  /** The `models` entries it came from, with only the columns it concerns. */
  models: RawEntry[];
}

/** The table names and parts of a target such as `orders`, `orders.status` or `"Order Details".UnitPrice`. */
export function targetParts(target: string, schema: DatabaseSchema): string[] {
  return tokenizeSql(target, schema.dialect)
    .tokens.filter((t) => t.type === 'word' || t.type === 'quoted')
    .map((t) => (t.type === 'quoted' ? t.text.slice(1, -1) : t.text));
}

/** Maps a project's entries to the connection's tables, to find those a definition comes from. */
class ProjectTables {
  constructor(
    private readonly project: DbtProject,
    private readonly schema: DatabaseSchema,
    private readonly tables: ReadonlyMap<string, string>,
  ) {}

  /** The connection's table name a dbt model name maps to, lower case; '' when none. */
  table(model: string): string {
    return findTable(this.schema, this.tables.get(model) ?? model)?.name.toLowerCase() ?? '';
  }

  semanticModelsOf(table: string): Fields[] {
    return this.project.semanticModels.filter(
      (m) => this.table(refName(text(m, 'model') ?? text(m, 'name') ?? '')) === table.toLowerCase(),
    );
  }

  modelsOf(table: string): Fields[] {
    return this.project.models.filter((m) => this.table(text(m, 'name') ?? '') === table.toLowerCase());
  }
}

const raw = (f: Fields): RawEntry => Object.fromEntries(f);
const nameOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : (fields(value) && text(fields(value) as Fields, 'name')) || undefined;

/**
 * The origin of every translated definition of a dbt import, by definitionKey, as JSON for column `origin`.
 * Deterministic: the same files give the same origins.
 */
export function dbtOrigins(
  bodies: readonly KnowledgeDefinitionBody[],
  project: DbtProject,
  schema: DatabaseSchema,
  tables: ReadonlyMap<string, string>,
): Map<string, string> {
  const where = new ProjectTables(project, schema, tables);
  const out = new Map<string, string>();
  for (const body of bodies) {
    const origin = originOf(body, project, schema, where);
    if (origin) out.set(definitionKey(body), JSON.stringify(origin));
  }
  return out;
}

function originOf(
  body: KnowledgeDefinitionBody,
  project: DbtProject,
  schema: DatabaseSchema,
  where: ProjectTables,
): DbtOrigin | null {
  const origin = (entry: string, parts: Partial<DbtOrigin>): DbtOrigin => ({
    source: 'dbt',
    entry,
    body,
    semantic_models: parts.semantic_models ?? [],
    tables: Object.fromEntries(
      (parts.semantic_models ?? []).map((m) => [String(m.name), where.table(refName(String(m.model ?? m.name)))]),
    ),
    metrics: parts.metrics ?? [],
    models: parts.models ?? [],
  });
  if (body.kind === 'metric') {
    const { metrics, semanticModels } = metricClosure(body.name, project);
    return origin(`${metrics.length > 0 ? 'metric' : 'measure'} ${body.name}`, {
      metrics: metrics.map(raw),
      semantic_models: semanticModels.map(raw),
    });
  }
  if (body.kind === 'synonym') {
    const [table] = targetParts(body.target, schema);
    const models = where.semanticModelsOf(table).filter((m) => list(m.get('dimensions')).length > 0);
    return origin(`dimension ${body.name}`, { semantic_models: models.map(raw) });
  }
  if (body.kind === 'relationship') {
    const [fromTable, fromColumn] = targetParts(body.from, schema);
    const [toTable] = targetParts(body.to, schema);
    const semantic = [...where.semanticModelsOf(fromTable), ...where.semanticModelsOf(toTable)].filter(
      (m) => list(m.get('entities')).length > 0,
    );
    const models = modelsWithColumn(where.modelsOf(fromTable), fromColumn, (c) => hasRelationshipTest(c));
    return origin(`relationship ${body.from} -> ${body.to}`, { semantic_models: semantic.map(raw), models });
  }
  if (body.kind === 'description') {
    const [table, column] = targetParts(body.target, schema);
    if (column === undefined) {
      const models = where.modelsOf(table).map((m) => ({ name: text(m, 'name'), description: text(m, 'description') }));
      return origin(`model ${models[0]?.name ?? table}`, { models });
    }
    const models = modelsWithColumn(where.modelsOf(table), column, (c) => text(c, 'description') !== undefined);
    if (models.length > 0) return origin(`model ${String(models[0].name)} column ${column}`, { models });
    const semantic = where.semanticModelsOf(table).filter((m) => list(m.get('dimensions')).length > 0);
    return origin(`dimension ${table}.${column}`, { semantic_models: semantic.map(raw) });
  }
  return null;
}

/** The `models` entries holding `column` (any case) that `keep` accepts, each with only that column. */
function modelsWithColumn(models: Fields[], column: string, keep: (c: Fields) => boolean): RawEntry[] {
  const out: RawEntry[] = [];
  for (const model of models) {
    const found = list(model.get('columns')).filter(
      (c) => text(c, 'name')?.toLowerCase() === column.toLowerCase() && keep(c),
    );
    if (found.length > 0) out.push({ name: text(model, 'name'), columns: found.map(raw) });
  }
  return out;
}

/** Whether a dbt column has a `relationships` test (`tests` or `data_tests`). */
function hasRelationshipTest(column: Fields): boolean {
  return ['data_tests', 'tests'].some((key) => list(column.get(key)).some((t) => t.has('relationships')));
}

/**
 * A metric (or a measure with `create_metric`) and everything it is computed from: its input metrics (type_params
 * measure, numerator, denominator, metrics), and the semantic models holding their measures or naming the entities
 * their filters refer to (`{{ Dimension('customer__region') }}`).
 */
export function metricClosure(name: string, project: DbtProject): { metrics: Fields[]; semanticModels: Fields[] } {
  const byName = new Map(project.metrics.map((m) => [text(m, 'name') ?? '', m]));
  const metrics: Fields[] = [];
  const measures = new Set<string>();
  const pending = [name];
  while (pending.length > 0) {
    const next = pending.shift() as string;
    const metric = byName.get(next);
    if (!metric) {
      measures.add(next);
      continue;
    }
    if (metrics.includes(metric)) continue;
    metrics.push(metric);
    const params = fields(metric.get('type_params')) ?? new Map<string, unknown>();
    const cumulative = fields(params.get('cumulative_type_params'));
    const measure = nameOf(params.get('measure')) ?? (cumulative ? nameOf(cumulative.get('measure')) : undefined);
    if (measure) measures.add(measure);
    for (const key of ['numerator', 'denominator']) {
      const input = nameOf(params.get(key));
      if (input) pending.push(input);
    }
    for (const input of Array.isArray(params.get('metrics')) ? (params.get('metrics') as unknown[]) : []) {
      const inputName = nameOf(input);
      if (inputName) pending.push(inputName);
    }
  }
  const entities = new Set<string>();
  const reference = /(Dimension|TimeDimension|Entity)\(\s*\\?['"]([^'"\\]+)/g;
  for (const m of metrics)
    for (const [, kind, ref] of JSON.stringify(raw(m)).matchAll(reference)) {
      const parts = ref.toLowerCase().split('__');
      for (const part of kind === 'Entity' ? parts : parts.slice(0, -1)) entities.add(part);
    }
  const semanticModels = project.semanticModels.filter(
    (sm) =>
      list(sm.get('measures')).some((m) => measures.has(text(m, 'name') ?? '')) ||
      list(sm.get('entities')).some((e) => entities.has((text(e, 'name') ?? '').toLowerCase())),
  );
  return { metrics, semanticModels };
}
