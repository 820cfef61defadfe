import { formatCell, formatNumber, isMoneyColumn, numericValue, type ChartSuggestion } from '@nlq/contracts';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toChartPoints } from '../lib/chart-data';

const COLORS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

export interface ResultChartProps {
  columns: string[];
  rows: unknown[][];
  chart: ChartSuggestion;
}

/**
 * The chart the API suggested for a result (ChartSuggestion): bar, line or pie with recharts, or one big number.
 * Axis ticks, tooltips and the big number are formatted for people (contracts value-format: ticks `12,345`; tooltips with two
 * decimals when every plotted column is money). Renders nothing when the suggested columns are not in the result.
 */
export default function ResultChart({ columns, rows, chart }: ResultChartProps) {
  const points = useMemo(() => toChartPoints(columns, rows, chart), [columns, rows, chart]);
  const money = chart.y.length > 0 && chart.y.every(isMoneyColumn);
  // Axis ticks grouped (`250,000`); tooltips exact, two decimals for money.
  const format = (value: unknown, asMoney: boolean) => {
    const n = numericValue(value);
    return n === null ? String(value) : formatNumber(n, asMoney);
  };
  const tick = (value: unknown) => format(value, false);
  const tooltip = (value: unknown) => format(value, money);
  const label = `${chart.type} chart of ${chart.y.join(', ')}${chart.x ? ` by ${chart.x}` : ''}`;

  if (chart.type === 'number') {
    const yi = columns.indexOf(chart.y[0] ?? '');
    const value = yi >= 0 && rows[0] ? rows[0][yi] : null;
    return (
      <figure className="chart chart-number" data-testid="chart" data-chart-type="number" aria-label={label}>
        <div className="big-number">{value === null || value === undefined ? '–' : formatCell(value, chart.y[0] ?? '')}</div>
        <figcaption className="muted">{chart.y[0]}</figcaption>
      </figure>
    );
  }
  if (points.length === 0) return null;

  return (
    <figure className="chart" data-testid="chart" data-chart-type={chart.type} aria-label={label}>
      <ResponsiveContainer width="100%" height={280}>
        {chart.type === 'pie' ? (
          <PieChart>
            <Pie data={points} dataKey={chart.y[0]} nameKey="x" outerRadius={100} label isAnimationActive={false}>
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
            <XAxis dataKey="x" />
            <YAxis tickFormatter={tick} />
            <Tooltip formatter={tooltip} />
            {chart.y.length > 1 && <Legend />}
            {chart.y.map((y, i) => (
              <Line key={y} type="monotone" dataKey={y} stroke={COLORS[i % COLORS.length]} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="x" />
            <YAxis tickFormatter={tick} />
            <Tooltip formatter={tooltip} />
            {chart.y.length > 1 && <Legend />}
            {chart.y.map((y, i) => (
              <Bar key={y} dataKey={y} fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
      <figcaption className="muted small-text">{label}</figcaption>
    </figure>
  );
}
