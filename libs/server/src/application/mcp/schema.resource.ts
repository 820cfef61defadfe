import { McpError, ErrorCode as JsonRpcErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { callerAccess } from '../../platform/auth/caller';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { renderSchema } from '@nlq/pipeline';
import { toErrorResponse } from '../../platform/common/error-mapping';
import type { McpCallContext } from './mcp-call-context';
import { errorText } from './tool-result';
import type { McpToolDeps } from './tools/mcp-tool-deps';

/** URI of the resource holding the active connection's schema. */
export const SCHEMA_RESOURCE_URI = 'nlq://schema';

/**
 * Resource `nlq://schema`: the active connection's whole schema as the SQL prompt renders it (CREATE TABLE
 * statements with keys, references, comments and sample values; renderSchema of @nlq/pipeline), from the
 * pipeline's schema cache. A failure (the database cannot be introspected) is a JSON-RPC error (resources have no
 * isError form) whose `data` is the nlq error shape (502 UPSTREAM_UNAVAILABLE, ...).
 */
export function registerSchemaResource(server: McpServer, deps: McpToolDeps, context: McpCallContext): void {
  server.registerResource(
    'schema',
    SCHEMA_RESOURCE_URI,
    {
      title: 'Database schema',
      description:
        'The tables, columns, keys and references of the database nlq answers questions about (the active connection), as SQL CREATE TABLE statements.',
      mimeType: 'text/plain',
    },
    async (uri) => {
      try {
        const { schema } = await deps.pipeline.visibleConnectionSchema(callerAccess(context.caller));
        return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: renderSchema(schema) }] };
      } catch (error) {
        const body = toErrorResponse(error, context.requestId);
        if (body.statusCode >= 500)
          deps.logger.error(
            { err: error, requestId: context.requestId, resource: SCHEMA_RESOURCE_URI },
            'MCP resource read failed',
          );
        throw new McpError(JsonRpcErrorCode.InternalError, errorText(body), body);
      }
    },
  );
}
