import { BOARD_COLUMNS, type BoardTile, type BoardTileResult, type BoardTileView } from '@nlq/contracts';

/** The widths the edit mode offers, in grid columns (a quarter, a third, half, two thirds, the whole row). */
export const TILE_WIDTHS = [3, 4, 6, 8, 12] as const;

/** Height of a new tile, in grid rows. */
export const NEW_TILE_HEIGHT = 3;

/**
 * How a tile shows its answer (docs/web-app.md "Boards"): the tile's own `view`; otherwise one value as a number, the
 * saved chart when the result has one, else a table. A chart without a chart suggestion, or a number of more than one
 * value, is shown as a table.
 */
export function tileView(tile: Pick<BoardTile, 'view'>, result: BoardTileResult): BoardTileView {
  const single = result.rows.length === 1 && result.columns.length === 1;
  const chartable = result.chart !== null && result.chart.type !== 'number';
  const wanted = tile.view ?? (single ? 'number' : chartable ? 'chart' : 'table');
  if (wanted === 'number' && !(result.rows.length === 1 && result.columns.length >= 1)) return 'table';
  if (wanted === 'chart' && !chartable) return single ? 'number' : 'table';
  return wanted;
}

/**
 * Tiles laid out again in their order: each keeps its width and height and takes the next place left to right,
 * starting a new row when it does not fit in the 12 columns (rows as tall as their tallest tile).
 */
export function reflowTiles(tiles: readonly BoardTile[]): BoardTile[] {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return tiles.map((tile) => {
    const w = Math.min(Math.max(tile.w, 1), BOARD_COLUMNS);
    if (x + w > BOARD_COLUMNS) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const placed = { ...tile, x, y, w };
    x += w;
    rowHeight = Math.max(rowHeight, tile.h);
    return placed;
  });
}

/** The tiles with the one at `index` moved by `delta` places (-1 up, +1 down), laid out again; unchanged at an end. */
export function moveTile(tiles: readonly BoardTile[], index: number, delta: number): BoardTile[] {
  const to = index + delta;
  if (to < 0 || to >= tiles.length || index < 0 || index >= tiles.length) return [...tiles];
  const next = [...tiles];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved);
  return reflowTiles(next);
}

/** The tiles with the one at `index` `w` columns wide, laid out again. */
export function resizeTile(tiles: readonly BoardTile[], index: number, w: number): BoardTile[] {
  return reflowTiles(tiles.map((t, i) => (i === index ? { ...t, w } : t)));
}

/** The tiles without the one at `index`, laid out again. */
export function removeTile(tiles: readonly BoardTile[], index: number): BoardTile[] {
  return reflowTiles(tiles.filter((_, i) => i !== index));
}

/** The tiles with a saved answer added at the end, half the grid wide. */
export function addTile(tiles: readonly BoardTile[], savedId: string): BoardTile[] {
  return reflowTiles([...tiles, { saved_id: savedId, x: 0, y: 0, w: 6, h: NEW_TILE_HEIGHT }]);
}

/** The CSS grid placement of a tile on a wide screen (1-based lines). */
export function tilePlacement(tile: BoardTile): { gridColumn: string; gridRow: string } {
  return { gridColumn: `${tile.x + 1} / span ${tile.w}`, gridRow: `${tile.y + 1} / span ${tile.h}` };
}

/** "Read at HH:MM" of an ISO-8601 time, in the browser's time zone (24-hour clock). */
export function readAtLabel(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Read at –';
  const hh = String(d.getHours()).padStart(2, '0');
  const mm = String(d.getMinutes()).padStart(2, '0');
  return `Read at ${hh}:${mm}`;
}
