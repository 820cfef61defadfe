import type { BoardTile, BoardTileResult } from '@nlq/contracts';
import {
  addTile,
  moveTile,
  readAtLabel,
  reflowTiles,
  removeTile,
  resizeTile,
  tilePlacement,
  tileView,
} from './board-layout';

const tile = (saved_id: string, w: number, h = 2): BoardTile => ({ saved_id, x: 0, y: 0, w, h });
const result = (over: Partial<BoardTileResult>): BoardTileResult => ({
  saved_id: 's',
  name: 'n',
  read_at: '2026-11-27T15:31:36.120Z',
  columns: ['n'],
  rows: [[1]],
  answer: 'N: 1.',
  row_count: 1,
  truncated: false,
  total_rows: null,
  chart: { type: 'number', y: ['n'] },
  ...over,
});

describe('board layout', () => {
  it('lays tiles out in order, left to right, wrapping under the tallest of a row', () => {
    const laid = reflowTiles([tile('a', 6, 3), tile('b', 4), tile('c', 4), tile('d', 12)]);
    expect(laid.map(({ x, y }) => [x, y])).toEqual([
      [0, 0],
      [6, 0],
      [0, 3],
      [0, 5],
    ]);
  });

  it('moves, resizes, removes and adds tiles, laying them out again', () => {
    const tiles = reflowTiles([tile('a', 6), tile('b', 6)]);
    expect(moveTile(tiles, 1, -1).map((t) => [t.saved_id, t.x])).toEqual([
      ['b', 0],
      ['a', 6],
    ]);
    expect(moveTile(tiles, 0, -1)).toEqual(tiles);
    expect(resizeTile(tiles, 0, 12).map((t) => [t.x, t.y])).toEqual([
      [0, 0],
      [0, 2],
    ]);
    expect(removeTile(tiles, 0)).toEqual([{ ...tiles[1], x: 0 }]);
    expect(addTile(tiles, 'c').at(-1)).toEqual({ saved_id: 'c', x: 0, y: 2, w: 6, h: 3 });
  });

  it('places a tile on the CSS grid by 1-based lines', () => {
    expect(tilePlacement({ saved_id: 'a', x: 4, y: 2, w: 8, h: 3 })).toEqual({
      gridColumn: '5 / span 8',
      gridRow: '3 / span 3',
    });
  });

  it('shows one value as a number, a chartable result as its chart, else a table, unless the tile says', () => {
    expect(tileView({}, result({}))).toBe('number');
    const bars = result({
      columns: ['s', 'n'],
      rows: [
        ['a', 1],
        ['b', 2],
      ],
      chart: { type: 'bar', x: 's', y: ['n'] },
    });
    expect(tileView({}, bars)).toBe('chart');
    expect(tileView({ view: 'table' }, bars)).toBe('table');
    expect(tileView({ view: 'number' }, bars)).toBe('table');
    expect(tileView({ view: 'chart' }, result({}))).toBe('number');
    expect(
      tileView(
        {},
        result({
          columns: ['a', 'b'],
          rows: [
            [1, 2],
            [3, 4],
          ],
          chart: null,
        }),
      ),
    ).toBe('table');
  });

  it('says when a tile was read as HH:MM', () => {
    const at = new Date(2026, 10, 27, 9, 5).toISOString();
    expect(readAtLabel(at)).toBe('Read at 09:05');
    expect(readAtLabel('nope')).toBe('Read at –');
  });
});
