import { TRACE_STATUSES, type TraceStatus } from '@nlq/contracts';
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
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sessionId = params.get('session') ?? '';
  const statusParam = params.get('status');
  const status = STATUSES.includes(statusParam as TraceStatus) ? (statusParam as TraceStatus) : undefined;
  const [sessionInput, setSessionInput] = useState(sessionId);

  const traces = useLoad(
    () => client.traces({ page, page_size: PAGE_SIZE, session_id: sessionId || undefined, status }),
    [client, page, sessionId, status],
  );

  function update(next: { page?: number; session?: string; status?: string }) {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p);
  }

  function applySession(e: FormEvent) {
    e.preventDefault();
    update({ session: sessionInput.trim(), page: 1 });
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
      <form className="filters" onSubmit={applySession} aria-label="Filter traces">
        <label htmlFor="trace-session">Session</label>
        <input
          id="trace-session"
          value={sessionInput}
          onChange={(e) => setSessionInput(e.target.value)}
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
              setSessionInput('');
              setParams(new URLSearchParams());
            }}
          >
            Clear
          </button>
        )}
      </form>
      {traces.loading && !data && <p className="muted">Loading…</p>}
      {data && data.items.length === 0 && <p className="muted">No traces match.</p>}
      {data && data.items.length > 0 && (
        <>
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
                {data.items.map((t) => (
                  <tr key={t.id} data-testid="trace-row">
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
                        onClick={() => {
                          setSessionInput(t.sessionId);
                          update({ session: t.sessionId, page: 1 });
                        }}
                        title={`Show only session ${t.sessionId}`}
                      >
                        <code>{shortenText(t.sessionId, SESSION_ID_CHARS)}</code>
                      </button>
                    </td>
                    <td className="one-line" data-label="User">
                      {t.userId}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
