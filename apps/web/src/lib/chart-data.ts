import { numericValue, type ChartSuggestion } from '@nlq/contracts';

/** One chart point: the x category under `x`, each y column under its own name (numbers). */
export type ChartPoint = Record<string, string | number | null>;

/**
 * Turn result rows into chart points for a ChartSuggestion (contracts api.ts): x values as text, y values as
 * numbers (numeric strings such as PostgreSQL NUMERIC or bigint are parsed; anything else becomes null).
 * Unknown column names are ignored; answers [] when the x column (if any) or every y column is missing.
 */
export function toChartPoints(columns: string[], rows: unknown[][], chart: ChartSuggestion): ChartPoint[] {
  const xi = chart.x !== undefined ? columns.indexOf(chart.x) : -1;
  if (chart.x !== undefined && xi < 0) return [];
  const ys = chart.y.map((name) => ({ name, i: columns.indexOf(name) })).filter((y) => y.i >= 0);
  if (ys.length === 0) return [];
  return rows.map((row, n) => {
    const point: ChartPoint = { x: xi >= 0 ? String(row[xi] ?? 'NULL') : String(n + 1) };
    for (const y of ys) point[y.name] = numericValue(row[y.i]);
    return point;
  });
}
