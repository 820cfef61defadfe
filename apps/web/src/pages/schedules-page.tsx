import type { Schedule, ScheduleRun } from '@nlq/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { schedulesApi } from '../api/schedules-api';
import { useApi } from '../components/api-provider';
import { StatusBadge } from '../components/status-badge';
import { useToast } from '../components/toasts';
import { formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

/** How often the run history of a schedule with a pending run is read again, in ms. */
const POLL_MS = 1000;

/**
 * Page /schedules: the caller's schedules (GET /api/schedules; an admin sees everyone's), newest first, each with
 * its timing, targets (webhooks as scheme and host only), condition and next run; "Run now" starts a run and its
 * history (due time, late, status, condition, each delivery's status, attempts and last error) is read again until
 * no run is pending; "Delete" removes the schedule and its history. New schedules are made from the Saved page.
 */
export function SchedulesPage() {
  const { client } = useApi();
  const schedules = useLoad(() => schedulesApi.list(client), [client]);
  const items = schedules.data?.items ?? [];
  return (
    <section aria-labelledby="schedules-title">
      <div className="page-head">
        <h1 id="schedules-title">Schedules</h1>
      </div>
      {schedules.loading && !schedules.data && <p className="muted">Loading…</p>}
      {schedules.data && items.length === 0 && (
        <p className="muted" data-testid="schedules-empty">
          No schedules yet. Use "Schedule" on a <Link to="/saved">saved answer</Link>.
        </p>
      )}
      <ul className="saved-list" data-testid="schedules-list">
        {items.map((s) => (
          <ScheduleItem key={s.id} schedule={s} onChanged={schedules.reload} />
        ))}
      </ul>
    </section>
  );
}

/** A schedule's condition in words. */
function conditionText(schedule: Schedule): string {
  const c = schedule.condition;
  if (!c) return 'always';
  if (c.type === 'not_empty') return 'when there are rows';
  return `when the first number is ${c.type} ${c.value}`;
}

/** The run history of one schedule, read again every second while a run is pending. */
function useRuns(id: string) {
  const { client } = useApi();
  const runs = useLoad(() => schedulesApi.runs(client, id), [client, id]);
  const pending = (runs.data?.items ?? []).some((r) => r.status === 'pending');
  const { reload } = runs;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, runs.data, reload]);
  return runs;
}

/** One schedule: what it sends where and when, Run now, Pause or Resume, Delete, and its run history. */
function ScheduleItem({ schedule, onChanged }: { schedule: Schedule; onChanged(): void }) {
  const { client } = useApi();
  const toast = useToast();
  const runs = useRuns(schedule.id);
  const [busy, setBusy] = useState(false);

  async function runNow() {
    setBusy(true);
    try {
      await schedulesApi.runNow(client, schedule.id);
      runs.reload();
    } catch (err) {
      toast.error(err, `Could not run "${schedule.name}"`);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete the schedule "${schedule.name}" and its history?`)) return;
    try {
      await schedulesApi.remove(client, schedule.id);
      onChanged();
    } catch (err) {
      toast.error(err);
    }
  }

  /** Pause (no slot runs; Run now still does) or resume (the next slot counted from now): PATCH `enabled`. */
  async function toggle() {
    try {
      await schedulesApi.update(client, schedule.id, { enabled: !schedule.enabled });
      onChanged();
    } catch (err) {
      toast.error(err, `Could not change "${schedule.name}"`);
    }
  }

  const targets = schedule.deliver.map((d) =>
    d.type === 'webhook' ? `${d.format} webhook ${d.url}` : d.to.join(', '),
  );
  return (
    <li className="card saved-item" data-testid="schedule-item">
      <div className="row saved-head">
        <h2 className="saved-name">{schedule.name}</h2>
        <span className="row">
          <button type="button" className="small" onClick={runNow} disabled={busy} data-testid="schedule-run">
            {busy ? 'Starting…' : 'Run now'}
          </button>
          <button type="button" className="secondary small" onClick={toggle} data-testid="schedule-toggle">
            {schedule.enabled ? 'Pause' : 'Resume'}
          </button>
          <button type="button" className="secondary small" onClick={remove} data-testid="schedule-delete">
            Delete
          </button>
        </span>
      </div>
      <p className="muted small-text" data-testid="schedule-timing">
        <code>{schedule.cron}</code> ({schedule.timezone}){schedule.enabled ? '' : ', paused'} · next{' '}
        {schedule.next_run_at ? formatTime(schedule.next_run_at) : 'never'} · sends {conditionText(schedule)}
      </p>
      <p className="small-text schedule-targets" data-testid="schedule-targets">
        To: {targets.join('; ')}
      </p>
      <RunHistory runs={runs.data?.items ?? []} />
    </li>
  );
}

/** The latest runs (at most 10): when, status, and each delivery. */
function RunHistory({ runs }: { runs: ScheduleRun[] }) {
  if (runs.length === 0) return <p className="muted small-text">No runs yet.</p>;
  return (
    <ul className="schedule-runs" data-testid="schedule-runs">
      {runs.slice(0, 10).map((run) => (
        <li key={run.id} data-testid="schedule-run-row">
          <span className="row">
            <StatusBadge status={run.status} testId="schedule-run-status" />
            <span className="small-text">
              {formatTime(run.due_at)}
              {run.late ? ' (late)' : ''}
              {run.trigger === 'request' ? ' · by hand' : ''}
              {run.condition_met === false ? ' · condition not met' : ''}
            </span>
          </span>
          {run.error && <span className="error-text small-text">{run.error}</span>}
          <ul className="schedule-deliveries">
            {run.deliveries.map((d, i) => (
              <li key={i} className="small-text" data-testid="schedule-delivery">
                {d.type} {d.target}: {d.status}, {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                {d.delivered_at ? ` · ${formatTime(d.delivered_at)}` : ''}
                {d.last_error ? ` · ${d.last_error}` : ''}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
