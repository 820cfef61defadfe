import type { Trace } from '@nlq/contracts';
import { formatDuration } from '../lib/format';
import { StatusBadge } from './status-badge';

/**
 * A trace's stage timeline: one row a span, its bar offset by the span's start relative to the trace start and as
 * wide as its share of the total duration; tokens and errors beside it.
 */
export function TraceTimeline({ trace }: { trace: Trace }) {
  const t0 = Date.parse(trace.startedAt);
  const spanEnd = trace.spans.reduce((m, s) => Math.max(m, Date.parse(s.startedAt) - t0 + s.durationMs), 0);
  const total = Math.max(trace.durationMs, spanEnd, 1);
  return (
    <div className="timeline" role="table" aria-label="Stage timeline" data-testid="trace-timeline">
      <div className="timeline-row timeline-head" role="row">
        <span role="columnheader">Stage</span>
        <span role="columnheader">Time (total {formatDuration(trace.durationMs)})</span>
        <span role="columnheader">Duration</span>
        <span role="columnheader">Outcome</span>
        <span role="columnheader">Tokens</span>
      </div>
      {trace.spans.map((s, i) => {
        const offset = Number.isFinite(t0) ? Math.max(0, Date.parse(s.startedAt) - t0) : 0;
        const left = Math.min(100, (offset / total) * 100);
        const width = Math.min(100 - left, (s.durationMs / total) * 100);
        return (
          <div className="timeline-row" role="row" key={`${s.name}-${i}`} data-testid="trace-span" data-stage={s.name}>
            <span role="cell" className="stage-name">
              {s.name}
            </span>
            <span role="cell" className="bar-track">
              <span
                className={`bar bar-${s.outcome}`}
                style={{ left: `${left}%`, width: `max(2px, ${width}%)` }}
                title={`${s.name}: ${formatDuration(s.durationMs)}`}
              />
            </span>
            <span role="cell" className="num">
              {formatDuration(s.durationMs)}
            </span>
            <span role="cell">
              <StatusBadge status={s.outcome} />
            </span>
            <span role="cell" className="num">
              {s.tokens ? `${s.tokens.prompt} + ${s.tokens.completion}` : '–'}
            </span>
            {(s.error || (s.detail && Object.keys(s.detail).length > 0)) && (
              <span role="cell" className="span-extra">
                {s.error && <span className="error-text">{s.error}</span>}
                {s.detail && Object.keys(s.detail).length > 0 && (
                  <code className="muted small-text">{JSON.stringify(s.detail)}</code>
                )}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
