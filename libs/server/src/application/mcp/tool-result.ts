import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorResponse } from '@nlq/contracts';
import { toErrorResponse } from '../../platform/common/error-mapping';

/** `_meta` key of a failed tool call: the nlq error in the one error shape (docs/http-api.md "Errors"). */
export const NLQ_ERROR_META = 'nlq/error';

/**
 * A tool's answer: one text block a person can read and, for the agent, `structuredContent` matching the tool's
 * outputSchema (MCP 2025-06-18 "Tools", structured content: the text is its readable rendering).
 */
export function toolAnswer(text: string, structured: Record<string, unknown>, isError = false): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured, ...(isError ? { isError: true } : {}) };
}

/**
 * A tool call that failed, in MCP's error form (a CallToolResult with `isError: true`, MCP "Tools", error handling):
 * `error` mapped to the one error shape by the api's one mapping (toErrorResponse: 400 VALIDATION, 404 NOT_FOUND,
 * 409, 422, 429, 502, 500 with only the request id; messages scrubbed), its text naming the code, and the whole
 * shape under `_meta["nlq/error"]`. No structuredContent: the tool's outputSchema describes answers, not errors.
 */
export function toolError(error: unknown, requestId: string): CallToolResult {
  const body = toErrorResponse(error, requestId);
  return {
    content: [{ type: 'text', text: errorText(body) }],
    isError: true,
    _meta: { [NLQ_ERROR_META]: body },
  };
}

/** `<message> (nlq error <code>, HTTP <status>, request <id>)`. */
export function errorText(body: ErrorResponse): string {
  return `${body.message} (nlq error ${body.code}, HTTP ${body.statusCode}, request ${body.requestId})`;
}
