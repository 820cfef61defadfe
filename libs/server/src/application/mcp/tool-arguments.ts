import type { ArgumentMetadata } from '@nestjs/common';
import { ApiException } from '../../platform/common/api.exception';
import { NoNulPipe } from '../../platform/common/no-nul.pipe';
import { SessionIdPipe } from '../../platform/common/session-id.pipe';
import { createValidationPipe } from '../../platform/common/validation.pipe';

const noNul = new NoNulPipe();
const validation = createValidationPipe();
const sessionIds = new SessionIdPipe();

/**
 * A tool's arguments checked by the same rules as the HTTP body `dto` describes (the global NoNulPipe and
 * ValidationPipe of createApp, so `ask` takes exactly what POST /api/chat takes): the DTO instance, or
 * ApiException 400 VALIDATION with `details` naming each field.
 */
export async function validArguments<T extends object>(args: Record<string, unknown>, dto: new () => T): Promise<T> {
  const metadata: ArgumentMetadata = { type: 'body', metatype: dto };
  return (await validation.transform(noNul.transform(args, metadata), metadata)) as T;
}

/**
 * A session id argument by the rule of the `session_id` path parameters (SessionIdPipe: 1..128 printable
 * characters, no NUL). @throws ApiException 400 VALIDATION naming `session_id`.
 */
export function validSessionId(value: unknown): string {
  if (typeof value === 'string' && value.includes('\u0000')) {
    throw ApiException.validation([{ field: 'session_id', problems: ['session_id must not contain NUL characters'] }]);
  }
  return sessionIds.transform(value as string);
}
