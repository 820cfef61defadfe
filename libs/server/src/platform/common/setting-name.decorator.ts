import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, Length } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * Validation of the `name` of a stored setting (connection, model setting): a string, trimmed, 1..128 characters
 * (the varchar(128) unique `name` column). Combine with IsOptional for a PATCH body; the Swagger property stays
 * with the field.
 */
export function IsSettingName(): PropertyDecorator {
  // Listed in the order the stacked form `@Transform(trim) @IsString() @Length(1, 128)` applies them (bottom up),
  // so the validation problems keep their order.
  return applyDecorators(Length(1, 128), IsString(), Transform(trim));
}
