/**
 * Boards (docs/http-api.md "Boards"): a named page of saved answers laid out on a grid of 12 columns, each tile run
 * again read-only under the caller's role and data policy, with no model call.
 */
import type { ChartSuggestion } from './results';

/** Columns of a board's grid: a tile's `x + w` is at most this. */
export const BOARD_COLUMNS = 12;

/** How a tile shows its saved answer: one value, a chart, or a table. */
export type BoardTileView = 'number' | 'chart' | 'table';

/** The views a tile may name. */
export const BOARD_TILE_VIEWS: readonly BoardTileView[] = ['number', 'chart', 'table'];

/** One tile: a saved answer at column `x`, row `y`, `w` columns wide and `h` rows high (grid units). */
export interface BoardTile {
  saved_id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** How the tile shows its answer; absent: a single value as a number, else the saved chart, else a table. */
  view?: BoardTileView;
}

/** A board, as GET/POST/PUT /api/boards answer it. */
export interface Board {
  id: string;
  name: string;
  /** The user who made it (`service` for the service key); they and admins may change or delete it. */
  user_id: string;
  tiles: BoardTile[];
  created_at: string;
  updated_at: string;
}

/** Body of POST /api/boards and PUT /api/boards/{id}. */
export interface BoardInput {
  name: string;
  tiles: BoardTile[];
}

/** GET /api/boards: the caller's boards (an admin: everyone's), newest first. */
export interface BoardList {
  items: Board[];
}

/** One tile's saved answer run again now; a tile that could not run has `error` and no rows. */
export interface BoardTileResult {
  saved_id: string;
  /** The saved answer's name, or null when it no longer exists. */
  name: string | null;
  /** When the rows were read, or the run was tried (ISO-8601 UTC). */
  read_at: string;
  columns: string[];
  rows: unknown[][];
  /** The result in plain words, from a template (never a model); empty when the tile failed. */
  answer: string;
  row_count: number;
  truncated: boolean;
  total_rows: number | null;
  chart: ChartSuggestion | null;
  /** Why this tile could not run (the error shape's code and message), e.g. a table the caller's policy refuses. */
  error?: { code: string; message: string };
}

/** GET /api/boards/{id}/results: every tile's result, in the board's tile order. */
export interface BoardResults {
  board_id: string;
  tiles: BoardTileResult[];
}
