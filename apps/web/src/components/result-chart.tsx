import {
  formatCell,
  formatCurrency,
  formatNumber,
  isMoneyColumn,
  numericValue,
  type ChartSuggestion,
} from '@nlq/contracts';
import { useMemo } from 'react';
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
import { barLayout, toChartPoints, valueAxisWidth } from '../lib/chart-data';
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
  const money = chart.y.length > 0 && chart.y.every(isMoneyColumn);
  const tick = (value: unknown) => {
    const n = numericValue(value);
    return n === null ? String(value) : formatNumber(n);
  };
  const tooltip = (value: unknown) => {
    const n = numericValue(value);
    return n === null ? String(value) : money ? formatCurrency(n) : formatNumber(n);
  };
  const label = `${chart.type} chart of ${chart.y.map(columnTitle).join(', ')}${chart.x ? ` by ${columnTitle(chart.x)}` : ''}`;

  if (chart.type === 'number') {
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
  if (points.length === 0) return null;

  /** A category label: its wrapped lines, centred on the tick (horizontal) or rotated under it (vertical). */
  const categoryTick = ({ x: xAt = 0, y: yAt = 0, payload }: TickProps) => {
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

  const series = chart.y.map((y, i) => ({ key: y, name: columnTitle(y), color: COLORS[i % COLORS.length] }));
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
        {chart.type === 'pie' ? (
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
        ) : chart.type === 'line' ? (
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
        ) : layout.horizontal ? (
          <BarChart data={points} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={tick} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="x" width={layout.categoryAxis} interval={0} tick={categoryTick} />
            <Tooltip formatter={tooltip} />
            {series.length > 1 && <Legend />}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : (
          <BarChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="x" interval={0} height={layout.categoryAxis} tick={categoryTick} />
            <YAxis tickFormatter={tick} width={valueAxis} tick={{ fontSize: 12 }} />
            <Tooltip formatter={tooltip} />
            {series.length > 1 && <Legend />}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
      <figcaption className="muted small-text">{label}</figcaption>
    </figure>
  );
}
