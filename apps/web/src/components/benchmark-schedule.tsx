import type { Benchmark, BenchmarkSchedule } from '@nlq/contracts';
import { useState } from 'react';
import { formatTime } from '../lib/format';
import { localTimeZone } from '../lib/time-zone';

/**
 * A benchmark's schedule (docs/http-api.md "Benchmarks", "Runs on a schedule"): the cron expression and time zone with
 * the next due run, or "No schedule"; "Edit schedule" opens a small form (5-field cron or a nickname such as `@daily`,
 * an IANA time zone) whose Save calls `onSave` with the schedule, and "Remove" with null. The api validates both
 * fields; its 400 is shown by the caller's toast.
 */
export function BenchmarkScheduleForm({
  benchmark,
  onSave,
}: {
  benchmark: Benchmark;
  onSave(schedule: BenchmarkSchedule | null): Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [cron, setCron] = useState(benchmark.schedule?.cron ?? '0 6 * * 1');
  const [timezone, setTimezone] = useState(() => benchmark.schedule?.timezone ?? localTimeZone());
  const [busy, setBusy] = useState(false);

  async function save(schedule: BenchmarkSchedule | null) {
    setBusy(true);
    try {
      if (await onSave(schedule)) setEditing(false);
    } finally {
      setBusy(false);
    }
  }

  const summary = benchmark.schedule
    ? `Runs on “${benchmark.schedule.cron}” (${benchmark.schedule.timezone})` +
      (benchmark.next_run_at ? ` · next ${formatTime(benchmark.next_run_at)}` : '')
    : 'No schedule';
  if (!editing)
    return (
      <p className="muted small-text row" data-testid="benchmark-schedule">
        <span>{summary}</span>
        <button type="button" className="link" onClick={() => setEditing(true)} data-testid="benchmark-schedule-edit">
          Edit schedule
        </button>
      </p>
    );
  return (
    <form
      className="row"
      aria-label="Benchmark schedule"
      onSubmit={(e) => {
        e.preventDefault();
        void save({ cron: cron.trim(), timezone: timezone.trim() });
      }}
    >
      <label>
        Cron <input value={cron} onChange={(e) => setCron(e.target.value)} data-testid="benchmark-schedule-cron" />
      </label>
      <label>
        Time zone{' '}
        <input value={timezone} onChange={(e) => setTimezone(e.target.value)} data-testid="benchmark-schedule-tz" />
      </label>
      <button type="submit" disabled={busy || !cron.trim()} data-testid="benchmark-schedule-save">
        Save
      </button>
      {benchmark.schedule && (
        <button type="button" className="secondary" disabled={busy} onClick={() => void save(null)}>
          Remove
        </button>
      )}
      <button type="button" className="secondary" onClick={() => setEditing(false)}>
        Cancel
      </button>
    </form>
  );
}
