import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BOARD_COLUMNS, BOARD_TILE_VIEWS } from '@nlq/contracts';
import { IsArray, IsString, Length } from 'class-validator';
import { MAX_BOARD_TILES, MAX_TILE_HEIGHT } from '../board-tiles';

/** Longest board name, in characters. */
export const MAX_BOARD_NAME = 128;

/** One tile of a board (contracts BoardTile); checked by parseBoardTiles, which names each field (`tiles[1].w`). */
export class BoardTileDto {
  @ApiProperty({ description: 'Id of a saved answer the caller may read' }) saved_id!: string;
  @ApiProperty({ minimum: 0, maximum: BOARD_COLUMNS - 1, description: 'First column (x + w <= 12)' }) x!: number;
  @ApiProperty({ minimum: 0, description: 'First row' }) y!: number;
  @ApiProperty({ minimum: 1, maximum: BOARD_COLUMNS, description: 'Width in columns' }) w!: number;
  @ApiProperty({ minimum: 1, maximum: MAX_TILE_HEIGHT, description: 'Height in rows' }) h!: number;
  @ApiPropertyOptional({ enum: BOARD_TILE_VIEWS }) view?: string;
}

/** Body of POST /api/boards and PUT /api/boards/{id}: a name and the tiles in order. */
export class BoardInputDto {
  @ApiProperty({ maxLength: MAX_BOARD_NAME })
  @IsString()
  @Length(1, MAX_BOARD_NAME)
  name!: string;

  @ApiProperty({ type: [BoardTileDto], maxItems: MAX_BOARD_TILES })
  @IsArray()
  tiles!: unknown[];
}

/** A board (contracts Board). */
export class BoardDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The user who made it; they and admins may change or delete it' }) user_id!: string;
  @ApiProperty({ type: [BoardTileDto] }) tiles!: BoardTileDto[];
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

/** GET /api/boards. */
export class BoardListDto {
  @ApiProperty({ type: [BoardDto] }) items!: BoardDto[];
}

/** The error of a tile that could not run (the error shape's code and message). */
export class BoardTileErrorDto {
  @ApiProperty() code!: string;
  @ApiProperty() message!: string;
}

/** One tile's saved answer run again now (contracts BoardTileResult). */
export class BoardTileResultDto {
  @ApiProperty() saved_id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The saved answer name; null when it no longer exists' })
  name!: string | null;
  @ApiProperty({ description: 'When the rows were read (ISO-8601 UTC)' }) read_at!: string;
  @ApiProperty({ type: [String] }) columns!: string[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: {} } }) rows!: unknown[][];
  @ApiProperty({ description: 'The result in plain words, from a template (no model call)' }) answer!: string;
  @ApiProperty() row_count!: number;
  @ApiProperty() truncated!: boolean;
  @ApiProperty({ type: Number, nullable: true }) total_rows!: number | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) chart!: unknown;
  @ApiPropertyOptional({ type: BoardTileErrorDto, description: 'Why this tile could not run' })
  error?: BoardTileErrorDto;
}

/** GET /api/boards/{id}/results (contracts BoardResults). */
export class BoardResultsDto {
  @ApiProperty() board_id!: string;
  @ApiProperty({ type: [BoardTileResultDto] }) tiles!: BoardTileResultDto[];
}
