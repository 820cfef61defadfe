import { TRACE_STATUSES, type TraceStatus, type TraceSummary } from '@nlq/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../components/api-provider';
import { Pager } from '../components/pager';
import { SESSION_ID_CHARS, shortenText } from '../components/shortened-text';
import { StatusBadge } from '../components/status-badge';
import { formatDuration, formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

const STATUSES: readonly TraceStatus[] = TRACE_STATUSES;
const PAGE_SIZE = 20;

/**
 * Page /traces: paged list of pipeline traces, filtered by session and status (kept in the URL); each row on one
 * line, a long question or session id cut with an ellipsis and whole in its title; on a phone each trace is a small
 * block of labelled values instead of a wide row (`stacked`).
 */
export function TracesPage() {
  const { client } = useApi();
  const filters = useTraceFilters();
  const { page, sessionId, status, update } = filters;
  const [sessionInput, setSessionInput] = useState(sessionId);

  const traces = useLoad(
    () => client.traces({ page, page_size: PAGE_SIZE, session_id: sessionId || undefined, status }),
    [client, page, sessionId, status],
  );

  /** Show only the traces of session `id`, from the first page. */
  function showSession(id: string) {
    setSessionInput(id);
    update({ session: id, page: 1 });
  }

  const data = traces.data;
  return (
    <section aria-labelledby="traces-title">
      <div className="page-head">
        <h1 id="traces-title">Traces</h1>
        <button type="button" className="secondary" onClick={traces.reload}>
          Refresh
        </button>
      </div>
      <TraceFilterForm filters={filters} sessionInput={sessionInput} onSessionInput={setSessionInput} />
      {traces.loading && !data && <p className="muted">Loading…</p>}
      {data && data.items.length === 0 && <p className="muted">No traces match.</p>}
      {data && data.items.length > 0 && (
        <>
          <TracesTable traces={data.items} onSession={showSession} />
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            onPage={(p) => update({ page: p })}
            testId="traces-pager"
          />
        </>
      )}
    </section>
  );
}

/** The filters of the traces list as kept in the URL: page, session and status. */
interface TraceFilters {
  /** The page shown (1 when absent or invalid). */
  page: number;
  /** The session filter ('' for any). */
  sessionId: string;
  /** The status filter (undefined for any, or when the URL names no known status). */
  status: TraceStatus | undefined;
  /** Set filters in the URL; '' or undefined removes one, and page 1 is the default. */
  update(next: { page?: number; session?: string; status?: string }): void;
  /** Remove every filter. */
  clear(): void;
}

/** The filters of the traces list, read from and written to the URL (?page=, ?session=, ?status=). */
function useTraceFilters(): TraceFilters {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sessionId = params.get('session') ?? '';
  const statusParam = params.get('status');
  const status = STATUSES.includes(statusParam as TraceStatus) ? (statusParam as TraceStatus) : undefined;

  function update(next: { page?: number; session?: string; status?: string }) {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p);
  }

  return { page, sessionId, status, update, clear: () => setParams(new URLSearchParams()) };
}

/**
 * The filter form: a session id (applied on submit, from the first page), a status (applied when chosen) and Clear
 * while any filter is set.
 */
function TraceFilterForm({
  filters,
  sessionInput,
  onSessionInput,
}: {
  filters: TraceFilters;
  sessionInput: string;
  onSessionInput(value: string): void;
}) {
  const { sessionId, status, update } = filters;

  function applySession(e: FormEvent) {
    e.preventDefault();
    update({ session: sessionInput.trim(), page: 1 });
  }

  return (
    <form className="filters" onSubmit={applySession} aria-label="Filter traces">
      <label htmlFor="trace-session">Session</label>
      <input
        id="trace-session"
        value={sessionInput}
        onChange={(e) => onSessionInput(e.target.value)}
        placeholder="any"
        data-testid="trace-filter-session"
      />
      <label htmlFor="trace-status">Status</label>
      <select
        id="trace-status"
        value={status ?? ''}
        onChange={(e) => update({ status: e.target.value, page: 1 })}
        data-testid="trace-filter-status"
      >
        <option value="">any</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {s.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <button type="submit" className="secondary">
        Filter
      </button>
      {(sessionId || status) && (
        <button
          type="button"
          className="secondary"
          onClick={() => {
            onSessionInput('');
            filters.clear();
          }}
        >
          Clear
        </button>
      )}
    </form>
  );
}

/** The traces, one line each (stacked as labelled blocks on a phone); a session id click filters by that session. */
function TracesTable({ traces, onSession }: { traces: TraceSummary[]; onSession(id: string): void }) {
  return (
    <div className="table-wrap">
      <table className="data stacked" data-testid="traces-table">
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Question</th>
            <th scope="col">Status</th>
            <th scope="col">Duration</th>
            <th scope="col">Stages</th>
            <th scope="col">Session</th>
            <th scope="col">User</th>
          </tr>
        </thead>
        <tbody>
          {traces.map((t) => (
            <TraceRow key={t.id} trace={t} onSession={onSession} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One trace: start, question linking to its detail (cut, whole in its title), status, duration, stages, session. */
function TraceRow({ trace: t, onSession }: { trace: TraceSummary; onSession(id: string): void }) {
  return (
    <tr data-testid="trace-row">
      <td className="one-line" data-label="Started">
        {formatTime(t.startedAt)}
      </td>
      <td className="cell-text" data-label="Question">
        <Link
          to={`/traces/${encodeURIComponent(t.id)}`}
          className="one-line"
          title={t.question || undefined}
          data-testid="trace-link"
        >
          {t.question ? shortenText(t.question) : <span className="muted">(no question)</span>}
        </Link>
      </td>
      <td data-label="Status">
        <StatusBadge status={t.status} />
      </td>
      <td className="num" data-label="Duration">
        {formatDuration(t.durationMs)}
      </td>
      <td className="num" data-label="Stages">
        {t.span_count}
      </td>
      <td className="one-line" data-label="Session">
        <button
          type="button"
          className="link"
          onClick={() => onSession(t.sessionId)}
          title={`Show only session ${t.sessionId}`}
        >
          <code>{shortenText(t.sessionId, SESSION_ID_CHARS)}</code>
        </button>
      </td>
      <td className="one-line" data-label="User">
        {t.userId}
      </td>
    </tr>
  );
}
