import {
  formatCell,
  formatCurrency,
  formatNumber,
  isMoneyColumn,
  numericValue,
  type ChartSuggestion,
} from '@nlq/contracts';
import { useMemo, type ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { barLayout, toChartPoints, valueAxisWidth, type BarLayout, type ChartPoint } from '../lib/chart-data';
import { columnTitle } from '../lib/format';

const COLORS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

export interface ResultChartProps {
  columns: string[];
  rows: unknown[][];
  chart: ChartSuggestion;
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value: unknown };
}

/**
 * The chart the API suggested for a result (ChartSuggestion): bar, line or pie with recharts, or one big number.
 * Every bar is labelled: short labels under their bars (rotated past 6 bars), long names or many
 * bars as a horizontal bar chart with wrapped labels on the left (lib/chart-data barLayout); category labels are
 * SVG text with class `category-tick`. Value axes are grouped numbers (`250,000`) in an axis as wide as the largest needs;
 * tooltips are exact (`$1,234.50` when every plotted column is money), series and captions named in words
 * (`Total sales`). Renders nothing when the suggested columns are not in the result.
 */
export default function ResultChart({ columns, rows, chart }: ResultChartProps) {
  const points = useMemo(() => toChartPoints(columns, rows, chart), [columns, rows, chart]);
  const layout = useMemo(() => barLayout(points), [points]);
  const valueAxis = useMemo(() => valueAxisWidth(points, chart.y), [points, chart.y]);
  const label = `${chart.type} chart of ${chart.y.map(columnTitle).join(', ')}${chart.x ? ` by ${columnTitle(chart.x)}` : ''}`;

  if (chart.type === 'number') return <NumberFigure columns={columns} rows={rows} chart={chart} label={label} />;
  if (points.length === 0) return null;

  const plot: Plot = {
    chart,
    points,
    layout,
    valueAxis,
    ...valueFormatters(chart),
    categoryTick: categoryTickRenderer(layout),
    series: chart.y.map((y, i) => ({ key: y, name: columnTitle(y), color: COLORS[i % COLORS.length] })),
  };
  const height = chart.type === 'bar' ? layout.height : 300;

  return (
    <figure
      className="chart"
      data-testid="chart"
      data-chart-type={chart.type}
      data-layout={chart.type === 'bar' && layout.horizontal ? 'horizontal' : 'vertical'}
      aria-label={label}
    >
      <ResponsiveContainer width="100%" height={height}>
        {chart.type === 'pie' ? pieChart(plot) : chart.type === 'line' ? lineChart(plot) : barChart(plot)}
      </ResponsiveContainer>
      <figcaption className="muted small-text">{label}</figcaption>
    </figure>
  );
}

/** A chart suggestion of type `number`: the first row's value of its y column, big, with the column in words. */
function NumberFigure({ columns, rows, chart, label }: ResultChartProps & { label: string }) {
  const yi = columns.indexOf(chart.y[0] ?? '');
  const value = yi >= 0 && rows[0] ? rows[0][yi] : null;
  return (
    <figure className="chart chart-number" data-testid="chart" data-chart-type="number" aria-label={label}>
      <div className="big-number">
        {value === null || value === undefined ? '–' : formatCell(value, chart.y[0] ?? '', { currency: true })}
      </div>
      <figcaption className="muted">{columnTitle(chart.y[0] ?? '')}</figcaption>
    </figure>
  );
}

/** Everything a bar, line or pie chart is drawn from. */
interface Plot {
  chart: ChartSuggestion;
  points: ChartPoint[];
  layout: BarLayout;
  /** Pixel width of the value axis. */
  valueAxis: number;
  /** A value axis tick: a grouped number (`250,000`), other values as text. */
  tick(value: unknown): string;
  /** A tooltip value: exact, as money (`$1,234.50`) when every plotted column is money. */
  tooltip(value: unknown): string;
  categoryTick(props: TickProps): ReactElement;
  /** One series per y column: its key, its name in words and its colour. */
  series: { key: string; name: string; color: string }[];
}

