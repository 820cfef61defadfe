import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ChatRequestDto } from '../../chat/dto/chat-request.dto';
import { askToolResult } from '../ask-result';
import type { McpCallContext } from '../mcp-call-context';
import { validArguments } from '../tool-arguments';
import { toolAnswer } from '../tool-result';
import { runTool } from '../tool-runner';
import type { McpToolDeps } from './mcp-tool-deps';

const SQL_KINDS = ['read', 'write', 'ddl', 'refused'] as const;

/** The `ask` tool's outputSchema (AskToolOutput, ask-result.ts). */
export const ASK_OUTPUT_SHAPE = {
  session_id: z.string().describe('The session: pass it as session_id to ask a follow-up'),
  success: z.boolean(),
  answer: z.string().describe('The answer in plain words (or the question nlq asks back)'),
  sql: z.string().nullable(),
  kind: z.enum(SQL_KINDS).nullable(),
  reading: z.string().nullable().describe('What the executed SQL computed, in plain English'),
  warnings: z
    .array(z.object({ code: z.string(), message: z.string(), words: z.array(z.string()).optional() }))
    .describe('What the answer check found that a person should check (stable codes); empty when none'),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())).describe('The first rows, aligned with columns'),
  row_count: z.number().int().describe('Rows in rows'),
  truncated: z.boolean().describe('true when the result had more rows than rows holds'),
  total_rows: z.number().int().nullable(),
  pending_approval: z.boolean(),
  approval: z
    .object({
      sql: z.string(),
      estimated_rows: z.number().int().nullable(),
      approve_url: z.string(),
      message: z.string(),
    })
    .nullable()
    .describe('A write held for a person to approve in the web app (approve_url); never run by this tool'),
  clarification: z
    .object({ question: z.string(), options: z.array(z.object({ id: z.string(), label: z.string() })) })
    .nullable()
    .describe('Set when nlq asks back: call ask again with session_id and clarification_option'),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  trace_id: z.string(),
  connection_id: z.string(),
  cached: z.boolean(),
};

/**
 * Tool `ask` ({ question, session_id?, clarification_option? }): one question through ChatService.chat, exactly as
 * POST /api/chat asks it (same validation, pipeline, checks, limits, approval policy, audit line and trace, in the
 * caller's session; another user's session is 404 NOT_FOUND). Answers the answer text, SQL, reading, columns and
 * first rows, a pending approval's link (admin mode: the write is held, never run here) or the clarification
 * (askToolResult). A failed answer is isError with its code; a thrown error is toolError's form.
 */
export function registerAskTool(server: McpServer, deps: McpToolDeps, context: McpCallContext): void {
  server.registerTool(
    'ask',
    {
      title: 'Ask the database a question',
      description:
        'Ask a question about the connected database in plain words. nlq writes the SQL, checks it (read-only unless a person approves a write), runs it with row limits and a statement timeout, and answers in plain words with the SQL, what it computed, the columns and first rows. A write (admin mode) is NOT run: it comes back pending with a link where a person approves or rejects it. Pass session_id from an earlier answer to ask a follow-up. When nlq asks back (clarification), call again with session_id and clarification_option.',
      inputSchema: {
        question: z
          .string()
          .optional()
          .describe(
            'The question, e.g. "How many customers are there?" (required unless clarification_option is given)',
          ),
        session_id: z
          .string()
          .optional()
          .describe('Session of an earlier answer, to ask a follow-up in it; a new session when absent'),
        clarification_option: z.string().optional().describe("Id of an option of the session's open clarification"),
      },
      outputSchema: ASK_OUTPUT_SHAPE,
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    (args) =>
      runTool('ask', context, deps.logger, async () => {
        const request = await validArguments(args, ChatRequestDto);
        const chat = await deps.chat.chat(context.caller, request);
        const { text, structured, isError } = askToolResult(chat, context.webAppUrl);
        return toolAnswer(text, structured, isError);
      }),
  );
}
