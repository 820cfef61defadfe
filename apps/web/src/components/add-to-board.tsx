import type { Board } from '@nlq/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { boardsApi } from '../api/boards-client';
import { addTile } from '../lib/board-layout';
import { useApi } from './api-provider';
import { useToast } from './toasts';

/**
 * "Add to board" on a saved answer (docs/web-app.md "Boards"): a choice of the caller's boards, or a new one named
 * after the answer; the answer becomes the last tile, half the grid wide (PUT or POST /api/boards). Then a link to
 * the board.
 */
export function AddToBoard({ savedId, savedName }: { savedId: string; savedName: string }) {
  const { client } = useApi();
  const toast = useToast();
  const api = useMemo(() => boardsApi(client), [client]);
  const [boards, setBoards] = useState<Board[] | null>(null);
  const [choice, setChoice] = useState('');
  const [added, setAdded] = useState<Board | null>(null);
  const [busy, setBusy] = useState(false);

  async function open() {
    try {
      const items = (await api.list()).items;
      setBoards(items);
      setChoice(items[0]?.id ?? 'new');
    } catch (err) {
      toast.error(err, 'Could not list the boards');
    }
  }

  async function add() {
    setBusy(true);
    try {
      const board = boards?.find((b) => b.id === choice);
      setAdded(
        board
          ? await api.update(board.id, { name: board.name, tiles: addTile(board.tiles, savedId) })
          : await api.create({ name: savedName, tiles: addTile([], savedId) }),
      );
    } catch (err) {
      toast.error(err, 'Could not add to the board');
    } finally {
      setBusy(false);
    }
  }

  if (added)
    return (
      <span className="muted small-text" role="status" data-testid="board-added">
        Added to <Link to={`/boards/${encodeURIComponent(added.id)}`}>{added.name}</Link>
      </span>
    );
  if (!boards)
    return (
      <button type="button" className="secondary small" onClick={() => void open()} data-testid="add-to-board">
        Add to board
      </button>
    );
  return (
    <span className="row">
      <select
        aria-label="Board"
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        data-testid="add-to-board-choice"
      >
        {boards.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
        <option value="new">A new board</option>
      </select>
      <button
        type="button"
        className="small"
        onClick={() => void add()}
        disabled={busy}
        data-testid="add-to-board-confirm"
      >
        {busy ? 'Adding…' : 'Add'}
      </button>
    </span>
  );
}
