import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

/** Body of POST /api/keys. */
export class IssueKeyDto {
  @ApiProperty({
    description: 'User the new key identifies (1..128 printable characters; not "service")',
    example: 'alice',
  })
  @IsString()
  @Length(1, 128)
  user_id!: string;
}
