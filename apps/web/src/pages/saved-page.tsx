import { roleAtLeast, type SavedAnswer, type SavedAnswerResult } from '@nlq/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AddToBoard } from '../components/add-to-board';
import { useApi } from '../components/api-provider';
import { DataTable } from '../components/data-table';
import { ScheduleForm } from '../components/schedule-form';
import { SqlBlock } from '../components/sql-block';
import { useToast } from '../components/toasts';
import { formatTime } from '../lib/format';
import { rowsLabel, truncationNote } from '../lib/row-count';
import { useLoad } from '../lib/use-load';

/**
 * Page /saved: the caller's saved answers (GET /api/saved; the service key sees everyone's), newest first. "Run"
 * reads each one again now (GET /api/saved/{id}/result: read-only, no model call) and shows its answer in words,
 * when the rows were read, and the table; "Add to board" puts it on a board (role analyst or stronger); "Schedule"
 * opens the form that delivers it on a cron schedule (components/schedule-form.tsx); "Delete" removes it.
 */
export function SavedPage() {
  const { client } = useApi();
  const saved = useLoad(() => client.savedAnswers(), [client]);
  const items = saved.data?.items ?? [];
  return (
    <section aria-labelledby="saved-title">
      <div className="page-head">
        <h1 id="saved-title">Saved answers</h1>
      </div>
      {saved.loading && !saved.data && <p className="muted">Loading…</p>}
      {saved.data && items.length === 0 && (
        <p className="muted" data-testid="saved-empty">
          Nothing saved yet. Use "Save" under an answer in the <Link to="/chat">chat</Link>.
        </p>
      )}
      <ul className="saved-list" data-testid="saved-list">
        {items.map((s) => (
          <SavedItem key={s.id} saved={s} onDeleted={saved.reload} />
        ))}
      </ul>
    </section>
  );
}

/** One saved answer: its name, question and SQL, with Run, Schedule and Delete. */
function SavedItem({ saved, onDeleted }: { saved: SavedAnswer; onDeleted(): void }) {
  const { client, me } = useApi();
  const toast = useToast();
  const [result, setResult] = useState<SavedAnswerResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [scheduling, setScheduling] = useState(false);

  async function run() {
    setBusy(true);
    try {
      setResult(await client.runSaved(saved.id));
    } catch (err) {
      toast.error(err, `Could not run "${saved.name}"`);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete the saved answer "${saved.name}"?`)) return;
    try {
      await client.deleteSaved(saved.id);
      onDeleted();
    } catch (err) {
      toast.error(err);
    }
  }

  return (
    <li className="card saved-item" data-testid="saved-item">
      <div className="row saved-head">
        <h2 className="saved-name">{saved.name}</h2>
        <span className="row">
          <button type="button" className="small" onClick={run} disabled={busy} data-testid="saved-run">
            {busy ? 'Running…' : 'Run'}
          </button>
          {me && roleAtLeast(me.role, 'analyst') && <AddToBoard savedId={saved.id} savedName={saved.name} />}
          {me && roleAtLeast(me.role, 'analyst') && (
            <button
              type="button"
              className="secondary small"
              onClick={() => setScheduling((open) => !open)}
              aria-expanded={scheduling}
              data-testid="saved-schedule"
            >
              Schedule
            </button>
          )}
          <button type="button" className="secondary small" onClick={remove} data-testid="saved-delete">
            Delete
          </button>
        </span>
      </div>
      {scheduling && (
        <ScheduleForm source={{ saved_id: saved.id, name: saved.name }} onClose={() => setScheduling(false)} />
      )}
      {saved.question && <p className="muted">{saved.question}</p>}
      <details>
        <summary className="small-text">SQL</summary>
        <SqlBlock sql={saved.sql} dialect={null} />
      </details>
      {result && (
        <div className="saved-result" data-testid="saved-result">
          <p data-testid="saved-answer">{result.answer}</p>
          <p className="muted small-text" data-testid="saved-read-at">
            Read {formatTime(result.read_at)}
          </p>
          <DataTable
            columns={result.columns}
            rows={result.rows}
            caption={rowsLabel(result.row_count)}
            footer={truncationNote(result.rows.length, result.truncated, result.total_rows)}
          />
        </div>
      )}
    </li>
  );
}
