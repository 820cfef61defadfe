import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ROLES, type Role } from '@nlq/contracts';
import { IsIn, IsObject, IsOptional, IsString, Length } from 'class-validator';

/** Body of POST /api/keys. */
export class IssueKeyDto {
  @ApiProperty({
    description: 'User the new key identifies (1..128 printable characters; not "service")',
    example: 'alice',
  })
  @IsString()
  @Length(1, 128)
  user_id!: string;

  @ApiPropertyOptional({ description: "The key's role (default viewer)", enum: ROLES, example: 'viewer' })
  @IsOptional()
  @IsIn(ROLES)
  role?: Role;

  @ApiPropertyOptional({
    description:
      "The user's attributes, bound as parameters of data-policy row filters: names of letters, digits and _ (at most 64 characters, 32 names), string values of at most 256 characters",
    example: { country: 'Germany' },
  })
  @IsOptional()
  @IsObject()
  attributes?: Record<string, unknown>;
}
