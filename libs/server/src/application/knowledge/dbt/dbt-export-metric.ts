import type { DatabaseSchema, MetricDefinitionBody } from '@nlq/contracts';
import { tokenizeSql } from '@nlq/pipeline';
import { fields, list, text } from './dbt-documents';
import type { RawEntry } from './dbt-origin';

/** The entries a dbt export writes, by name; `tables` maps a semantic model to its connection table (lower case). */
export interface ExportedModels {
  semanticModels: Map<string, RawEntry>;
  tables: Map<string, string>;
  metrics: Map<string, RawEntry>;
  models: Map<string, { name: string; description?: string; columns: Map<string, RawEntry> }>;
}

/** nlq's aggregate functions and the MetricFlow `agg` of each. */
const AGGS = new Map([
  ['sum', 'sum'],
  ['count', 'count'],
  ['avg', 'average'],
  ['min', 'min'],
  ['max', 'max'],
]);

/**
 * A metric whose expression or filter was edited in nlq, written as a simple metric over a new measure `<name>_nlq`
 * of the semantic model of its table (MetricFlow's measure `agg` and `expr`, the filter with `{{ Dimension(...) }}`
 * references). Done only when the expression is one aggregate (`SUM`, `COUNT`, `COUNT(DISTINCT ...)`, `AVG`, `MIN`,
 * `MAX`, or a percentile: percentileMeasure) over the columns of one table that a semantic model of the export maps,
 * and every column of the filter is a dimension or entity of one; otherwise the reason, and the entry stays as imported.
 */
export function metricAsMeasure(
  body: MetricDefinitionBody,
  out: ExportedModels,
  schema: DatabaseSchema,
): string | null {
  const measure = measureOf(body.expression, schema);
  if ('reason' in measure) return `metric ${body.name}: ${measure.reason}`;
  const model = [...out.tables].find(([, table]) => table === measure.table.toLowerCase())?.[0];
  const semantic = model ? out.semanticModels.get(model) : undefined;
  if (!semantic) return `metric ${body.name}: no exported semantic model is of table ${measure.table}`;
  const filter = body.filter ? filterOf(body.filter, out, schema) : { sql: null };
  if ('reason' in filter) return `metric ${body.name}: ${filter.reason}`;
  const name = `${body.name}_nlq`;
  const measures = (Array.isArray(semantic.measures) ? (semantic.measures as RawEntry[]) : []).filter(
    (m) => m.name !== name,
  );
  semantic.measures = [...measures, { name, agg: measure.agg, expr: measure.expr, ...measure.params }];
  const own = out.metrics.get(body.name) ?? {};
  const metric: RawEntry = { name: body.name };
  if (own.label !== undefined) metric.label = own.label;
  if (body.description) metric.description = body.description;
  metric.type = 'simple';
  metric.type_params = { measure: name };
  if (filter.sql) metric.filter = filter.sql;
  out.metrics.set(body.name, metric);
  return null;
}

/** `table.column` references of SQL: each with its start and end offsets. */
function columnReferences(sql: string, schema: DatabaseSchema) {
  const tokens = tokenizeSql(sql, schema.dialect).tokens;
  const name = (i: number) =>
    tokens[i] && (tokens[i].type === 'word' || tokens[i].type === 'quoted')
      ? tokens[i].type === 'quoted'
        ? tokens[i].text.slice(1, -1)
        : tokens[i].text
      : null;
  const refs: Array<{ table: string; column: string; start: number; end: number }> = [];
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [table, column] = [name(i), name(i + 2)];
    if (table && column && tokens[i + 1].text === '.' && !(tokens[i - 1]?.text === '.')) {
      refs.push({ table, column, start: tokens[i].start, end: tokens[i + 2].end });
      i += 2;
    }
  }
  return refs;
}

