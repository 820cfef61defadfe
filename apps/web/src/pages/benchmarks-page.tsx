import type { Benchmark, BenchmarkRun, ConnectionView } from '@nlq/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useApi } from '../components/api-provider';
import { BenchmarkRunView } from '../components/benchmark-run-view';
import { BenchmarkScheduleForm } from '../components/benchmark-schedule';
import { useToast } from '../components/toasts';
import { saveDownload } from '../lib/download';
import { isForbiddenError } from '../lib/forbidden';
import { formatTime } from '../lib/format';
import { runStartedBy } from '../lib/run-trigger';
import { useBenchmarks } from '../lib/use-benchmarks';
import { useLoad } from '../lib/use-load';

const AccuracyChart = lazy(() => import('../components/accuracy-chart'));

/** How often a run in the background is polled until it is stored (ms). */
const POLL_MS = 500;

/** A YAML document (as the export writes it) pasted or read from a file becomes a new benchmark of the connection. */
function BenchmarkImport({ connectionId, onImported }: { connectionId: string; onImported(b: Benchmark): void }) {
  const { client } = useApi();
  const toast = useToast();
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const created = await client.importBenchmark({ format: 'yaml', content, connection_id: connectionId });
      toast.push('success', 'Benchmark imported', `“${created.name}”: ${created.questions.length} questions.`);
      setContent('');
      onImported(created);
    } catch (err) {
      toast.error(err, 'Import failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card benchmark-import" onSubmit={(e) => void submit(e)} aria-label="Import a benchmark">
      <h2>Import YAML</h2>
      <input
        type="file"
        accept=".yaml,.yml,text/yaml"
        aria-label="YAML file"
        onChange={(e) => void e.target.files?.[0]?.text().then(setContent)}
      />
      <textarea
        rows={5}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={'version: 1\nname: sales basics\nquestions:\n  - question: …\n    expected_sql: SELECT …'}
        aria-label="YAML document"
        data-testid="benchmark-import-yaml"
      />
      <button type="submit" disabled={busy || content.trim() === ''} data-testid="benchmark-import">
        {busy ? 'Importing…' : 'Import'}
      </button>
    </form>
  );
}

