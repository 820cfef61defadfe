import { Link, useParams } from 'react-router-dom';
import { useApi } from '../components/api-provider';
import { SqlBlock } from '../components/sql-block';
import { StatusBadge } from '../components/status-badge';
import { traceAuthors } from '../components/trace-authors';
import { TraceTimeline } from '../components/trace-timeline';
import { formatDuration, formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

/**
 * Page /traces/:id: one trace, who wrote its SQL and its answer (the offline engine, a model or a template), its SQL
 * and its stage timeline (durations, tokens and errors per span). A long question wraps in a box of its own that
 * scrolls; a held write's status follows the decision (approved, rejected or failed).
 */
export function TraceDetailPage() {
  const { id = '' } = useParams();
  const { client } = useApi();
  const trace = useLoad(() => client.trace(id), [client, id]);
  const t = trace.data;
  const tokens = t?.spans.reduce((n, s) => n + (s.tokens ? s.tokens.prompt + s.tokens.completion : 0), 0) ?? 0;
  const authors = t ? traceAuthors(t) : null;
  return (
    <section aria-labelledby="trace-title">
      <p>
        <Link to="/traces">‹ All traces</Link>
      </p>
      <h1 id="trace-title">Trace</h1>
      {trace.loading && !t && <p className="muted">Loading…</p>}
      {!trace.loading && !t && <p className="muted">This trace could not be loaded.</p>}
      {t && (
        <div data-testid="trace-detail">
          <dl className="facts">
            <div className="fact-wide">
              <dt>Question</dt>
              <dd className="long-text" data-testid="trace-question">
                {t.question}
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={t.status} testId="trace-status" />
              </dd>
            </div>
            <div>
              <dt>Started</dt>
              <dd>{formatTime(t.startedAt)}</dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{formatDuration(t.durationMs)}</dd>
            </div>
            <div>
              <dt>Tokens</dt>
              <dd>{tokens || '–'}</dd>
            </div>
            {authors?.sql && (
              <div>
                <dt>SQL written by</dt>
                <dd data-testid="trace-sql-author">{authors.sql}</dd>
              </div>
            )}
            {authors?.answer && (
              <div>
                <dt>Answer worded by</dt>
                <dd data-testid="trace-answer-author">{authors.answer}</dd>
              </div>
            )}
            <div>
              <dt>Session</dt>
              <dd>
                <Link to={`/traces?session=${encodeURIComponent(t.sessionId)}`} className="wrap">
                  <code>{t.sessionId}</code>
                </Link>{' '}
                <span className="muted">({t.userId})</span>
              </dd>
            </div>
          </dl>
          {t.error && (
            <p className="error-text" data-testid="trace-error">
              {t.error}
            </p>
          )}
          {t.sql && <SqlBlock sql={t.sql} dialect={null} />}
          <h2>Stages</h2>
          {t.spans.length === 0 ? <p className="muted">No stages recorded.</p> : <TraceTimeline trace={t} />}
        </div>
      )}
    </section>
  );
}
