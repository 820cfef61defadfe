import type { BoardTile, BoardTileResult } from '@nlq/contracts';
import { lazy, Suspense } from 'react';
import { readAtLabel, tileView } from '../lib/board-layout';
import { columnTitle, formatTableCell } from '../lib/format';
import { rowsLabel, truncationNote } from '../lib/row-count';
import { DataTable } from './data-table';

const ResultChart = lazy(() => import('./result-chart'));

/**
 * One tile of a board: the saved answer's name, its result as one number (formatted as the chat's table writes it),
 * a chart (the chat's ResultChart) or a table (DataTable), and "Read at HH:MM". A tile that could not run shows its
 * error (e.g. the caller's data policy refusing a table), never rows.
 */
export function BoardTileCard({ tile, result }: { tile: BoardTile; result: BoardTileResult | undefined }) {
  const title = result?.name ?? (result ? 'A saved answer that no longer exists' : 'Loading…');
  return (
    <article className="card board-tile" data-testid="board-tile" aria-label={title}>
      <h2 className="board-tile-title">{title}</h2>
      {result && (result.error ? <TileError result={result} /> : <TileBody tile={tile} result={result} />)}
      {result && (
        <p className="muted small-text board-read-at" data-testid="tile-read-at" title={result.read_at}>
          {readAtLabel(result.read_at)}
        </p>
      )}
    </article>
  );
}

/** Why the tile could not run. */
function TileError({ result }: { result: BoardTileResult }) {
  return (
    <p className="error-text wrap" role="note" data-testid="tile-error">
      {result.error?.message}
    </p>
  );
}

/** The result as a number, a chart or a table. */
function TileBody({ tile, result }: { tile: BoardTile; result: BoardTileResult }) {
  const view = tileView(tile, result);
  if (view === 'number') {
    const column = result.columns[0] ?? '';
    return (
      <div className="board-number" data-testid="tile-number" data-view="number">
        <span className="big-number">{formatTableCell(result.rows[0]?.[0], column)}</span>
        <span className="muted">{columnTitle(column)}</span>
      </div>
    );
  }
  if (view === 'chart' && result.chart)
    return (
      <div data-testid="tile-chart" data-view="chart">
        <Suspense fallback={<p className="muted">Loading chart…</p>}>
          <ResultChart columns={result.columns} rows={result.rows} chart={result.chart} />
        </Suspense>
      </div>
    );
  return (
    <div data-testid="tile-table" data-view="table">
      <DataTable
        columns={result.columns}
        rows={result.rows}
        pageSize={5}
        caption={rowsLabel(result.row_count)}
        footer={truncationNote(result.rows.length, result.truncated, result.total_rows)}
      />
    </div>
  );
}
