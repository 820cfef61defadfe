import type { Dialect } from '@nlq/contracts';
import { tokenizeSql } from '@nlq/pipeline';
import { cumulativeCondition } from './dbt-cumulative';
import { fields, text, type Fields } from './dbt-documents';
import { allOf, translateFilter } from './dbt-filter';
import type { Measure, SemanticIndex } from './dbt-semantic-models';

/** A metric as one aggregate: its expression with and without its filter folded into the aggregates. */
export interface Resolved {
  /** The aggregate expression; the filter applies as `filter`. */
  plain: string;
  /** The filter as one condition, or null. */
  filter: string | null;
  /** The same metric with its filter inside each aggregate (`SUM(CASE WHEN f THEN x END)`); no filter left. */
  inline: string;
}

type Outcome = Resolved | { reason: string };

/** The aggregate of a measure (MetricFlow `agg`), rows limited to `condition` when given; a reason when the dialect has none. */
export function measureSql(
  m: Extract<Measure, { ok: true }>,
  condition: string | null,
  dialect: Dialect,
): string | { reason: string } {
  const value = condition ? `CASE WHEN ${condition} THEN ${m.sql} END` : m.sql;
  switch (m.agg) {
    case 'sum':
      return `SUM(${value})`;
    case 'count':
      return `COUNT(${value})`;
    case 'count_distinct':
      return `COUNT(DISTINCT ${value})`;
    case 'average':
      return `AVG(${value})`;
    case 'min':
      return `MIN(${value})`;
    case 'max':
      return `MAX(${value})`;
    case 'sum_boolean':
      return `SUM(CASE WHEN ${condition ? `(${condition}) AND ` : ''}${m.sql} THEN 1 ELSE 0 END)`;
    case 'median':
    case 'percentile':
      return percentileSql(m, value, dialect);
    default:
      return { reason: `measure ${m.name}: unknown agg "${m.agg}"` };
  }
}

/**
 * A `median` or `percentile` measure (MetricFlow `agg_params`: `percentile` between 0 and 1,
 * `use_discrete_percentile`) as PostgreSQL's ordered-set aggregate `PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x)`
 * (`PERCENTILE_DISC` when discrete; PostgreSQL 9.21, table 9.62); the rows a filter leaves out are NULL, which it
 * ignores. SQLite has no percentile aggregate, MySQL none and MariaDB's `PERCENTILE_CONT` is a window function only
 * (one value a row, not one a group): the reason on those (docs/knowledge.md "Median and percentile").
 */
function percentileSql(
  m: Extract<Measure, { ok: true }>,
  value: string,
  dialect: Dialect,
): string | { reason: string } {
  if (dialect !== 'postgresql')
    return {
      reason: `measure ${m.name}: the dialect cannot compute percentile (${dialect} has no percentile aggregate)`,
    };
  const p = m.percentile;
  if (p === null || p < 0 || p > 1)
    return { reason: `measure ${m.name}: a percentile needs agg_params.percentile between 0 and 1` };
  return `PERCENTILE_${m.discrete ? 'DISC' : 'CONT'}(${p}) WITHIN GROUP (ORDER BY ${value})`;
}

/**
 * Resolves dbt metrics into single aggregate expressions (docs/knowledge.md "dbt semantic layer", MetricFlow metric
 * types): simple (a measure, its filter), ratio (`numerator * 1.0 / NULLIF(denominator, 0)`), derived (its `expr`
 * with each input metric written in), cumulative (all time; a window or grain-to-date as of today, dbt-cumulative.ts). Inputs
 * whose filters differ have them folded into their aggregates. Anything else is a reason.
 */
export class MetricResolver {
  private readonly metrics = new Map<string, Fields>();
  private readonly resolving = new Set<string>();

  constructor(
    metrics: readonly Fields[],
    private readonly index: SemanticIndex,
  ) {
    for (const m of metrics) {
      const name = text(m, 'name');
      if (name) this.metrics.set(name, m);
    }
  }

  /** The metric `name` with the extra `conditions` all rows must meet, or why it cannot be one aggregate. */
  resolve(name: string, conditions: readonly string[] = []): Outcome {
    const metric = this.metrics.get(name);
    if (!metric) return { reason: `no metric or measure named ${name} in the import` };
    if (this.resolving.has(name)) return { reason: `metric ${name} refers to itself` };
    this.resolving.add(name);
    try {
      return this.resolveMetric(name, metric, conditions);
    } finally {
      this.resolving.delete(name);
    }
  }

  private resolveMetric(name: string, metric: Fields, conditions: readonly string[]): Outcome {
    const type = (text(metric, 'type') ?? 'simple').toLowerCase();
    const params = fields(metric.get('type_params')) ?? new Map<string, unknown>();
    const own = this.filter(metric.get('filter'), this.measureOf(params));
    if ('reason' in own) return { reason: `metric ${name}: ${own.reason}` };
    const all = own.sql ? [...conditions, own.sql] : [...conditions];
    if (type === 'simple') return this.simple(name, params.get('measure'), all);
    if (type === 'cumulative') {
      const cumulative = fields(params.get('cumulative_type_params')) ?? params;
      const window = text(cumulative, 'window');
      const toDate = text(cumulative, 'grain_to_date');
      if (!window && !toDate) return this.simple(name, params.get('measure'), all);
      const measure = this.measureOf(params);
      const timeColumn = measure?.ok ? measure.timeColumn : null;
      const since = cumulativeCondition(timeColumn, { window, grainToDate: toDate }, this.index.dialect);
      if (typeof since !== 'string') return { reason: `metric ${name}: ${since.reason}` };
      return this.simple(name, params.get('measure'), [...all, since]);
    }
    if (type === 'ratio') return this.ratio(name, params, all);
    if (type === 'derived') return this.derived(name, params, all);
    return { reason: `metric ${name}: the ${type} metric type is not imported` };
  }

