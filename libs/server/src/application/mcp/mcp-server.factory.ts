import { Inject, Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { QueryPipeline } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { ChatService } from '../chat/chat.service';
import { ApiSessionsService } from '../api-sessions/api-sessions.service';
import type { McpCallContext } from './mcp-call-context';
import { registerSchemaResource } from './schema.resource';
import { registerAskTool } from './tools/ask.tool';
import { registerDescribeSchemaTool } from './tools/describe-schema.tool';
import { registerFeedbackTool } from './tools/feedback.tool';
import type { McpToolDeps } from './tools/mcp-tool-deps';
import { registerSessionHistoryTool } from './tools/session-history.tool';

/** serverInfo of the initialize answer (MCP "Lifecycle"). */
export const MCP_SERVER_INFO = {
  name: 'nlq',
  title: 'nlq: natural-language questions to your database',
  version: '0.1.0',
};

/** What an agent is told about the server at initialize (MCP `instructions`). */
export const MCP_INSTRUCTIONS =
  'nlq answers questions about one SQL database in plain words. Use describe_schema to see what the database holds, ask to ask a question ' +
  '(pass the session_id of an answer to ask a follow-up), session_history to read a session back and feedback to rate an answer. ' +
  'Every SQL statement is checked and runs read-only with row limits; a write is never run by a tool: it comes back pending with a link where a person approves it.';

/**
 * Builds the MCP server of one request (the transport is stateless: one server per POST /mcp, MCP TypeScript SDK
 * docs "stateless Streamable HTTP"), with nlq's four tools (ask, describe_schema, session_history, feedback) and the
 * schema resource (nlq://schema), each acting for `context.caller` through the same application services as /api.
 * No tool approves or rejects a write.
 */
@Injectable()
export class McpServerFactory {
  private readonly deps: McpToolDeps;

  constructor(
    chat: ChatService,
    sessions: ApiSessionsService,
    @Inject(QueryPipeline) pipeline: QueryPipeline,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    this.deps = { chat, sessions, pipeline, logger: logger.child({ component: 'mcp' }) };
  }

  /** A new, unconnected McpServer for one request of `context.caller`. */
  create(context: McpCallContext): McpServer {
    const server = new McpServer(MCP_SERVER_INFO, {
      instructions: MCP_INSTRUCTIONS,
      capabilities: { tools: {}, resources: {} },
    });
    registerAskTool(server, this.deps, context);
    registerDescribeSchemaTool(server, this.deps, context);
    registerSessionHistoryTool(server, this.deps, context);
    registerFeedbackTool(server, this.deps, context);
    registerSchemaResource(server, this.deps, context);
    return server;
  }
}
