import { ApiException } from './api.exception';

/**
 * A list cursor for keyset paging on (time, id) (docs/http-api.md "Paged lists"): base64url of `<time>\n<id>`, the
 * last row of the previous page. Used by the trace list (start time) and the session list (last activity).
 */
export function encodeKeysetCursor(at: string, id: string): string {
  return Buffer.from(`${at}\n${id}`, 'utf8').toString('base64url');
}

/**
 * The time and id of a cursor made by {@link encodeKeysetCursor}.
 * @throws ApiException 400 VALIDATION naming `cursor` for anything else (wrong alphabet, shape or lengths).
 */
export function decodeKeysetCursor(cursor: string): { at: string; id: string } {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('\n');
  if (!at || !id || extra !== undefined || at.length > 32 || id.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor))
    throw ApiException.validation([{ field: 'cursor', problems: ['cursor must be a next_cursor this list returned'] }]);
  return { at, id };
}
