import { roleAtLeast } from '@nlq/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { boardsApi } from '../api/boards-client';
import { useApi } from '../components/api-provider';
import { useToast } from '../components/toasts';
import { formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

/**
 * Page /boards (docs/web-app.md "Boards"): the caller's boards (an admin: everyone's), newest first, each a link to
 * /boards/{id}; "New board" (role analyst or stronger) names one and opens it. Boards of others open by their link.
 */
export function BoardsPage() {
  const { client, me } = useApi();
  const boards = useMemo(() => boardsApi(client), [client]);
  const list = useLoad(() => boards.list(), [boards]);
  const items = list.data?.items ?? [];
  const mayMake = me !== null && roleAtLeast(me.role, 'analyst');
  return (
    <section aria-labelledby="boards-title">
      <div className="page-head">
        <h1 id="boards-title">Boards</h1>
      </div>
      {mayMake && <NewBoard />}
      {list.loading && !list.data && <p className="muted">Loading…</p>}
      {list.data && items.length === 0 && (
        <p className="muted" data-testid="boards-empty">
          No boards yet. A board puts <Link to="/saved">saved answers</Link> side by side and reads them again when
          opened.
        </p>
      )}
      <ul className="saved-list" data-testid="boards-list">
        {items.map((b) => (
          <li key={b.id} className="card board-item" data-testid="board-item">
            <Link to={`/boards/${encodeURIComponent(b.id)}`} className="saved-name" data-testid="board-link">
              {b.name}
            </Link>
            <span className="muted small-text">
              {b.tiles.length} {b.tiles.length === 1 ? 'tile' : 'tiles'} · {b.user_id} · {formatTime(b.updated_at)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "New board": a name, then POST /api/boards with no tiles and open the new board. */
function NewBoard() {
  const { client } = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function create(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const board = await boardsApi(client).create({ name: name.trim(), tiles: [] });
      navigate(`/boards/${encodeURIComponent(board.id)}`);
    } catch (err) {
      toast.error(err, 'Could not make the board');
      setBusy(false);
    }
  }

  return (
    <form className="row card new-board" onSubmit={create} aria-label="New board">
      <label htmlFor="new-board-name">New board</label>
      <input
        id="new-board-name"
        value={name}
        maxLength={128}
        placeholder="Name, e.g. Sales this month"
        onChange={(e) => setName(e.target.value)}
        data-testid="board-new-name"
      />
      <button type="submit" className="small" disabled={busy || !name.trim()} data-testid="board-new">
        {busy ? 'Making…' : 'New board'}
      </button>
    </form>
  );
}
