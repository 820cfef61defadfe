import { BOARD_COLUMNS, BOARD_TILE_VIEWS, type BoardTile, type BoardTileView } from '@nlq/contracts';
import type { FieldProblems } from '../../platform/common/api.exception';

/** Most tiles one board holds. */
export const MAX_BOARD_TILES = 48;
/** Tallest tile, in grid rows. */
export const MAX_TILE_HEIGHT = 24;
/** Lowest row a tile may start on (0-based). */
export const MAX_TILE_ROW = 1000;
/** Longest saved answer id a tile may name, in characters. */
const MAX_SAVED_ID = 64;

const KEYS = new Set(['saved_id', 'x', 'y', 'w', 'h', 'view']);

/** The tiles of a valid request, or the problems of each offending field (`tiles[1].w`). */
export type ParsedTiles = { ok: true; tiles: BoardTile[] } | { ok: false; problems: FieldProblems };

/**
 * Check the tiles of POST/PUT /api/boards (docs/http-api.md "Boards"): at most {@link MAX_BOARD_TILES}; each an
 * object with only `saved_id`, `x`, `y`, `w`, `h` and an optional `view`; integers with `x >= 0`, `w >= 1`,
 * `x + w <= 12` (the grid's {@link BOARD_COLUMNS}), `0 <= y <= 1000`, `1 <= h <= 24`; `view` one of number, chart,
 * table. Each problem is named by its field, e.g. `tiles[2].w`: `x + w must be at most 12 (x 8, w 6)`.
 */
export function parseBoardTiles(input: unknown): ParsedTiles {
  if (!Array.isArray(input)) return { ok: false, problems: [{ field: 'tiles', problems: ['must be an array'] }] };
  if (input.length > MAX_BOARD_TILES)
    return { ok: false, problems: [{ field: 'tiles', problems: [`must hold at most ${MAX_BOARD_TILES} tiles`] }] };
  const problems: FieldProblems = [];
  const tiles: BoardTile[] = [];
  input.forEach((raw, i) => {
    const tile = parseTile(raw, `tiles[${i}]`, problems);
    if (tile) tiles.push(tile);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, tiles };
}

/** One tile, or null after adding its problems to `problems`. */
function parseTile(raw: unknown, field: string, problems: FieldProblems): BoardTile | null {
  const add = (name: string, problem: string) => problems.push({ field: `${field}.${name}`, problems: [problem] });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push({ field, problems: ['must be an object { saved_id, x, y, w, h, view? }'] });
    return null;
  }
  const before = problems.length;
  const tile = raw as Record<string, unknown>;
  for (const key of Object.keys(tile)) if (!KEYS.has(key)) add(key, 'is not a tile field');
  const savedId = tile.saved_id;
  if (typeof savedId !== 'string' || savedId.length === 0 || savedId.length > MAX_SAVED_ID)
    add('saved_id', `must be the id of a saved answer (1 to ${MAX_SAVED_ID} characters)`);
  const x = integerIn(tile.x, 0, BOARD_COLUMNS - 1, 'x', add);
  const w = integerIn(tile.w, 1, BOARD_COLUMNS, 'w', add);
  const y = integerIn(tile.y, 0, MAX_TILE_ROW, 'y', add);
  const h = integerIn(tile.h, 1, MAX_TILE_HEIGHT, 'h', add);
  if (x !== null && w !== null && x + w > BOARD_COLUMNS)
    add('w', `x + w must be at most ${BOARD_COLUMNS} (x ${x}, w ${w})`);
  const view = tile.view;
  if (view !== undefined && !BOARD_TILE_VIEWS.includes(view as BoardTileView))
    add('view', `must be one of ${BOARD_TILE_VIEWS.join(', ')}`);
  if (problems.length > before || x === null || y === null || w === null || h === null) return null;
  return { saved_id: savedId as string, x, y, w, h, ...(view !== undefined ? { view: view as BoardTileView } : {}) };
}

/** `value` when it is an integer from `min` to `max`, else null after naming the problem. */
function integerIn(
  value: unknown,
  min: number,
  max: number,
  name: string,
  add: (name: string, problem: string) => void,
): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  add(name, `must be an integer from ${min} to ${max}`);
  return null;
}
