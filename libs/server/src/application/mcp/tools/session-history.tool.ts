import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { HistoryEntry } from '@nlq/contracts';
import { z } from 'zod';
import type { McpCallContext } from '../mcp-call-context';
import { validSessionId } from '../tool-arguments';
import { toolAnswer } from '../tool-result';
import { runTool } from '../tool-runner';
import type { McpToolDeps } from './mcp-tool-deps';

const ENTRY = z.object({
  id: z.string(),
  kind: z.string().describe('query, approval, rejection or feedback'),
  status: z.string(),
  question: z.string().nullable(),
  sql: z.string().nullable(),
  answer: z.string().nullable(),
  error: z.string().nullable(),
  row_count: z.number().nullable(),
  rows_affected: z.number().nullable(),
  estimated_rows: z.number().nullable(),
  reading: z.string().nullable(),
  signal: z.string().nullable(),
  trace_id: z.string().nullable(),
  created_at: z.string(),
});

type Entry = z.infer<typeof ENTRY>;

/**
 * Tool `session_history` ({ session_id }): the session's history, oldest first, as GET /api/sessions/{id} reads it
 * (ApiSessionsService.detail: the caller's own sessions only, the service key every session; another user's or an
 * unknown session is 404 NOT_FOUND). Each entry without its kept rows (ask again for data).
 */
export function registerSessionHistoryTool(server: McpServer, deps: McpToolDeps, context: McpCallContext): void {
  server.registerTool(
    'session_history',
    {
      title: 'Session history',
      description:
        'The questions, SQL, answers, approvals and feedback of one of your nlq sessions (session_id from an ask answer), oldest first.',
      inputSchema: { session_id: z.string().describe('The session, as an ask answer names it') },
      outputSchema: { session_id: z.string(), user_id: z.string(), entries: z.array(ENTRY) },
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    ({ session_id }) =>
      runTool('session_history', context, deps.logger, async () => {
        const detail = await deps.sessions.detail(context.caller, validSessionId(session_id));
        const entries = detail.history.map(toEntry);
        return toolAnswer(historyText(detail.session.id, entries), {
          session_id: detail.session.id,
          user_id: detail.session.user_id,
          entries,
        });
      }),
  );
}

/** The entry fields the tool answers (its outputSchema), absent ones as null; kept rows and provenance are left out. */
function toEntry(e: HistoryEntry): Entry {
  return Object.fromEntries(
    Object.keys(ENTRY.shape).map((field) => [field, e[field as keyof HistoryEntry] ?? null]),
  ) as Entry;
}

function historyText(sessionId: string, entries: Entry[]): string {
  if (entries.length === 0) return `Session ${sessionId} has no entries.`;
  const lines = entries.map((e, i) => {
    const head = `${i + 1}. [${e.created_at}] ${e.kind} (${e.status})`;
    const body = [
      e.question && `question: ${e.question}`,
      e.sql && `sql: ${e.sql}`,
      e.answer && `answer: ${e.answer}`,
      e.error && `error: ${e.error}`,
      e.signal && `signal: ${e.signal}`,
    ];
    return [head, ...body.filter(Boolean).map((l) => `   ${l}`)].join('\n');
  });
  return `Session ${sessionId}, ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}:\n${lines.join('\n')}`;
}
