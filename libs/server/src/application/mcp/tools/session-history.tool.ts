import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { HISTORY_PAGE_MAX, cutText, escapedValue, type HistoryEntry } from '@nlq/contracts';
import { HistoryPageQueryDto } from '../../../platform/sessions/dto/history-page-query.dto';
import { z } from 'zod';
import type { McpCallContext } from '../mcp-call-context';
import { validArguments, validSessionId } from '../tool-arguments';
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

/** Entries of one `session_history` page when `limit` is absent (at most HISTORY_PAGE_MAX, 100). */
export const SESSION_HISTORY_DEFAULT_LIMIT = 20;
/** Most characters of the readable text of a `session_history` page (the structured entries carry the data). */
export const SESSION_HISTORY_TEXT_MAX_CHARS = 16_000;

/**
 * Tool `session_history` ({ session_id, limit?, cursor? }): one page of the session's history, as GET
 * /api/sessions/{id} reads it (ApiSessionsService.detail, keyset paged: the newest `limit` entries, default
 * SESSION_HISTORY_DEFAULT_LIMIT, at most 100, older than `cursor`, oldest first, and `next_cursor` for the older
 * ones, null at the start; the caller's own sessions only, the service key every session; another user's or an
 * unknown session is 404 NOT_FOUND; a bad limit or cursor 400). Each entry without its kept rows (ask again for
 * data); the text shows each value on one line, cut at 200 characters.
 */
export function registerSessionHistoryTool(server: McpServer, deps: McpToolDeps, context: McpCallContext): void {
  server.registerTool(
    'session_history',
    {
      title: 'Session history',
      description:
        'The questions, SQL, answers, approvals and feedback of one of your nlq sessions (session_id from an ask answer), oldest first.',
      inputSchema: {
        session_id: z.string().describe('The session, as an ask answer names it'),
        limit: z
          .number()
          .optional()
          .describe(
            `Entries per page, 1 to ${HISTORY_PAGE_MAX} (default ${SESSION_HISTORY_DEFAULT_LIMIT}): the most recent ones`,
          ),
        cursor: z.string().optional().describe('next_cursor of the previous page, to read older entries'),
      },
      outputSchema: {
        session_id: z.string(),
        user_id: z.string(),
        entries: z.array(ENTRY),
        next_cursor: z.string().nullable().describe('Pass as cursor to read older entries; null at the start'),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    ({ session_id, limit, cursor }) =>
      runTool('session_history', context, deps.logger, async () => {
        const sessionId = validSessionId(session_id);
        const page = await validArguments({ limit, cursor }, HistoryPageQueryDto);
        const detail = await deps.sessions.detail(context.caller, sessionId, {
          limit: page.limit ?? SESSION_HISTORY_DEFAULT_LIMIT,
          cursor: page.cursor ?? null,
          omitResults: true,
        });
        const entries = detail.history.map(toEntry);
        return toolAnswer(historyText(detail.session.id, entries, detail.next_cursor), {
          session_id: detail.session.id,
          user_id: detail.session.user_id,
          entries,
          next_cursor: detail.next_cursor,
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

/** The page as text: one head line an entry and one line a field, each value escaped onto its line and cut. */
function historyText(sessionId: string, entries: Entry[], nextCursor: string | null): string {
  if (entries.length === 0) return `Session ${sessionId} has no entries.`;
  const lines = entries.map((e, i) => {
    const head = `${i + 1}. [${e.created_at}] ${e.kind} (${escapedValue(e.status)})`;
    const body = [
      e.question && `question: ${escapedValue(e.question)}`,
      e.sql && `sql: ${escapedValue(e.sql, 500)}`,
      e.answer && `answer: ${escapedValue(e.answer)}`,
      e.error && `error: ${escapedValue(e.error)}`,
      e.signal && `signal: ${escapedValue(e.signal)}`,
    ];
    return [head, ...body.filter(Boolean).map((l) => `   ${l}`)].join('\n');
  });
  const more = nextCursor === null ? '' : `\nOlder entries: call session_history with cursor "${nextCursor}".`;
  const text = `Session ${sessionId}, ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} on this page:\n${lines.join('\n')}`;
  return cutText(text, SESSION_HISTORY_TEXT_MAX_CHARS) + more;
}
