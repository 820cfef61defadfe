import type { TraceStatus } from '@nlq/contracts';
import { Link } from 'react-router-dom';
import { useApi } from '../components/api-provider';
import { StatusBadge } from '../components/status-badge';
import { SESSION_ID_CHARS, shortenText } from '../components/shortened-text';
import { formatAge, formatDuration, formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

/**
 * Page / : health (database and model reachability), the active connection and model, query, refusal and error
 * counts (a refusal, trace status `refused`, is an honest "cannot answer" or "not allowed", not a failure;
 * item 6) and the recent sessions, each on one line: a long question or id is cut with an ellipsis, the full text
 * in its title. On a phone each session is a small block of labelled values instead of a wide row (`stacked`).
 */
export function OverviewPage() {
  const { client } = useApi();
  const overview = useLoad(async () => {
    const [health, connections, llms, sessions, traces, errors, refusals] = await Promise.all([
      client.health(),
      client.connections(),
      client.llms(),
      client.sessions({ page: 1, page_size: 10 }),
      client.traces({ page: 1, page_size: 1 }),
      client.traces({ page: 1, page_size: 1, status: 'error' }),
      client.traces({ page: 1, page_size: 1, status: 'refused' }),
    ]);
    return {
      health,
      connections,
      llms,
      sessions,
      queries: traces.total,
      errors: errors.total,
      refusals: refusals.total,
    };
  }, [client]);
  const d = overview.data;

  return (
    <section aria-labelledby="overview-title">
      <div className="page-head">
        <h1 id="overview-title">Overview</h1>
        <button type="button" className="secondary" onClick={overview.reload} data-testid="overview-reload">
          Refresh
        </button>
      </div>
      {!d && overview.loading && <p className="muted">Loading…</p>}
      {d && (
        <>
          <div className="cards">
            <article className="card" data-testid="health-card">
              <h2>Service</h2>
              <p>
                <StatusBadge status={d.health.status} testId="health-status" /> mode <strong>{d.health.mode}</strong>
              </p>
              <p className="muted">Schema cached {formatAge(d.health.schema_age_seconds)} ago</p>
            </article>
            <article className="card" data-testid="database-card">
              <h2>Database</h2>
              <p>
                <StatusBadge status={d.health.database.reachable ? 'ok' : 'error'} testId="database-reachable" />{' '}
                {d.health.database.reachable
                  ? `reachable in ${formatDuration(d.health.database.latency_ms)}`
                  : 'unreachable'}
              </p>
              {(() => {
                const active = d.connections.find((c) => c.active);
                return active ? (
                  <p>
                    <strong data-testid="active-connection">{active.name}</strong>{' '}
                    <span className="muted">({active.dialect})</span>
                  </p>
                ) : (
                  <p className="muted">
                    No active connection. <Link to="/connections">Add one</Link>.
                  </p>
                );
              })()}
              {d.health.database.error && <p className="error-text">{d.health.database.error}</p>}
            </article>
            <article className="card" data-testid="model-card">
              <h2>Model</h2>
              <p>
                <StatusBadge status={d.health.model.reachable ? 'ok' : 'error'} testId="model-reachable" />{' '}
                {d.health.model.reachable ? `reachable in ${formatDuration(d.health.model.latency_ms)}` : 'unreachable'}
              </p>
              {(() => {
                const active = d.llms.find((l) => l.active);
                return (
                  <p>
                    <strong data-testid="active-model">{active ? active.name : d.health.model.provider}</strong>{' '}
                    <span className="muted">
                      ({active ? active.provider : d.health.model.provider}
                      {(active?.model ?? d.health.model.model) ? ` · ${active?.model ?? d.health.model.model}` : ''})
                    </span>
                  </p>
                );
              })()}
              {d.health.model.error && <p className="error-text">{d.health.model.error}</p>}
            </article>
            <article className="card" data-testid="counts-card">
              <h2>Activity</h2>
              <dl className="counts">
                <div>
                  <dt>Queries</dt>
                  <dd data-testid="query-count">{d.queries}</dd>
                </div>
                <TraceCount
                  label="Refusals"
                  status="refused"
                  count={d.refusals}
                  testId="refusal-count"
                  title="Questions nlq declined honestly: not answerable from the data, or not allowed"
                />
                <TraceCount
                  label="Errors"
                  status="error"
                  count={d.errors}
                  testId="error-count"
                  title="Requests that failed"
                />
                <div>
                  <dt>Sessions</dt>
                  <dd data-testid="session-count">{d.sessions.total}</dd>
                </div>
              </dl>
            </article>
          </div>

          <h2>Recent sessions</h2>
          {d.sessions.items.length === 0 ? (
            <p className="muted">
              No sessions yet. <Link to="/chat">Ask a question</Link>.
            </p>
          ) : (
            <div className="table-wrap">
              <table className="data stacked" data-testid="sessions-table">
                <thead>
                  <tr>
                    <th scope="col">Session</th>
                    <th scope="col">User</th>
                    <th scope="col">Last question</th>
                    <th scope="col">Queries</th>
                    <th scope="col">Errors</th>
                    <th scope="col">Last activity</th>
                  </tr>
                </thead>
                <tbody>
                  {d.sessions.items.map((s) => (
                    <tr key={s.id} data-testid="session-row">
                      <td className="one-line" data-label="Session">
                        <Link
                          to={`/chat?session=${encodeURIComponent(s.id)}`}
                          title={`Continue session ${s.id} in chat`}
                          data-testid="session-id"
                        >
                          <code>{shortenText(s.id, SESSION_ID_CHARS)}</code>
                        </Link>
                      </td>
                      <td className="one-line" data-label="User">
                        {s.user_id}
                      </td>
                      <td className="cell-text" data-label="Last question">
                        {s.last_question ? (
                          <span className="one-line" title={s.last_question} data-testid="session-last-question">
                            {shortenText(s.last_question)}
                          </span>
                        ) : (
                          <span className="muted">–</span>
                        )}
                      </td>
                      <td className="num" data-label="Queries">
                        {s.query_count}
                      </td>
                      <td className="num" data-label="Errors">
                        {s.error_count}
                      </td>
                      <td className="one-line" data-label="Last activity">
                        {formatTime(s.last_activity)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** One count of the Activity card: the number of traces of `status`, linking to their list. */
function TraceCount({
  label,
  status,
  count,
  testId,
  title,
}: {
  label: string;
  status: TraceStatus;
  count: number;
  testId: string;
  title: string;
}) {
  return (
    <div title={title}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <Link to={`/traces?status=${status}`}>{count}</Link>
      </dd>
    </div>
  );
}
