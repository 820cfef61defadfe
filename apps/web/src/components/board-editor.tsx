import type { Board, BoardResults, BoardTile } from '@nlq/contracts';
import { useState } from 'react';
import { boardsApi } from '../api/boards-client';
import { moveTile, removeTile, resizeTile, TILE_WIDTHS } from '../lib/board-layout';
import { useApi } from './api-provider';
import { useToast } from './toasts';

const WIDTH_LABELS: Record<number, string> = { 3: 'Quarter', 4: 'Third', 6: 'Half', 8: 'Two thirds', 12: 'Whole row' };

/**
 * The edit mode of a board (docs/web-app.md "Boards"): its name, and for each tile in order its width (a quarter to
 * the whole row), Up and Down to change the order, and Remove; "Save" sends the board with PUT /api/boards/{id}
 * (the API's 400 shows as a toast naming the field).
 */
export function BoardEditor({
  board,
  results,
  onSaved,
  onCancel,
}: {
  board: Board;
  results: BoardResults | null;
  onSaved(board: Board): void;
  onCancel(): void;
}) {
  const { client } = useApi();
  const toast = useToast();
  const [name, setName] = useState(board.name);
  const [tiles, setTiles] = useState<BoardTile[]>(board.tiles);
  const [busy, setBusy] = useState(false);
  const names = new Map(results?.tiles.map((t) => [t.saved_id, t.name]) ?? []);

  async function save() {
    setBusy(true);
    try {
      onSaved(await boardsApi(client).update(board.id, { name: name.trim(), tiles }));
    } catch (err) {
      toast.error(err, 'Could not save the board');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card board-editor" data-testid="board-editor">
      <label className="row" htmlFor="board-name">
        Name
        <input id="board-name" value={name} maxLength={128} onChange={(e) => setName(e.target.value)} />
      </label>
      <ol className="board-edit-list">
        {tiles.map((tile, i) => (
          <li key={`${tile.saved_id}-${i}`} className="row board-edit-tile" data-testid="board-edit-tile">
            <span className="board-edit-name wrap">{names.get(tile.saved_id) ?? tile.saved_id}</span>
            <select
              aria-label="Width"
              value={tile.w}
              onChange={(e) => setTiles(resizeTile(tiles, i, Number(e.target.value)))}
              data-testid="board-tile-width"
            >
              {[...new Set([...TILE_WIDTHS, tile.w])]
                .sort((a, b) => a - b)
                .map((w) => (
                  <option key={w} value={w}>
                    {WIDTH_LABELS[w] ?? `${w} of 12 columns`}
                  </option>
                ))}
            </select>
            <button
              type="button"
              className="secondary small"
              disabled={i === 0}
              onClick={() => setTiles(moveTile(tiles, i, -1))}
              data-testid="board-tile-up"
            >
              Up
            </button>
            <button
              type="button"
              className="secondary small"
              disabled={i === tiles.length - 1}
              onClick={() => setTiles(moveTile(tiles, i, 1))}
              data-testid="board-tile-down"
            >
              Down
            </button>
            <button
              type="button"
              className="secondary small"
              onClick={() => setTiles(removeTile(tiles, i))}
              data-testid="board-tile-remove"
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="row end">
        <button type="button" className="secondary small" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="small"
          onClick={() => void save()}
          disabled={busy || !name.trim()}
          data-testid="board-save"
        >
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </div>
  );
}
