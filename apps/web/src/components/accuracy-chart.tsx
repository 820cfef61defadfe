import type { BenchmarkRunList } from '@nlq/contracts';
import { useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '../lib/format';

export interface AccuracyChartProps {
  /** Runs newest first, as GET /api/benchmarks/{id}/runs lists them. */
  runs: BenchmarkRunList['items'];
}

/**
 * A benchmark's accuracy over its runs, oldest to newest, as a recharts line (the library of the chat's result
 * charts): percent on the value axis (0 to 100), each run's start time in the tooltip with right / total.
 */
export default function AccuracyChart({ runs }: AccuracyChartProps) {
  const points = useMemo(
    () =>
      [...runs].reverse().map((r, i) => ({
        run: `#${i + 1}`,
        accuracy: Math.round(r.accuracy * 1000) / 10,
        label: `${formatTime(r.started_at)} · ${r.right}/${r.total} right`,
      })),
    [runs],
  );
  return (
    <div className="chart accuracy-chart" data-testid="accuracy-chart" aria-label="Accuracy over runs" role="img">
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="run" />
          <YAxis domain={[0, 100]} unit="%" width={48} />
          <Tooltip
            formatter={(value) => [`${String(value)}%`, 'Accuracy']}
            labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.label ?? '')}
          />
          <Line type="monotone" dataKey="accuracy" stroke="#2563eb" strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
