import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiException } from './api.exception';

/** Longest accepted session id (and user id), in characters. */
export const MAX_SESSION_ID_CHARS = 128;

/** A session or user id: printable characters only (no ASCII control characters). */
export const PRINTABLE_ID = /^[^\u0000-\u001f\u007f]+$/;

/**
 * Validates the `session_id` path parameter: 1..128 characters without control characters; otherwise 400
 * VALIDATION naming `session_id`.
 */
@Injectable()
export class SessionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (
      typeof value !== 'string' ||
      value.length === 0 ||
      value.length > MAX_SESSION_ID_CHARS ||
      !PRINTABLE_ID.test(value)
    ) {
      throw ApiException.validation([
        { field: 'session_id', problems: [`session_id must be 1 to ${MAX_SESSION_ID_CHARS} printable characters`] },
      ]);
    }
    return value;
  }
}