  private simple(name: string, input: unknown, conditions: readonly string[]): Outcome {
    const ref = fields(input);
    const measureName = typeof input === 'string' ? input : ref ? text(ref, 'name') : undefined;
    if (!measureName) return { reason: `metric ${name}: no type_params.measure` };
    const measure = this.index.measures.get(measureName);
    if (!measure) return { reason: `metric ${name}: no measure named ${measureName} in the import` };
    if (!measure.ok) return { reason: `metric ${name}: ${measure.reason}` };
    const inputFilter = ref ? this.filter(ref.get('filter'), measure) : { sql: null };
    if ('reason' in inputFilter) return { reason: `metric ${name}: ${inputFilter.reason}` };
    const filter = allOf([...conditions, inputFilter.sql]);
    const plain = measureSql(measure, null, this.index.dialect);
    const inline = measureSql(measure, filter, this.index.dialect);
    if (typeof plain !== 'string') return { reason: `metric ${name}: ${plain.reason}` };
    if (typeof inline !== 'string') return { reason: `metric ${name}: ${inline.reason}` };
    return { plain, filter, inline };
  }

  private ratio(name: string, params: Fields, conditions: readonly string[]): Outcome {
    const [numerator, denominator] = ['numerator', 'denominator'].map((k) => this.input(params.get(k), conditions));
    for (const [part, outcome] of [
      ['numerator', numerator],
      ['denominator', denominator],
    ] as const)
      if ('reason' in outcome) return { reason: `metric ${name}: its ${part}: ${outcome.reason}` };
    const [n, d] = [numerator, denominator] as Resolved[];
    const inline = `${n.inline} * 1.0 / NULLIF(${d.inline}, 0)`;
    if (n.filter === d.filter) return { plain: `${n.plain} * 1.0 / NULLIF(${d.plain}, 0)`, filter: n.filter, inline };
    return { plain: inline, filter: null, inline };
  }

  private derived(name: string, params: Fields, conditions: readonly string[]): Outcome {
    const expr = text(params, 'expr');
    if (!expr) return { reason: `metric ${name}: a derived metric without type_params.expr` };
    const inputs = new Map<string, Resolved>();
    for (const input of Array.isArray(params.get('metrics')) ? (params.get('metrics') as unknown[]) : []) {
      const ref = fields(input);
      const inputName = typeof input === 'string' ? input : ref ? text(ref, 'name') : undefined;
      if (!inputName) continue;
      if (ref && (ref.has('offset_window') || ref.has('offset_to_grain')))
        return {
          reason: `metric ${name}: an input offset in time (${inputName}) cannot be stated in one aggregate expression`,
        };
      const outcome = this.input(input, conditions);
      if ('reason' in outcome) return { reason: `metric ${name}: its input ${inputName}: ${outcome.reason}` };
      inputs.set(((ref && text(ref, 'alias')) ?? inputName).toLowerCase(), outcome);
    }
    if (inputs.size === 0) return { reason: `metric ${name}: a derived metric without type_params.metrics` };
    const filters = new Set([...inputs.values()].map((r) => r.filter));
    const same = filters.size === 1;
    const write = (pick: (r: Resolved) => string) => {
      let out = '';
      let at = 0;
      for (const token of tokenizeSql(expr, this.index.dialect).tokens) {
        const input = token.type === 'word' ? inputs.get(token.text.toLowerCase()) : undefined;
        if (!input) continue;
        out += `${expr.slice(at, token.start)}(${pick(input)})`;
        at = token.end;
      }
      return out + expr.slice(at);
    };
    const inline = write((r) => r.inline);
    return same
      ? { plain: write((r) => r.plain), filter: [...filters][0], inline }
      : { plain: inline, filter: null, inline };
  }

  /** An input of a ratio or derived metric: a metric name, or `{name, filter}` whose filter adds to `conditions`. */
  private input(input: unknown, conditions: readonly string[]): Outcome {
    const ref = fields(input);
    const name = typeof input === 'string' ? input : ref ? text(ref, 'name') : undefined;
    if (!name) return { reason: 'no metric named' };
    const extra = ref ? this.filter(ref.get('filter'), null) : { sql: null };
    if ('reason' in extra) return extra;
    return this.resolve(name, extra.sql ? [...conditions, extra.sql] : conditions);
  }

  private measureOf(params: Fields): Measure | null {
    const input = params.get('measure');
    const ref = fields(input);
    const name = typeof input === 'string' ? input : ref ? text(ref, 'name') : undefined;
    return name ? (this.index.measures.get(name) ?? null) : null;
  }

  private filter(filter: unknown, measure: Measure | null) {
    return translateFilter(filter, this.index, measure?.ok ? measure.timeColumn : null);
  }
}
