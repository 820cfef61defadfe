import type { DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import { qualifyColumns, quoteIdentifierIfNeeded, tokenizeSql } from '@nlq/pipeline';
import { fields, list, text, type DbtProject, type Fields } from './dbt-documents';

/** A measure of a semantic model mapped onto the connection's table, or why it cannot be. */
export type Measure =
  | {
      ok: true;
      name: string;
      table: string;
      agg: string;
      /** The measure's `expr` (default its name) with the table's columns qualified. */
      sql: string;
      percentile: number | null;
      /** `agg_params.use_discrete_percentile`: a value of the column (percentile_disc), not an interpolation. */
      discrete: boolean;
      description: string | undefined;
      label: string | undefined;
      /** The qualified column of its agg time dimension (`metric_time`), when it has one. */
      timeColumn: string | null;
    }
  | { ok: false; name: string; reason: string };

/** A dimension or entity reachable as `entity__name` in a MetricFlow filter: its qualified SQL. */
export interface Dimension {
  sql: string;
  table: string;
  name: string;
  label: string | undefined;
  description: string | undefined;
  /** `time_granularity` of a time dimension, else null. */
  granularity: string | null;
  /** The bare column it names, when its `expr` is one column. */
  column: string | null;
}

/** The semantic models of a project mapped onto a connection's schema (docs/knowledge.md "dbt semantic layer"). */
export interface SemanticIndex {
  dialect: Dialect;
  measures: Map<string, Measure>;
  /** `entity__dimension` (lower case) to the dimension. */
  dimensions: Map<string, Dimension>;
  /** entity name (lower case) to its key column. */
  entities: Map<string, Dimension>;
  /** Semantic models that map to no table, with the reason. */
  skipped: Array<{ name: string; reason: string }>;
  /** Join keys: a foreign entity's column (`from`) and the column of the primary entity of its name (`to`). */
  joins: Array<{ from: string; to: string }>;
}

/** The model a semantic model's `model:` names: `ref('orders')` or `ref("orders")` is `orders`. */
export function refName(model: string): string {
  const match = /^\s*ref\(\s*(?:'([^']+)'|"([^"]+)")\s*(?:,\s*[^)]*)?\)\s*$/.exec(model);
  return (match ? (match[1] ?? match[2]) : model).trim();
}

/** The table of the schema named `name` (any case; an exact match first). */
export function findTable(schema: DatabaseSchema, name: string): TableSchema | undefined {
  return (
    schema.tables.find((t) => t.name === name) ?? schema.tables.find((t) => t.name.toLowerCase() === name.toLowerCase())
  );
}

/**
 * An `expr` of a semantic model on `table`, qualified (qualifyColumns), or why it names no column of the table: a
 * bare name must be a column; a larger SQL expression is qualified and left to nlq's definition check.
 */
export function columnSql(
  expr: string,
  table: TableSchema,
  dialect: Dialect,
): { sql: string; column: string | null } | { reason: string } {
  const columns = table.columns.map((c) => c.name);
  const tokens = tokenizeSql(expr, dialect).tokens;
  if (tokens.length === 1 && tokens[0].type === 'number') return { sql: expr, column: null };
  if (tokens.length === 1 && (tokens[0].type === 'word' || tokens[0].type === 'quoted')) {
    const bare = tokens[0].type === 'quoted' ? tokens[0].text.slice(1, -1) : tokens[0].text;
    const column = columns.find((c) => c === bare) ?? columns.find((c) => c.toLowerCase() === bare.toLowerCase());
    if (!column) return { reason: `table ${table.name} has no column ${bare}` };
    return {
      sql: `${quoteIdentifierIfNeeded(table.name, dialect)}.${quoteIdentifierIfNeeded(column, dialect)}`,
      column,
    };
  }
  return { sql: qualifyColumns(expr, table.name, columns, dialect), column: null };
}

/**
 * Maps every semantic model of the project to the connection's table (`tables` maps a dbt model name to a table
 * name; else the table of the model's name), and indexes its measures, entities and dimensions.
 */
export function indexSemanticModels(
  project: DbtProject,
  schema: DatabaseSchema,
  tables: ReadonlyMap<string, string>,
): SemanticIndex {
  const index: SemanticIndex = {
    dialect: schema.dialect,
    measures: new Map(),
    dimensions: new Map(),
    entities: new Map(),
    skipped: [],
    joins: [],
  };
  const mapped: Array<{ model: Fields; table: TableSchema }> = [];
  for (const model of project.semanticModels) {
    const name = text(model, 'name') ?? '(unnamed semantic model)';
    const dbtModel = refName(text(model, 'model') ?? name);
    const tableName = tables.get(dbtModel) ?? dbtModel;
    const table = findTable(schema, tableName);
    if (!table) {
      const reason = `semantic model ${name}: the connection has no table ${tableName}`;
      index.skipped.push({ name, reason });
      for (const m of list(model.get('measures'))) {
        const measure = text(m, 'name');
        if (measure) index.measures.set(measure, { ok: false, name: measure, reason });
      }
      continue;
    }
    mapped.push({ model, table });
  }
  // primary, unique and natural entities name a model's dimensions before foreign ones do
  for (const pass of [['primary', 'unique', 'natural'], ['foreign']])
    for (const { model, table } of mapped) indexEntities(index, model, table, pass);
  for (const { model, table } of mapped) indexMeasures(index, model, table);
  return index;
}

/** The entities of one semantic model of the given types, and its dimensions reachable through each. */
function indexEntities(index: SemanticIndex, model: Fields, table: TableSchema, types: readonly string[]): void {
  for (const entity of list(model.get('entities'))) {
    const name = text(entity, 'name')?.toLowerCase();
    if (!name || !types.includes(text(entity, 'type') ?? '')) continue;
    const key = columnSql(text(entity, 'expr') ?? name, table, index.dialect);
    if ('reason' in key) continue;
    const primary = index.entities.get(name);
    if (types.includes('foreign') && primary && primary.table !== table.name && key.column && primary.column)
      index.joins.push({ from: key.sql, to: primary.sql });
    if (!index.entities.has(name))
      index.entities.set(name, {
        ...key,
        table: table.name,
        name,
        label: undefined,
        description: text(entity, 'description'),
        granularity: null,
      });
    for (const dimension of list(model.get('dimensions'))) {
      const dim = text(dimension, 'name');
      if (!dim || index.dimensions.has(`${name}__${dim.toLowerCase()}`)) continue;
      const sql = columnSql(text(dimension, 'expr') ?? dim, table, index.dialect);
      if ('reason' in sql) continue;
      const params = fields(dimension.get('type_params'));
      index.dimensions.set(`${name}__${dim.toLowerCase()}`, {
        ...sql,
        table: table.name,
        name: dim,
        label: text(dimension, 'label'),
        description: text(dimension, 'description'),
        granularity: (params && text(params, 'time_granularity')) ?? null,
      });
    }
  }
}

/** The measures of one semantic model, each with its qualified `expr` and agg time column. */
function indexMeasures(index: SemanticIndex, model: Fields, table: TableSchema): void {
  const defaults = fields(model.get('defaults'));
  const dimensions = list(model.get('dimensions'));
  for (const measure of list(model.get('measures'))) {
    const name = text(measure, 'name');
    if (!name) continue;
    const agg = (text(measure, 'agg') ?? '').toLowerCase();
    const expr = text(measure, 'expr') ?? name;
    // a count (or sum) of a constant counts the rows: written as a count of the table's key, which names the table
    const rows = (agg === 'count' || (agg === 'sum' && expr === '1')) && /^\d+$/.test(expr);
    const sql = columnSql(rows ? rowKey(table) : expr, table, index.dialect);
    if ('reason' in sql) {
      index.measures.set(name, { ok: false, name, reason: `measure ${name}: ${sql.reason}` });
      continue;
    }
    const timeName =
      text(measure, 'agg_time_dimension') ?? (defaults ? text(defaults, 'agg_time_dimension') : undefined);
    const time = dimensions.find((d) => text(d, 'name') === timeName);
    const timeSql = time ? columnSql(text(time, 'expr') ?? timeName ?? '', table, index.dialect) : null;
    const params = fields(measure.get('agg_params'));
    const percentile = params ? Number(params.get('percentile')) : NaN;
    index.measures.set(name, {
      ok: true,
      name,
      table: table.name,
      agg: rows ? 'count' : agg,
      sql: sql.sql,
      percentile: agg === 'median' ? 0.5 : Number.isFinite(percentile) ? percentile : null,
      discrete: params?.get('use_discrete_percentile') === true,
      description: text(measure, 'description'),
      label: text(measure, 'label'),
      timeColumn: timeSql && !('reason' in timeSql) ? timeSql.sql : null,
    });
  }
}

/** The column whose count is the table's row count: its first primary key column, else its first column. */
function rowKey(table: TableSchema): string {
  return table.primaryKey[0] ?? table.columns[0]?.name ?? '1';
}