/** Start a run in the background and poll it until it is stored; answers the stored run. */
async function runInBackground(client: ReturnType<typeof useApi>['client'], id: string): Promise<BenchmarkRun> {
  const started = await client.startBenchmarkRun(id);
  for (;;) {
    const run = await client.benchmarkRun(id, started.id);
    if (!('status' in run)) return run;
    if (run.status === 'failed') throw new Error(run.error ?? 'The run failed');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * One benchmark: Run now, run after changes, its schedule, YAML export, accuracy over runs, the runs (with what
 * started each) and the chosen run.
 */
function BenchmarkDetail({ benchmark, connection, onChanged }: Detail) {
  const { client } = useApi();
  const toast = useToast();
  const [running, setRunning] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const runs = useLoad(() => client.benchmarkRuns(benchmark.id), [client, benchmark.id]);
  const items = runs.data?.items ?? [];
  const runId = chosen ?? items[0]?.id ?? null;
  const run = useLoad(
    () => (runId ? client.benchmarkRun(benchmark.id, runId) : Promise.resolve(null)),
    [client, benchmark.id, runId],
  );
  useEffect(() => setChosen(null), [benchmark.id]);

  async function runNow() {
    setRunning(true);
    try {
      const done = await runInBackground(client, benchmark.id);
      toast.push('success', 'Run finished', `${Math.round(done.accuracy * 100)}% right (${done.right}/${done.total}).`);
      setChosen(done.id);
      runs.reload();
    } catch (err) {
      toast.error(err, 'Run failed');
    } finally {
      setRunning(false);
    }
  }

  async function change(patch: Parameters<typeof client.updateBenchmark>[1]): Promise<boolean> {
    try {
      onChanged(await client.updateBenchmark(benchmark.id, patch));
      return true;
    } catch (err) {
      toast.error(err, 'Cannot change the benchmark');
      return false;
    }
  }

  const shown = run.data && !('status' in run.data) ? run.data : null;
  return (
    <section className="card" aria-label={`Benchmark ${benchmark.name}`} data-testid="benchmark-detail">
      <div className="page-head">
        <h2>{benchmark.name}</h2>
        <BenchmarkActions
          benchmark={benchmark}
          running={running}
          onRunOnChange={(on) => void change({ run_on_change: on })}
          onRunNow={() => void runNow()}
        />
      </div>
      <p className="muted small-text">
        {benchmark.questions.length} questions · connection {connection?.name ?? benchmark.connection_id}
      </p>
      <BenchmarkScheduleForm key={benchmark.id} benchmark={benchmark} onSave={(schedule) => change({ schedule })} />
      {items.length > 0 && (
        <Suspense fallback={<p className="muted">Loading chart…</p>}>
          <AccuracyChart runs={items} />
        </Suspense>
      )}
      {runs.data && items.length === 0 && <p className="muted">No runs yet: “Run now” runs every question.</p>}
      <RunList items={items} selected={runId} onSelect={setChosen} />
      {shown && <BenchmarkRunView run={shown} dialect={connection?.dialect ?? null} />}
    </section>
  );
}

/** The head actions of a benchmark: the "Run after changes" box, Export YAML (a download) and Run now. */
function BenchmarkActions(props: {
  benchmark: Benchmark;
  /** A run started here is in progress: Run now is disabled. */
  running: boolean;
  onRunOnChange(on: boolean): void;
  onRunNow(): void;
}) {
  const { client } = useApi();
  const toast = useToast();
  const { benchmark, running } = props;
  return (
    <div className="row">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={benchmark.run_on_change}
          onChange={(e) => props.onRunOnChange(e.target.checked)}
          data-testid="benchmark-run-on-change"
        />{' '}
        Run after changes
      </label>
      <button
        type="button"
        className="secondary"
        onClick={() => void client.exportBenchmark(benchmark.id, benchmark.name).then(saveDownload, toast.error)}
        data-testid="benchmark-export"
      >
        Export YAML
      </button>
      <button type="button" disabled={running} onClick={props.onRunNow} data-testid="benchmark-run-now">
        {running ? 'Running…' : 'Run now'}
      </button>
    </div>
  );
}

interface Detail {
  benchmark: Benchmark;
  connection: ConnectionView | undefined;
  onChanged(b: Benchmark): void;
}

/** The runs of a benchmark, newest first; one chosen shows its failures. */
function RunList({
  items,
  selected,
  onSelect,
}: {
  items: Array<Omit<BenchmarkRun, 'results'>>;
  selected: string | null;
  onSelect(id: string): void;
}) {
  if (items.length === 0) return null;
  return (
    <div className="table-wrap">
      <table className="data" data-testid="benchmark-runs">
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">By</th>
            <th scope="col">Accuracy</th>
            <th scope="col">Regressions</th>
            <th scope="col">Changed</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} className={r.id === selected ? 'selected' : undefined} data-testid="benchmark-run-row">
              <td>
                <button type="button" className="link" onClick={() => onSelect(r.id)}>
                  {formatTime(r.started_at)}
                </button>
              </td>
              <td data-testid="benchmark-run-trigger">{runStartedBy(r)}</td>
              <td className="num">
                {Math.round(r.accuracy * 100)}% ({r.right}/{r.total})
              </td>
              <td className="num">{r.regressions.length}</td>
              <td>{r.changes.map((c) => c.part.replace(/_/g, ' ')).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Page /benchmarks: the benchmarks of a connection (the active one by default), each with "Run now", "Run after
 * changes" and YAML export, its accuracy over runs as a chart and each run's failures with the expected and answered
 * results side by side; a YAML import (docs/http-api.md "Benchmarks"). Needs the service key.
 */
export function BenchmarksPage() {
  const { client } = useApi();
  const connections = useLoad(() => client.connections(), [client]);
  const [connectionId, setConnectionId] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const active = connections.data?.find((c) => c.active);
  const current = connectionId || active?.id || null;
  const benchmarks = useBenchmarks(current);
  const list = benchmarks.data ?? [];
  const chosen = list.find((b) => b.id === selected) ?? list[0];
  return (
    <section aria-labelledby="benchmarks-title">
      <div className="page-head">
        <h1 id="benchmarks-title">Benchmarks</h1>
        <div className="filters">
          <label htmlFor="benchmark-connection">Connection</label>
          <select
            id="benchmark-connection"
            value={current ?? ''}
            onChange={(e) => {
              setConnectionId(e.target.value);
              setSelected(null);
            }}
          >
            {(connections.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isForbiddenError(benchmarks.error) && (
        <p className="muted" role="note">
          Benchmarks need the service key; the key in use is a user key. Use “Change key” to enter the service key.
        </p>
      )}
      {benchmarks.data && list.length === 0 && !benchmarks.error && (
        <p className="muted">No benchmarks for this connection yet: import one, or add answers from the chat.</p>
      )}
      {list.length > 0 && (
        <nav className="benchmark-tabs" aria-label="Benchmarks of the connection">
          {list.map((b) => (
            <button
              key={b.id}
              type="button"
              className={b.id === chosen?.id ? 'pressed' : 'secondary'}
              aria-pressed={b.id === chosen?.id}
              onClick={() => setSelected(b.id)}
              data-testid="benchmark-tab"
            >
              {b.name}
            </button>
          ))}
        </nav>
      )}
      {chosen && (
        <BenchmarkDetail
          benchmark={chosen}
          connection={connections.data?.find((c) => c.id === chosen.connection_id)}
          onChanged={() => benchmarks.reload()}
        />
      )}
      {current && !benchmarks.error && (
        <BenchmarkImport
          connectionId={current}
          onImported={(b) => {
            setSelected(b.id);
            benchmarks.reload();
          }}
        />
      )}
    </section>
  );
}
