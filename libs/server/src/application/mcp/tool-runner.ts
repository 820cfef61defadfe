import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { assertRole } from '../../platform/auth/required-role';
import type { McpCallContext } from './mcp-call-context';
import { NLQ_ERROR_META, toolError } from './tool-result';
import { toolRole } from './tool-roles';

/**
 * Runs one tool call: first the caller's role against the tool's ({@link toolRole}; a weaker role is the 403
 * FORBIDDEN tool error naming the role needed), then its answer, or anything it throws as MCP's tool error form (toolError: isError with the nlq
 * error code). A 5xx is logged with the request id, as the api's exception filter logs failed requests.
 */
export async function runTool(
  name: string,
  context: McpCallContext,
  logger: Logger,
  call: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    assertRole(context.caller, toolRole(name), `call the MCP tool "${name}"`);
    return await call();
  } catch (error) {
    const result = toolError(error, context.requestId);
    const status = (result._meta?.[NLQ_ERROR_META] as { statusCode?: number } | undefined)?.statusCode ?? 500;
    if (status >= 500) logger.error({ err: error, requestId: context.requestId, tool: name }, 'MCP tool call failed');
    return result;
  }
}
