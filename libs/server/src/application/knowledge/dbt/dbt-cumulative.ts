import type { Dialect } from '@nlq/contracts';

/** A time span of a cumulative metric's `window`: `7 days`, `1 month`, `2 weeks`, `1 year`. */
interface Span {
  count: number;
  unit: 'day' | 'month' | 'year';
}

/** Units of a `window` in days, months or years (a week is 7 days, a quarter 3 months). */
const UNITS = new Map<string, { unit: Span['unit']; times: number }>([
  ['day', { unit: 'day', times: 1 }],
  ['week', { unit: 'day', times: 7 }],
  ['month', { unit: 'month', times: 1 }],
  ['quarter', { unit: 'month', times: 3 }],
  ['year', { unit: 'year', times: 1 }],
]);

/** `7 days` -> {7, day}; `2 weeks` -> {14, day}; null for anything else. */
function parseWindow(window: string): Span | null {
  const m = /^\s*(\d{1,4})\s+([a-z]+?)s?\s*$/i.exec(window);
  const unit = m ? UNITS.get((m[2] as string).toLowerCase()) : undefined;
  if (!m || !unit) return null;
  return { count: Number(m[1]) * unit.times, unit: unit.unit };
}

/** The date `span` before the database's current date, in `dialect`; null where not written here. */
function dateAgo(span: Span, dialect: Dialect): string | null {
  if (dialect === 'sqlite') return `date('now', '-${span.count} ${span.unit}s')`;
  if (dialect === 'postgresql') return `CURRENT_DATE - INTERVAL '${span.count} ${span.unit}s'`;
  if (dialect === 'mysql' || dialect === 'mariadb')
    return `DATE_SUB(CURRENT_DATE, INTERVAL ${span.count} ${span.unit.toUpperCase()})`;
  return null;
}

/** The first day of the current `grain` (month or year) in `dialect`; null where not written here. */
function grainStart(grain: string, dialect: Dialect): string | null {
  const g = grain.toLowerCase();
  if (g !== 'month' && g !== 'year') return null;
  if (dialect === 'sqlite') return `date('now', 'start of ${g}')`;
  if (dialect === 'postgresql') return `date_trunc('${g}', CURRENT_DATE)`;
  if (dialect === 'mysql' || dialect === 'mariadb')
    return g === 'month' ? `DATE_FORMAT(CURRENT_DATE, '%Y-%m-01')` : `DATE_FORMAT(CURRENT_DATE, '%Y-01-01')`;
  return null;
}

/**
 * The condition that makes a MetricFlow cumulative metric one aggregate as of today (docs/knowledge.md "dbt semantic
 * layer"): with `window` the rows of the trailing window ending at the current date (`time > today - window`, as
 * MetricFlow joins a window: later than its start), with `grain_to_date` the rows since the start of the current
 * month or year (`time >= start`); `timeColumn` is the measure's agg time dimension. A reason when there is no time
 * column, the window or grain is not one written here (days, weeks, months, quarters, years; month or year to date),
 * or the dialect has no such date arithmetic here (SQL Server, Snowflake).
 */
export function cumulativeCondition(
  timeColumn: string | null,
  params: { window?: string; grainToDate?: string },
  dialect: Dialect,
): string | { reason: string } {
  if (!timeColumn) return { reason: 'its measure has no agg_time_dimension to count the window on' };
  if (params.window) {
    const span = parseWindow(params.window);
    if (!span) return { reason: `a window of ${params.window} is not a number of days, weeks, months or years` };
    const ago = dateAgo(span, dialect);
    return ago ? `${timeColumn} > ${ago}` : { reason: `a window over time is not written for ${dialect}` };
  }
  const grain = params.grainToDate ?? '';
  const start = grainStart(grain, dialect);
  if (!start) return { reason: `a total to date by ${grain} is not written for ${dialect} (month or year)` };
  return `${timeColumn} >= ${start}`;
}
