import type { ChartSuggestion, ChatResponse, HistoryEntry } from '@nlq/contracts';
import { lazy, Suspense } from 'react';
import { rowsLabel, truncationNote } from '../lib/row-count';
import { DataTable } from './data-table';

const ResultChart = lazy(() => import('./result-chart'));

/**
 * The rows of a turn: the answer's result (with the real total when the row limit cut it) unless it is a pending
 * write; for a turn loaded from history its kept first page (lib/row-count.ts, kept-result in @nlq/contracts), or a
 * note that the rows were not kept. Each with its suggested chart above the table.
 */
export function TurnResult({ response: r, entry: e }: { response?: ChatResponse; entry?: HistoryEntry }) {
  const footer = r ? truncationNote(r.row_count, r.truncated, r.total_rows) : null;
  const kept = !r && e?.status === 'ok' ? e.result : null;
  return (
    <>
      {r && r.columns.length > 0 && !r.pending_approval && (
        <ChartAndTable
          columns={r.columns}
          rows={r.rows}
          chart={r.chart}
          caption={rowsLabel(r.row_count)}
          footer={footer && `${footer}. Export for more.`}
        />
      )}
      {kept && kept.columns.length > 0 && (
        <ChartAndTable
          columns={kept.columns}
          rows={kept.rows}
          chart={kept.chart}
          caption={rowsLabel(e?.row_count ?? kept.rows.length)}
          footer={
            kept.more
              ? `The first ${kept.rows.length.toLocaleString('en-US')} rows are kept with the session. Export to run the query again for all of them.`
              : null
          }
        />
      )}
      {e && !r && !kept && e.status === 'ok' && e.row_count !== null && (
        <p className="muted small-text">{e.row_count} rows (not kept in history; export to see them)</p>
      )}
    </>
  );
}

/** A result's suggested chart (loaded lazily; none without a suggestion) above its table. */
function ChartAndTable(props: {
  columns: string[];
  rows: unknown[][];
  chart?: ChartSuggestion | null;
  caption: string;
  footer: string | null;
}) {
  const { columns, rows, chart } = props;
  return (
    <>
      {chart && (
        <Suspense fallback={<p className="muted">Loading chart…</p>}>
          <ResultChart columns={columns} rows={rows} chart={chart} />
        </Suspense>
      )}
      <DataTable columns={columns} rows={rows} caption={props.caption} footer={props.footer} />
    </>
  );
}
