import { parseBoardTiles } from './board-tiles';

const tile = (over: Record<string, unknown> = {}) => ({ saved_id: 's1', x: 0, y: 0, w: 6, h: 4, ...over });

describe('parseBoardTiles', () => {
  it('keeps valid tiles in order, with their view when given', () => {
    expect(parseBoardTiles([tile(), tile({ saved_id: 's2', x: 6, view: 'table' })])).toEqual({
      ok: true,
      tiles: [
        { saved_id: 's1', x: 0, y: 0, w: 6, h: 4 },
        { saved_id: 's2', x: 6, y: 0, w: 6, h: 4, view: 'table' },
      ],
    });
    expect(parseBoardTiles([])).toEqual({ ok: true, tiles: [] });
  });

  it('names each offending field of each tile', () => {
    const parsed = parseBoardTiles([tile(), tile({ x: 8, w: 6 }), tile({ w: 0, h: 1.5, view: 'pie', extra: 1 })]);
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { field: 'tiles[1].w', problems: ['x + w must be at most 12 (x 8, w 6)'] },
        { field: 'tiles[2].extra', problems: ['is not a tile field'] },
        { field: 'tiles[2].w', problems: ['must be an integer from 1 to 12'] },
        { field: 'tiles[2].h', problems: ['must be an integer from 1 to 24'] },
        { field: 'tiles[2].view', problems: ['must be one of number, chart, table'] },
      ],
    });
  });

  it('refuses what is not an array of tile objects, and too many tiles', () => {
    expect(parseBoardTiles('x')).toMatchObject({ ok: false, problems: [{ field: 'tiles' }] });
    expect(parseBoardTiles([null])).toMatchObject({ ok: false, problems: [{ field: 'tiles[0]' }] });
    expect(parseBoardTiles([tile({ saved_id: '' })])).toMatchObject({
      ok: false,
      problems: [{ field: 'tiles[0].saved_id' }],
    });
    expect(parseBoardTiles(Array.from({ length: 49 }, () => tile()))).toMatchObject({
      ok: false,
      problems: [{ field: 'tiles', problems: ['must hold at most 48 tiles'] }],
    });
  });
});
