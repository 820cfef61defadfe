import type { ApiHealthResponse, ConnectionView, LlmView, Page, SessionSummary, TraceStatus } from '@nlq/contracts';
import { Link } from 'react-router-dom';
import { useApi } from '../components/api-provider';
import { StatusBadge } from '../components/status-badge';
import { SESSION_ID_CHARS, shortenText } from '../components/shortened-text';
import { formatAge, formatDuration, formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

/**
 * Page / : health (database and model reachability), the active connection and model, query, refusal and error
 * counts (a refusal, trace status `refused`, is an honest "cannot answer" or "not allowed", not a failure)
 * and the recent sessions, each on one line: a long question or id is cut with an ellipsis, the full text
 * in its title. On a phone each session is a small block of labelled values instead of a wide row (`stacked`).
 */
export function OverviewPage() {
  const overview = useOverview();
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
            <ServiceCard health={d.health} />
            <DatabaseCard health={d.health} connections={d.connections} />
            <ModelCard health={d.health} llms={d.llms} />
            <ActivityCard overview={d} />
          </div>

          <h2>Recent sessions</h2>
          <RecentSessions sessions={d.sessions} />
        </>
      )}
    </section>
  );
}

/** What the overview shows: health, connections, models, the recent sessions and the trace counts by status. */
interface Overview {
  health: ApiHealthResponse;
  connections: ConnectionView[];
  llms: LlmView[];
  sessions: Page<SessionSummary>;
  /** Traces in all (one per question asked). */
  queries: number;
  /** Traces with status `error`. */
  errors: number;
  /** Traces with status `refused`. */
  refusals: number;
}

/**
 * Load the overview: GET /api/health, /api/connections, /api/llms, the 10 latest sessions, and the totals of
 * GET /api/traces in all, with status error and with status refused (each read from a one-item page).
 */
function useOverview() {
  const { client } = useApi();
  return useLoad<Overview>(async () => {
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
}

/** The Service card: overall health status, the mode and the age of the cached schema. */
function ServiceCard({ health }: { health: ApiHealthResponse }) {
  return (
    <article className="card" data-testid="health-card">
      <h2>Service</h2>
      <p>
        <StatusBadge status={health.status} testId="health-status" /> mode <strong>{health.mode}</strong>
      </p>
      <p className="muted">Schema cached {formatAge(health.schema_age_seconds)} ago</p>
    </article>
  );
}

/** The Database card: reachability with its latency, the active connection (or a link to add one), the error. */
function DatabaseCard({ health, connections }: { health: ApiHealthResponse; connections: ConnectionView[] }) {
  const active = connections.find((c) => c.active);
  return (
    <article className="card" data-testid="database-card">
      <h2>Database</h2>
      <p>
        <StatusBadge status={health.database.reachable ? 'ok' : 'error'} testId="database-reachable" />{' '}
        {health.database.reachable ? `reachable in ${formatDuration(health.database.latency_ms)}` : 'unreachable'}
      </p>
      {active ? (
        <p>
          <strong data-testid="active-connection">{active.name}</strong>{' '}
          <span className="muted">({active.dialect})</span>
        </p>
      ) : (
        <p className="muted">
          No active connection. <Link to="/connections">Add one</Link>.
        </p>
      )}
      {health.database.error && <p className="error-text">{health.database.error}</p>}
    </article>
  );
}

/**
 * The Model card: reachability with its latency, the active model's name, provider and model (the provider health
 * reports when no model is active), the error.
 */
function ModelCard({ health, llms }: { health: ApiHealthResponse; llms: LlmView[] }) {
  const active = llms.find((l) => l.active);
  const model = active?.model ?? health.model.model;
  return (
    <article className="card" data-testid="model-card">
      <h2>Model</h2>
      <p>
        <StatusBadge status={health.model.reachable ? 'ok' : 'error'} testId="model-reachable" />{' '}
        {health.model.reachable ? `reachable in ${formatDuration(health.model.latency_ms)}` : 'unreachable'}
      </p>
      <p>
        <strong data-testid="active-model">{active ? active.name : health.model.provider}</strong>{' '}
        <span className="muted">
          ({active ? active.provider : health.model.provider}
          {model ? ` · ${model}` : ''})
        </span>
      </p>
      {health.model.error && <p className="error-text">{health.model.error}</p>}
    </article>
  );
}

/** The Activity card: queries, refusals and errors (each linking to their traces) and sessions. */
function ActivityCard({ overview: d }: { overview: Overview }) {
  return (
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
        <TraceCount label="Errors" status="error" count={d.errors} testId="error-count" title="Requests that failed" />
        <div>
          <dt>Sessions</dt>
          <dd data-testid="session-count">{d.sessions.total}</dd>
        </div>
      </dl>
    </article>
  );
}

/**
 * The recent sessions, one line each (stacked as labelled blocks on a phone): the id linking to the chat that
 * continues it, the user, the last question (cut with an ellipsis, whole in its title), counts and last activity.
 */
function RecentSessions({ sessions }: { sessions: Page<SessionSummary> }) {
  if (sessions.items.length === 0) {
    return (
      <p className="muted">
        No sessions yet. <Link to="/chat">Ask a question</Link>.
      </p>
    );
  }
  return (
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
          {sessions.items.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One row of the recent sessions. */
function SessionRow({ session: s }: { session: SessionSummary }) {
  return (
    <tr data-testid="session-row">
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
