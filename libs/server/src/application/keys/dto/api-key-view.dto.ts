import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ROLES, type ApiKeyView, type Role, type WhoAmI } from '@nlq/contracts';

/** An issued user key; `key` is present only in the answer of POST /api/keys. */
export class ApiKeyViewDto implements ApiKeyView {
  @ApiProperty()
  id!: string;

  @ApiProperty({ example: 'alice' })
  user_id!: string;

  @ApiProperty({ description: 'First characters of the key, to recognise it', example: 'nlq_3hF9aB2c' })
  prefix!: string;

  @ApiProperty({ enum: ROLES, example: 'viewer' })
  role!: Role;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { country: 'Germany' } })
  attributes!: Record<string, string>;

  @ApiProperty({ description: 'ISO-8601 time' })
  created_at!: string;

  @ApiPropertyOptional({ description: 'The key itself: answered once by POST /api/keys, never again' })
  key?: string;
}

/** Answer of GET /api/me. */
export class WhoAmIDto implements WhoAmI {
  @ApiProperty({ description: '"service" for the service key, else the user bound to the key', example: 'alice' })
  user_id!: string;

  @ApiProperty({ description: 'true for the service key (may manage keys, sees every session)' })
  service!: boolean;

  @ApiProperty({ enum: ROLES, description: "The caller's role", example: 'viewer' })
  role!: Role;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { country: 'Germany' } })
  attributes!: Record<string, string>;
}