/** The value formatters of a chart: axis ticks as grouped numbers, tooltips exact (money when every y is money). */
function valueFormatters(chart: ChartSuggestion): Pick<Plot, 'tick' | 'tooltip'> {
  const money = chart.y.length > 0 && chart.y.every(isMoneyColumn);
  return {
    tick: (value: unknown) => {
      const n = numericValue(value);
      return n === null ? String(value) : formatNumber(n);
    },
    tooltip: (value: unknown) => {
      const n = numericValue(value);
      return n === null ? String(value) : money ? formatCurrency(n) : formatNumber(n);
    },
  };
}

/**
 * The category label renderer of a bar chart: a label's wrapped lines centred on the tick (horizontal layout, its
 * whole text as the title) or the label under its tick, rotated past 6 bars (vertical layout).
 */
function categoryTickRenderer(layout: BarLayout) {
  return ({ x: xAt = 0, y: yAt = 0, payload }: TickProps) => {
    const x = Number(xAt);
    const y = Number(yAt);
    const text = String(payload?.value ?? '');
    const lines = layout.lines[text] ?? [text];
    if (layout.horizontal) {
      const top = y - ((lines.length - 1) * 15) / 2;
      return (
        <text
          className="category-tick"
          x={x - 6}
          y={top}
          textAnchor="end"
          dominantBaseline="middle"
          fontSize={12}
          fill="#374151"
        >
          {lines.map((line, i) => (
            <tspan key={i} x={x - 6} dy={i === 0 ? 0 : 15}>
              {line}
            </tspan>
          ))}
          <title>{text}</title>
        </text>
      );
    }
    return (
      <text
        className="category-tick"
        x={x}
        y={y + 12}
        textAnchor={layout.rotated ? 'end' : 'middle'}
        transform={layout.rotated ? `rotate(-35 ${x} ${y + 12})` : undefined}
        fontSize={12}
        fill="#374151"
      >
        {text}
      </text>
    );
  };
}

/** A pie of the first y column over the categories, one colour per slice, with a legend. */
function pieChart({ chart, points, tooltip }: Plot) {
  return (
    <PieChart>
      <Pie
        data={points}
        dataKey={chart.y[0]}
        nameKey="x"
        name={columnTitle(chart.y[0] ?? '')}
        outerRadius="75%"
        isAnimationActive={false}
      >
        {points.map((_, i) => (
          <Cell key={i} fill={COLORS[i % COLORS.length]} />
        ))}
      </Pie>
      <Tooltip formatter={tooltip} />
      <Legend />
    </PieChart>
  );
}

/** One line per y column over the categories (a legend when there are several). */
function lineChart({ points, valueAxis, tick, tooltip, series }: Plot) {
  return (
    <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="x" minTickGap={16} tick={{ fontSize: 12 }} />
      <YAxis tickFormatter={tick} width={valueAxis} tick={{ fontSize: 12 }} />
      <Tooltip formatter={tooltip} />
      {series.length > 1 && <Legend />}
      {series.map((s) => (
        <Line
          key={s.key}
          type="monotone"
          dataKey={s.key}
          name={s.name}
          stroke={s.color}
          dot={false}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

/**
 * Bars per y column: left to right with wrapped category labels down the left axis in the horizontal layout, else
 * up from the categories with every label under its bar (lib/chart-data barLayout).
 */
function barChart({ points, layout, valueAxis, tick, tooltip, categoryTick, series }: Plot) {
  const bars = series.map((s) => (
    <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
  ));
  return layout.horizontal ? (
    <BarChart data={points} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" tickFormatter={tick} tick={{ fontSize: 12 }} />
      <YAxis type="category" dataKey="x" width={layout.categoryAxis} interval={0} tick={categoryTick} />
      <Tooltip formatter={tooltip} />
      {series.length > 1 && <Legend />}
      {bars}
    </BarChart>
  ) : (
    <BarChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="x" interval={0} height={layout.categoryAxis} tick={categoryTick} />
      <YAxis tickFormatter={tick} width={valueAxis} tick={{ fontSize: 12 }} />
      <Tooltip formatter={tooltip} />
      {series.length > 1 && <Legend />}
      {bars}
    </BarChart>
  );
}
