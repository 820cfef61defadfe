import type { Caller } from '../../platform/auth/caller';

/**
 * Who one POST /mcp request acts for, built per request (the transport is stateless, docs/mcp.md): the caller its
 * key identified (bound to users exactly as /api, docs/http-api.md "Contract: authentication" rule 4), the request id its errors carry, and the base URL of
 * the web app where a person approves a pending write.
 */
export interface McpCallContext {
  caller: Caller;
  /** X-Request-Id of the HTTP request (requestIdFor), also on every error a tool answers. */
  requestId: string;
  /** e.g. `https://nlq.example.com`: WEB_APP_URL, else the address the api listens on (localOrigin), never the request's Host. */
  webAppUrl: string;
}
