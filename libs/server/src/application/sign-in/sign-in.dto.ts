import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '@nlq/contracts';

/** GET /api/auth/config: whether the web app offers "Sign in" instead of the API key dialog. */
export class SignInConfigDto {
  @ApiProperty({ description: 'true when sign-in with OpenID Connect is configured', example: true })
  oidc!: boolean;
}

/** GET /api/auth/me: the signed-in person (docs/http-api.md "Sign-in"). */
export class SignedInUserDto {
  @ApiProperty({ description: "The provider's subject (`sub`)", example: 'f3b2c1d0-ana' })
  user_id!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Display name: name, preferred_username or email',
    example: 'Ana Schmidt',
  })
  name!: string | null;
  @ApiProperty({ enum: ROLES, example: 'analyst' })
  role!: Role;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { country: 'Germany' } })
  attributes!: Record<string, string>;
  @ApiProperty({ enum: ['session'], example: 'session' })
  via!: 'session';
  @ApiProperty({ description: 'When the session ends (ISO 8601)', example: '2026-11-27T18:00:00.000Z' })
  expires_at!: string;
}
