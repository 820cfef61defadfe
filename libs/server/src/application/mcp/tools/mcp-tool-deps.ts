import type { QueryPipeline } from '@nlq/pipeline';
import type { Logger } from 'pino';
import type { ApiSessionsService } from '../../api-sessions/api-sessions.service';
import type { ChatService } from '../../chat/chat.service';

/** The application services the MCP tools call: the same ones /api/chat and /api/sessions call. */
export interface McpToolDeps {
  chat: ChatService;
  sessions: ApiSessionsService;
  pipeline: QueryPipeline;
  logger: Logger;
}
