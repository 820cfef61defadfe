import { Injectable } from '@nestjs/common';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyRequest } from 'fastify';
import type { McpCallContext } from './mcp-call-context';
import { McpServerFactory } from './mcp-server.factory';

/** Request headers the Streamable HTTP transport reads (MCP 2025-06-18 "Transports"); no others are passed on. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

/**
 * Base of the URL handed to the transport with the request's path: the transport reads only the path and headers,
 * so the request's own Host (attacker-controlled) never reaches a URL.
 */
const TRANSPORT_BASE_URL = 'http://nlq.invalid';

/** What POST /mcp answers: status, headers and body text (null for 202 Accepted). */
export interface McpHttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/**
 * One POST /mcp request through the SDK's Streamable HTTP server transport in stateless JSON mode
 * (`sessionIdGenerator: undefined`, `enableJsonResponse: true`): a fresh McpServer and transport per request, so
 * any api replica answers any request (docs/operations.md, replicas) and nothing outlives the request. The body,
 * already parsed by the api's JSON parser (MAX_BODY_BYTES, MAX_JSON_DEPTH), is handed over as `parsedBody`.
 * JSON-RPC requests get 200 with their JSON-RPC responses, notifications 202; malformed messages, a missing
 * `Accept: application/json, text/event-stream` or an unsupported protocol version get the transport's JSON-RPC
 * error with its 4xx status.
 */
@Injectable()
export class McpHttpService {
  constructor(private readonly servers: McpServerFactory) {}

  async handle(context: McpCallContext, request: FastifyRequest, body: unknown): Promise<McpHttpAnswer> {
    const server = this.servers.create(context);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const headers = new Headers();
      for (const name of TRANSPORT_HEADERS) {
        const value = request.headers[name];
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await transport.handleRequest(
        new Request(new URL(request.url, TRANSPORT_BASE_URL), { method: 'POST', headers }),
        { parsedBody: body },
      );
      const text = response.status === 202 ? null : await response.text();
      return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: text };
    } finally {
      await server.close();
    }
  }
}
