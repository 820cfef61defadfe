import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { ErrorResponse } from '@nlq/contracts';
import type { Readable, Writable } from 'node:stream';

/**
 * JSON-RPC error code of a request the bridge could not deliver (the service refused it with an HTTP error or could
 * not be reached): in the range JSON-RPC 2.0 section 5.1 leaves to implementations (-32000 to -32099).
 */
export const BRIDGE_ERROR_CODE = -32000;

/** A running stdio-to-HTTP bridge. */
export interface McpBridge {
  /** Resolves when the MCP client closed stdin (or {@link McpBridge.close} ran). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Where the bridge forwards to, and how it reports what goes wrong on the way. */
export interface BridgeOptions {
  /** The /mcp endpoint, e.g. http://localhost:8000/mcp. */
  endpoint: URL;
  /** Sent as X-API-Key (user-bound or service key), or null. */
  key: string | null;
  /** One line per transport problem the client does not see as a response (stderr). */
  log: (line: string) => void;
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * `nlq mcp`'s bridge: every JSON-RPC message the MCP client writes on stdin (newline-delimited JSON, MCP
 * "Transports", stdio) is POSTed to the Streamable HTTP endpoint by the SDK's StreamableHTTPClientTransport, and
 * every message it answers is written to stdout by the SDK's StdioServerTransport, unchanged: the tools, their
 * checks and their errors are the service's. The negotiated protocol version (initialize result) is sent along as
 * MCP-Protocol-Version afterwards. A request the service refuses at the HTTP level (401 wrong key, 403, 413, 429) or
 * that cannot reach it is answered to the client as a JSON-RPC error {@link BRIDGE_ERROR_CODE} whose `data` is the
 * service's error body (the nlq error shape: statusCode, code, message, requestId) when it sent one. The bridge
 * ends when stdin ends (the client closed it; requests in flight are answered first) or on close().
 */
export async function startMcpBridge(options: BridgeOptions): Promise<McpBridge> {
  const http = new StreamableHTTPClientTransport(options.endpoint, {
    requestInit: { headers: options.key ? { 'X-API-Key': options.key } : {} },
  });
  const stdio = new StdioServerTransport(options.stdin, options.stdout);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const initializeIds = new Set<RequestId>();

  const inFlight = new Set<Promise<void>>();

  stdio.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && isInitializeRequest(message)) initializeIds.add(message.id);
    const sent: Promise<void> = http
      .send(message)
      .catch(async (error: unknown) => {
        if (isJSONRPCRequest(message))
          await deliver(stdio, bridgeError(message.id, error, options.endpoint), options.log);
      })
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  http.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && 'result' in message && initializeIds.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') http.setProtocolVersion(version);
    }
    void deliver(stdio, message, options.log);
  };
  // send() rejects too, and that rejection is answered to the client; other transport errors are only logged
  http.onerror = (error) => {
    if (!(error instanceof StreamableHTTPError) && !(error instanceof TypeError))
      options.log(`nlq mcp: ${error.message}`);
  };
  stdio.onerror = (error) => options.log(`nlq mcp: ${error.message}`);
  stdio.onclose = () => {
    void http.close().finally(resolveClosed);
  };
  await http.start();
  await stdio.start();
  // the SDK's stdio transport does not watch for the end of its input: the client closing stdin ends the bridge,
  // once the requests it sent have been answered
  (options.stdin ?? process.stdin).once('end', () => {
    void Promise.allSettled([...inFlight]).then(() => stdio.close());
  });
  return {
    closed,
    async close() {
      await stdio.close();
      await closed;
    },
  };
}

async function deliver(stdio: Transport, message: JSONRPCMessage, log: (line: string) => void): Promise<void> {
  try {
    await stdio.send(message);
  } catch (error) {
    log(`nlq mcp: cannot write to stdout: ${(error as Error).message}`);
  }
}

/**
 * The JSON-RPC error answering request `id` when the service refused it or could not be reached: message and data
 * from the service's error body (the one error shape) when the SDK's error carries it, else the transport's text.
 */
export function bridgeError(id: RequestId, error: unknown, endpoint: URL): JSONRPCMessage {
  const status = error instanceof StreamableHTTPError ? error.code : undefined;
  const body = status !== undefined ? errorBody(error as Error) : null;
  let message: string;
  if (body) message = `${body.message} (nlq error ${body.code}, HTTP ${body.statusCode})`;
  else if (error instanceof TypeError) message = `cannot reach ${endpoint.origin}: ${causeOf(error)}`;
  else message = (error as Error)?.message ?? String(error);
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: BRIDGE_ERROR_CODE,
      message,
      ...(body ? { data: body } : status !== undefined ? { data: { statusCode: status } } : {}),
    },
  };
}

/** The nlq error body a StreamableHTTPError's message ends with ("Error POSTing to endpoint: {json}"), or null. */
function errorBody(error: Error): ErrorResponse | null {
  const start = error.message.indexOf('{');
  if (start < 0) return null;
  try {
    const body = JSON.parse(error.message.slice(start)) as Partial<Record<keyof ErrorResponse, unknown>>;
    return typeof body.code === 'string' && typeof body.message === 'string' && typeof body.statusCode === 'number'
      ? (body as ErrorResponse)
      : null;
  } catch {
    return null;
  }
}

function causeOf(error: TypeError): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}
