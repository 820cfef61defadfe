import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FeedbackSignal } from '@nlq/contracts';
import { z } from 'zod';
import { FeedbackRequestDto } from '../../../adapter/feedback/dto/feedback-request.dto';
import type { McpCallContext } from '../mcp-call-context';
import { validArguments, validSessionId } from '../tool-arguments';
import { toolAnswer } from '../tool-result';
import { runTool } from '../tool-runner';
import type { McpToolDeps } from './mcp-tool-deps';

/** The signals of FeedbackRequest (contracts FEEDBACK_SIGNALS), as the tuple zod's enum needs. */
const SIGNALS = ['positive', 'negative'] as const satisfies readonly FeedbackSignal[];

/**
 * Tool `feedback` ({ session_id, signal }): a thumbs-up or thumbs-down on the session's latest answer, recorded as
 * POST /api/sessions/{id}/feedback records it (ApiSessionsService.feedback: the caller's own session, 404
 * NOT_FOUND otherwise; a thumbs-up on an answered read makes a candidate verified example, docs/http-api.md
 * "Verified examples").
 */
export function registerFeedbackTool(server: McpServer, deps: McpToolDeps, context: McpCallContext): void {
  server.registerTool(
    'feedback',
    {
      title: 'Rate the latest answer',
      description:
        "Record whether the latest answer of a session was right (positive) or wrong (negative). nlq's administrators review it.",
      inputSchema: {
        session_id: z.string().describe('The session, as an ask answer names it'),
        signal: z.enum(SIGNALS).describe('positive or negative'),
      },
      outputSchema: { status: z.literal('ok'), session_id: z.string(), signal: z.enum(SIGNALS) },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ session_id, signal }) =>
      runTool('feedback', context, deps.logger, async () => {
        const sessionId = validSessionId(session_id);
        const body = await validArguments({ signal }, FeedbackRequestDto);
        const saved = await deps.sessions.feedback(context.caller, sessionId, body.signal);
        return toolAnswer(`Recorded ${saved.signal} feedback on the latest answer of session ${sessionId}.`, {
          status: 'ok',
          session_id: sessionId,
          signal: saved.signal,
        });
      }),
  );
}
