import { API_KEY_HEADER } from './adapter-key.guard';

/** The `Authorization` scheme that carries an nlq key as a bearer token (RFC 6750 section 2.1). */
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The key a request presents for the application surface and /mcp (docs/http-api.md "Contract: authentication" rule 2): `X-API-Key`, else the
 * token of `Authorization: Bearer <key>` (RFC 6750 section 2.1, the form MCP clients send). The first value of a
 * repeated header counts. Null when neither carries a non-empty key. Only where the key is read: it is verified by
 * ApiKeyService like any other.
 */
export function presentedApiKey(headers: Record<string, string | string[] | undefined>): string | null {
  const given = first(headers[API_KEY_HEADER]);
  if (given) return given;
  const match = BEARER.exec(first(headers.authorization) ?? '');
  return match ? match[1] : null;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
