import type { BenchmarkResult, BenchmarkRun, Dialect } from '@nlq/contracts';
import { formatDuration, formatTime } from '../lib/format';
import { DataTable } from './data-table';
import { SqlBlock } from './sql-block';
import { StatusBadge } from './status-badge';

/** The reasons of a verdict in words (contracts MismatchReason). */
function reasonText(reason: string): string {
  return reason.replace(/_/g, ' ');
}

/** One side of a failure: its SQL and its first rows (at most 20, as the run keeps them). */
function ResultSide({
  title,
  sql,
  columns,
  rows,
  dialect,
  testId,
}: {
  title: string;
  sql: string;
  columns: string[];
  rows: unknown[][];
  dialect: Dialect | null;
  testId: string;
}) {
  return (
    <div className="benchmark-side" data-testid={testId}>
      <h4>{title}</h4>
      {sql ? <SqlBlock sql={sql} dialect={dialect} /> : <p className="muted">No SQL.</p>}
      {columns.length > 0 && <DataTable columns={columns} rows={rows} pageSize={5} />}
    </div>
  );
}

/** A question that was not right: verdict, reasons, warnings, then expected and actual side by side. */
function Failure({ result, dialect }: { result: BenchmarkResult; dialect: Dialect | null }) {
  return (
    <article className="card benchmark-failure" data-testid="benchmark-failure">
      <p>
        <StatusBadge status={result.status} testId="benchmark-failure-status" /> <strong>{result.question}</strong>
        {result.context.length > 0 && <span className="muted small-text"> after {result.context.join(' → ')}</span>}
      </p>
      {result.reasons.length > 0 && (
        <p className="small-text" data-testid="benchmark-failure-reasons">
          Why: {result.reasons.map(reasonText).join(', ')}
        </p>
      )}
      {result.warnings.map((w) => (
        <p key={w} className="muted small-text">
          {w}
        </p>
      ))}
      <div className="benchmark-sides">
        <ResultSide
          title="Expected"
          sql={result.expected_sql}
          columns={result.expected_columns}
          rows={result.expected_rows}
          dialect={dialect}
          testId="benchmark-expected"
        />
        <ResultSide
          title="Answered"
          sql={result.sql}
          columns={result.columns}
          rows={result.rows}
          dialect={dialect}
          testId="benchmark-actual"
        />
      </div>
    </article>
  );
}

/**
 * One stored run: accuracy, what changed since the run before, its regressions, then every question not right with
 * the expected and the answered SQL and rows side by side and the reasons (docs/http-api.md "Benchmarks").
 */
export function BenchmarkRunView({ run, dialect }: { run: BenchmarkRun; dialect: Dialect | null }) {
  const failures = run.results.filter((r) => r.status !== 'right');
  const seconds = Date.parse(run.finished_at) - Date.parse(run.started_at);
  return (
    <section className="benchmark-run" aria-label="Run" data-testid="benchmark-run">
      <h3>
        Run of {formatTime(run.started_at)}: {Math.round(run.accuracy * 100)}% ({run.right}/{run.total} right,{' '}
        {formatDuration(seconds)})
      </h3>
      {run.changes.length > 0 && (
        <p className="small-text" data-testid="benchmark-changes">
          Changed since the run before: {run.changes.map((c) => c.part.replace(/_/g, ' ')).join(', ')}
        </p>
      )}
      {run.regressions.length > 0 && (
        <div className="benchmark-regressions" role="alert" data-testid="benchmark-regressions">
          Regressions (right in the run before, not now):
          <ul>
            {run.regressions.map((r, i) => (
              <li key={i}>
                {r.question}: {r.before} → {r.now}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failures.length === 0 ? (
        <p className="muted">Every question was right.</p>
      ) : (
        failures.map((r, i) => <Failure key={i} result={r} dialect={dialect} />)
      )}
    </section>
  );
}
