import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

/** Default and largest page size of the paged /api lists (libs/contracts api.ts). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Largest page number: its row offset, (page - 1) * page_size, stays an exact integer every store accepts. */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PAGE_SIZE);

/** `?page=&page_size=` of a paged list: page 1..{@link MAX_PAGE}, page_size 1..100 (default 20); anything else 400. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  page_size?: number;
}

/**
 * `?page=&page_size=&cursor=` of a list paged by keyset (docs/http-api.md "Paged lists"): `cursor` is the previous
 * page's next_cursor (1..256 characters); with it `page` is ignored.
 */
export class CursorPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'next_cursor of the previous page: the rows after it (keyset; `page` is then ignored)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  cursor?: string;
}
