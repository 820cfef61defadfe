import { roleAtLeast, type Board, type BoardResults, type BoardTile } from '@nlq/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { boardsApi } from '../api/boards-client';
import { useApi } from '../components/api-provider';
import { ScheduleForm } from '../components/schedule-form';
import { BoardEditor } from '../components/board-editor';
import { BoardTileCard } from '../components/board-tile';
import { useToast } from '../components/toasts';
import { tilePlacement } from '../lib/board-layout';
import { useLoad } from '../lib/use-load';

/**
 * Page /boards/:id (docs/web-app.md "Boards"): the board's tiles on a CSS grid (12 columns on a wide screen, one on a
 * phone), each read again when the page opens and by "Refresh" (GET /api/boards/{id}/results, under the viewer's
 * data policy); "Copy link" copies the page's address, which opens the board for anyone signed in. Its creator and
 * admins get "Edit": widths, order and removal of tiles, saved with PUT /api/boards/{id}.
 */
export function BoardPage() {
  const { id = '' } = useParams();
  const { client, me } = useApi();
  const toast = useToast();
  const boards = useMemo(() => boardsApi(client), [client]);
  const loaded = useLoad(() => boards.get(id), [boards, id]);
  const [board, setBoard] = useState<Board | null>(null);
  const [results, setResults] = useState<BoardResults | null>(null);
  const [reading, setReading] = useState(false);
  const [editing, setEditing] = useState(false);
  const [scheduling, setScheduling] = useState(false);

  useEffect(() => setBoard(loaded.data), [loaded.data]);

  const refresh = useCallback(async () => {
    setReading(true);
    try {
      setResults(await boards.results(id));
    } catch (err) {
      toast.error(err, 'Could not read the board');
    } finally {
      setReading(false);
    }
  }, [boards, id, toast]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (loaded.error && !board) return <p className="muted">This board could not be opened.</p>;
  if (!board) return <p className="muted">Loading…</p>;
  const mayEdit =
    me !== null && roleAtLeast(me.role, 'analyst') && (me.role === 'admin' || me.user_id === board.user_id);
  const saved = (next: Board) => {
    setBoard(next);
    setEditing(false);
    void refresh();
  };
  return (
    <section aria-labelledby="board-title">
      <div className="page-head board-head">
        <h1 id="board-title" className="wrap">
          {board.name}
        </h1>
        <BoardActions
          reading={reading}
          onRefresh={() => void refresh()}
          onEdit={mayEdit && !editing ? () => setEditing(true) : null}
          onSchedule={mayEdit ? () => setScheduling((open) => !open) : null}
        />
      </div>
      {scheduling && (
        <ScheduleForm source={{ board_id: board.id, name: board.name }} onClose={() => setScheduling(false)} />
      )}
      {editing ? (
        <BoardEditor board={board} results={results} onSaved={saved} onCancel={() => setEditing(false)} />
      ) : (
        <TileGrid tiles={board.tiles} results={results} />
      )}
    </section>
  );
}

/**
 * Refresh, Copy link (the page's address, which opens the board for anyone signed in; shown in a toast too, so it
 * can be copied by hand where the clipboard is refused), Edit and Schedule (the board delivered on a cron; null: not
 * offered).
 */
function BoardActions({
  reading,
  onRefresh,
  onEdit,
  onSchedule,
}: {
  reading: boolean;
  onRefresh(): void;
  onEdit: (() => void) | null;
  onSchedule: (() => void) | null;
}) {
  const toast = useToast();
  async function copyLink() {
    const link = window.location.href;
    try {
      await navigator.clipboard.writeText(link);
      toast.push('success', 'Link copied', link);
    } catch {
      toast.push('info', 'Copy this link', link);
    }
  }
  return (
    <span className="row">
      <button type="button" className="small" onClick={onRefresh} disabled={reading} data-testid="board-refresh">
        {reading ? 'Reading…' : 'Refresh'}
      </button>
      <button type="button" className="secondary small" onClick={() => void copyLink()} data-testid="board-copy-link">
        Copy link
      </button>
      {onEdit && (
        <button type="button" className="secondary small" onClick={onEdit} data-testid="board-edit">
          Edit
        </button>
      )}
      {onSchedule && (
        <button type="button" className="secondary small" onClick={onSchedule} data-testid="board-schedule">
          Schedule
        </button>
      )}
    </span>
  );
}

/** The tiles at their places on the grid, or a hint when there are none. */
function TileGrid({ tiles, results }: { tiles: BoardTile[]; results: BoardResults | null }) {
  if (tiles.length === 0)
    return (
      <p className="muted" data-testid="board-empty">
        No tiles yet. Add saved answers with "Add to board" on the <Link to="/saved">Saved</Link> page.
      </p>
    );
  return (
    <div className="board-grid" data-testid="board-grid">
      {tiles.map((tile, i) => (
        <div key={`${tile.saved_id}-${i}`} className="board-cell" style={tilePlacement(tile)}>
          <BoardTileCard tile={tile} result={results?.tiles[i]} />
        </div>
      ))}
    </div>
  );
}
