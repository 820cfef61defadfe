import { formatNumber, numericValue, type ChartSuggestion } from '@nlq/contracts';

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

/** Longest category label (characters) a vertical bar chart shows under its bars; longer ones turn it horizontal. */
const SHORT_LABEL = 12;
/** Most bars a vertical bar chart shows; more turn it horizontal (one row per category, every one labelled). */
const MAX_VERTICAL_BARS = 10;
/** Characters per line of a wrapped category label of a horizontal bar chart. */
const LINE_CHARS = 22;

/** `text` broken at spaces into lines of at most `maxChars` (a longer word is cut into pieces); never drops text. */
export function wrapLabel(text: string, maxChars = LINE_CHARS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const pieces = word.match(new RegExp(`.{1,${maxChars}}`, 'g')) ?? [word];
    for (const piece of pieces) {
      if (!line) line = piece;
      else if (line.length + 1 + piece.length <= maxChars) line += ` ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** How a bar chart lays out its categories so that every bar is labelled and no label is cut. */
export interface BarLayout {
  /** Bars run left to right with the categories down the left axis (long names, many bars). */
  horizontal: boolean;
  /** Vertical chart: labels rotated (more than 6 bars). */
  rotated: boolean;
  /** Pixel height of the whole chart. */
  height: number;
  /** Pixels reserved for the category axis: its width (horizontal) or height (vertical). */
  categoryAxis: number;
  /** Each category's label lines. */
  lines: Record<string, string[]>;
}

/**
 * The layout of a bar chart of `points`: vertical with every label under its bar (rotated past 6 bars) when the
 * labels are short (at most 12 characters) and there are at most 10 bars; otherwise horizontal, one row per category
 * with its label wrapped at 22 characters on the left. Sizes are estimates from a 7 px average character width.
 */
export function barLayout(points: readonly ChartPoint[]): BarLayout {
  const labels = points.map((p) => String(p.x ?? ''));
  const longest = labels.reduce((n, l) => Math.max(n, l.length), 0);
  const horizontal = longest > SHORT_LABEL || points.length > MAX_VERTICAL_BARS;
  if (!horizontal) {
    const rotated = points.length > 6;
    const lines = Object.fromEntries(labels.map((l) => [l, [l]]));
    return {
      horizontal,
      rotated,
      height: 300 + (rotated ? longest * 5 : 0),
      categoryAxis: rotated ? Math.ceil(longest * 5.5) + 16 : 30,
      lines,
    };
  }
  const lines = Object.fromEntries(labels.map((l) => [l, wrapLabel(l)]));
  const widest = Object.values(lines).reduce((n, ls) => Math.max(n, ...ls.map((l) => l.length)), 0);
  const rowHeight = Math.max(30, Object.values(lines).reduce((n, ls) => Math.max(n, ls.length), 1) * 15 + 12);
  return {
    horizontal,
    rotated: false,
    height: points.length * rowHeight + 50,
    categoryAxis: Math.ceil(widest * 7) + 14,
    lines,
  };
}

/**
 * Pixels a vertical value axis needs so that no tick label is cut: the grouped text of the largest magnitude among
 * the plotted `keys` (`739,157`), at about 7 px a character plus the tick line; at least 40.
 */
export function valueAxisWidth(points: readonly ChartPoint[], keys: readonly string[]): number {
  let max = 0;
  for (const p of points) for (const k of keys) max = Math.max(max, Math.abs(Number(p[k] ?? 0)) || 0);
  const text = formatNumber(Math.ceil(max));
  return Math.max(40, (text.length + 1) * 7 + 12);
}
