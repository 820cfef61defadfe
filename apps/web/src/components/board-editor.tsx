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
          <BoardEditTile
            key={`${tile.saved_id}-${i}`}
            tile={tile}
            name={names.get(tile.saved_id) ?? tile.saved_id}
            first={i === 0}
            last={i === tiles.length - 1}
            onResize={(w) => setTiles(resizeTile(tiles, i, w))}
            onMove={(delta) => setTiles(moveTile(tiles, i, delta))}
            onRemove={() => setTiles(removeTile(tiles, i))}
          />
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

/** One tile in the edit list: its name, a width select (the standard widths plus its own), Up, Down and Remove. */
function BoardEditTile(props: {
  tile: BoardTile;
  /** The saved answer's name, or its id while the results are not loaded. */
  name: string;
  first: boolean;
  last: boolean;
  /** `w`: the new width in grid columns of 12. */
  onResize(w: number): void;
  /** `delta`: -1 moves the tile up, 1 down. */
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}) {
  const { tile } = props;
  return (
    <li className="row board-edit-tile" data-testid="board-edit-tile">
      <span className="board-edit-name wrap">{props.name}</span>
      <select
        aria-label="Width"
        value={tile.w}
        onChange={(e) => props.onResize(Number(e.target.value))}
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
        disabled={props.first}
        onClick={() => props.onMove(-1)}
        data-testid="board-tile-up"
      >
        Up
      </button>
      <button
        type="button"
        className="secondary small"
        disabled={props.last}
        onClick={() => props.onMove(1)}
        data-testid="board-tile-down"
      >
        Down
      </button>
      <button type="button" className="secondary small" onClick={props.onRemove} data-testid="board-tile-remove">
        Remove
      </button>
    </li>
  );
}
