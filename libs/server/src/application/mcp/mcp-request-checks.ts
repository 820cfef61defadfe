import { ErrorCode } from '@nlq/contracts';
import { ApiException } from '../../platform/common/api.exception';

/** JSON-RPC 2.0 "Invalid Request" (JSON-RPC 2.0 specification, section 5.1). */
export const JSON_RPC_INVALID_REQUEST = -32600;

/**
 * A Host header as RFC 9110 section 7.2 allows it: a registered name, an IPv4 address or a bracketed IPv6 address
 * (RFC 3986 section 3.2.2), with an optional decimal port. Anything else (spaces, slashes, `@`, several values) is
 * malformed.
 */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Checks the Host header of a POST /mcp request. nlq never builds a URL from it (links use WEB_APP_URL or the
 * listening address, localOrigin), but a malformed one is bad input: 400 VALIDATION naming `host`, never a 5xx.
 * @throws ApiException 400 for an empty, repeated, over-long or malformed Host (an absent one passes).
 */
export function assertValidHost(host: string | string[] | undefined): void {
  if (host === undefined) return;
  const value = Array.isArray(host) ? null : host;
  if (value !== null && value.length <= 260 && HOST_HEADER.test(value)) return;
  throw ApiException.validation([
    { field: 'host', problems: ['the Host header must be a host name or address with an optional port'] },
  ]);
}

/**
 * The JSON-RPC error a POST /mcp body that is a batch (an array of messages) gets instead of running it: each tool
 * call is one request, counted against the rate limit, audited and traced on its own, and MCP 2025-06-18 removed
 * JSON-RPC batching from the protocol ("Changelog"). Null for any other body. Answered with HTTP 400; `data` is the
 * nlq error shape (docs/http-api.md "Errors").
 */
export function batchRefusal(
  body: unknown,
  requestId: string,
): { jsonrpc: '2.0'; id: null; error: { code: number; message: string; data: Record<string, unknown> } } | null {
  if (!Array.isArray(body)) return null;
  const message =
    'JSON-RPC batches are not accepted on /mcp: send one message per POST (each tool call counts as one request against the rate limit).';
  return {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: JSON_RPC_INVALID_REQUEST,
      message,
      data: { statusCode: 400, code: ErrorCode.VALIDATION, message, requestId },
    },
  };
}
