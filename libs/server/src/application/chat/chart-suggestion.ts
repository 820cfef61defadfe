import type { ChartSuggestion } from '@nlq/contracts';

/** Most categories a bar or pie chart suggestion allows; more rows read better as a table. */
export const MAX_BAR_CATEGORIES = 50;
export const MAX_PIE_SLICES = 6;

const NUMERIC_TEXT = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;
const DATE_TEXT = /^\d{4}-\d{2}(-\d{2})?([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const SHARE_NAME = /share|percent|pct|ratio|proportion|fraction/i;
const TIME_NAME = /^(year|month|day|date|week|quarter)$|_(year|month|day|date|week|quarter)$/i;

type ColumnKind = 'numeric' | 'date' | 'category' | 'empty';

/**
 * How the web app may chart a result (contracts ChartSuggestion), or null when a table is the best view. Pure.
 *
 * - one row, one numeric column: `number`;
 * - one date column (ISO-8601 `YYYY-MM[-DD][ time]` text, or Date) and 1..3 numeric columns: `line` over time;
 *   also a numeric x column named like a period (`year`, `month`, `order_year`, ...);
 * - one text category column and 1..3 numeric columns, at most 50 rows: `bar`; a `pie` instead when there are
 *   2..6 categories, one non-negative measure, and the measure is share-like (named share, percent, pct, ratio,
 *   proportion, fraction, or summing to about 100 or 1);
 * - anything else (no numeric column, several text columns, columns left over): null.
 * Numeric means every non-null value is a number, a bigint or decimal text (drivers send big numbers as text).
 */
export function suggestChart(columns: string[], rows: unknown[][]): ChartSuggestion | null {
  if (columns.length === 0 || rows.length === 0) return null;
  const kinds = columns.map((_, i) => columnKind(rows.map((r) => r[i])));
  const numeric = columns.filter((_, i) => kinds[i] === 'numeric');
  if (rows.length === 1 && columns.length === 1 && kinds[0] === 'numeric') return { type: 'number', y: [columns[0]] };

  const others = columns.map((c, i) => ({ c, i })).filter(({ i }) => kinds[i] !== 'numeric');
  let x: { c: string; i: number } | null = null;
  let y: string[];
  if (others.length === 1 && kinds[others[0].i] !== 'empty') {
    x = others[0];
    y = numeric;
  } else if (others.length === 0 && numeric.length >= 2 && TIME_NAME.test(columns[0])) {
    x = { c: columns[0], i: 0 };
    y = numeric.slice(1);
  } else {
    return null;
  }
  if (y.length < 1 || y.length > 3 || rows.length < 2) return null;

  if (kinds[x.i] === 'date' || kinds[x.i] === 'numeric') return { type: 'line', x: x.c, y };
  if (rows.length > MAX_BAR_CATEGORIES) return null;
  if (y.length === 1 && rows.length >= 2 && rows.length <= MAX_PIE_SLICES) {
    const yi = columns.indexOf(y[0]);
    const values = rows.map((r) => toNumber(r[yi]));
    const total = values.reduce((s, v) => s + v, 0);
    const nonNegative = values.every((v) => v >= 0);
    const sharesLike = SHARE_NAME.test(y[0]) || Math.abs(total - 100) < 0.5 || Math.abs(total - 1) < 0.005;
    if (nonNegative && total > 0 && sharesLike) return { type: 'pie', x: x.c, y };
  }
  return { type: 'bar', x: x.c, y };
}

function columnKind(values: unknown[]): ColumnKind {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return 'empty';
  if (present.every(isNumeric)) return 'numeric';
  if (present.every((v) => v instanceof Date || (typeof v === 'string' && DATE_TEXT.test(v)))) return 'date';
  return 'category';
}

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'bigint') return true;
  return typeof value === 'string' && NUMERIC_TEXT.test(value.trim());
}

function toNumber(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}