/** One aggregate over one table's columns as a MetricFlow measure, or why it is not one. */
function measureOf(
  expression: string,
  schema: DatabaseSchema,
): { table: string; agg: string; expr: string; params: RawEntry } | { reason: string } {
  const percentile = percentileMeasure(expression);
  const call = percentile ?? /^(\w+)\s*\(\s*(DISTINCT\s+)?([\s\S]+)\)$/i.exec(expression.trim());
  if (!call) return { reason: `its expression ${expression} is not one aggregate of a measure` };
  const [, fn, distinct, inner] = call;
  const agg = percentile
    ? fn
    : distinct && fn.toLowerCase() === 'count'
      ? 'count_distinct'
      : AGGS.get(fn.toLowerCase());
  if (!agg || (distinct && agg !== 'count_distinct') || !balanced(inner, schema))
    return { reason: `its expression ${expression} is not one aggregate of a measure` };
  const refs = columnReferences(inner, schema);
  const tables = new Set(refs.map((r) => r.table.toLowerCase()));
  if (tables.size !== 1) return { reason: `its expression ${expression} is not over the columns of one table` };
  let expr = '';
  let at = 0;
  for (const ref of refs) {
    expr += `${inner.slice(at, ref.start)}${inner.slice(ref.start, ref.end).replace(/^.*\.\s*/, '')}`;
    at = ref.end;
  }
  expr = (expr + inner.slice(at)).trim();
  const params: RawEntry = percentile ? { agg_params: percentile.params } : {};
  return { table: refs[0].table, agg, expr, params };
}

/** Whether the parentheses of SQL never close below its start (so `SUM(a) + SUM(b)` is not one call). */
function balanced(sql: string, schema: DatabaseSchema): boolean {
  let depth = 0;
  for (const t of tokenizeSql(sql, schema.dialect).tokens) {
    depth += t.text === '(' ? 1 : t.text === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * PostgreSQL's `PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x)` (or `PERCENTILE_DISC`) as MetricFlow's `percentile`
 * agg with `agg_params` (`median` at 0.5, continuous); null for any other expression.
 */
function percentileMeasure(expression: string): (string[] & { params: RawEntry }) | null {
  const match = /^PERCENTILE_(CONT|DISC)\s*\(\s*([0-9.]+)\s*\)\s+WITHIN\s+GROUP\s*\(\s*ORDER\s+BY\s+([\s\S]+)\)$/i.exec(
    expression.trim(),
  );
  if (!match) return null;
  const [, kind, p, inner] = match;
  const discrete = kind.toUpperCase() === 'DISC';
  const median = Number(p) === 0.5 && !discrete;
  const result = Object.assign(['', median ? 'median' : 'percentile', '', inner], {
    params: median ? {} : { percentile: Number(p), use_discrete_percentile: discrete },
  });
  return result;
}

/** An nlq filter with each `table.column` written as the MetricFlow reference of its dimension or entity. */
function filterOf(sql: string, out: ExportedModels, schema: DatabaseSchema): { sql: string } | { reason: string } {
  let written = '';
  let at = 0;
  for (const ref of columnReferences(sql, schema)) {
    const found = dimensionOf(ref.table, ref.column, out);
    if (!found) return { reason: `its filter column ${ref.table}.${ref.column} is no dimension of an exported model` };
    written += `${sql.slice(at, ref.start)}${found}`;
    at = ref.end;
  }
  return { sql: written + sql.slice(at) };
}

/** `{{ Dimension('entity__name') }}` or `{{ Entity('name') }}` of a table's column, from the exported models. */
function dimensionOf(table: string, column: string, out: ExportedModels): string | null {
  const same = (f: ReturnType<typeof fields>) =>
    (f && (text(f, 'expr') ?? text(f, 'name')))?.toLowerCase() === column.toLowerCase();
  for (const [name, sm] of out.semanticModels) {
    if (out.tables.get(name) !== table.toLowerCase()) continue;
    const entities = list(sm.entities);
    const entity = entities.find((e) => text(e, 'type') === 'primary') ?? entities[0];
    const key = entities.find((e) => same(e));
    if (key) return `{{ Entity('${text(key, 'name')}') }}`;
    const dimension = list(sm.dimensions).find((d) => same(d));
    if (dimension && entity) {
      const kind = text(dimension, 'type') === 'time' ? 'TimeDimension' : 'Dimension';
      return `{{ ${kind}('${text(entity, 'name')}__${text(dimension, 'name')}') }}`;
    }
  }
  return null;
}
