import type { AnswerWarning, ChatResponse, SqlKind } from '@nlq/contracts';
import { approvalLink } from './approval-link';

/** Rows of a result the `ask` tool returns (the first ones; `row_count`, `truncated` and `total_rows` say the rest). */
export const ASK_TOOL_ROWS = 50;
/** Rows the readable text shows as a table. */
export const ASK_TEXT_ROWS = 10;

/** The structured answer of the `ask` tool (its outputSchema, ask.tool.ts). */
export interface AskToolOutput {
  [key: string]: unknown;
  session_id: string;
  success: boolean;
  answer: string;
  sql: string | null;
  kind: SqlKind | null;
  reading: string | null;
  /** The answer check's warnings (docs/http-api.md "Answer warnings"); empty when none. */
  warnings: AnswerWarning[];
  columns: string[];
  rows: unknown[][];
  row_count: number;
  truncated: boolean;
  total_rows: number | null;
  pending_approval: boolean;
  approval: { sql: string; estimated_rows: number | null; approve_url: string; message: string } | null;
  clarification: { question: string; options: Array<{ id: string; label: string }> } | null;
  error: { code: string; message: string } | null;
  trace_id: string;
  connection_id: string;
  cached: boolean;
}

/**
 * The `ask` tool's answer from what POST /api/chat answers (ChatService.chat), for the web app's base URL
 * `webAppUrl`: the first ASK_TOOL_ROWS rows (values made JSON-safe: bigint as text, Date as ISO-8601), the pending
 * write's link for a person (approvalLink) and the clarification's options. `isError` is true for a failed answer
 * (success false with an error): `error.code` is SQL_REFUSED when the SQL was refused (a write in user mode, a
 * statement the policy refuses), else UNANSWERABLE (docs/http-api.md "Errors", 422). A question asked back is not
 * an error. `text` is the same answer for a person: the answer, the SQL, the reading, the warnings, a small table,
 * what to do next.
 */
export function askToolResult(
  chat: ChatResponse,
  webAppUrl: string,
): { text: string; structured: AskToolOutput; isError: boolean } {
  const rows = jsonSafe(chat.rows.slice(0, ASK_TOOL_ROWS));
  const pending = chat.pending_approval;
  const failed = !chat.success && chat.error !== null;
  const structured: AskToolOutput = {
    session_id: chat.session_id,
    success: chat.success,
    answer: chat.response,
    sql: chat.sql,
    kind: chat.kind,
    reading: chat.reading,
    warnings: chat.warnings ?? [],
    columns: chat.columns,
    rows,
    row_count: rows.length,
    truncated: chat.truncated || chat.rows.length > rows.length,
    total_rows: chat.total_rows,
    pending_approval: pending,
    approval: pending
      ? {
          sql: chat.sql ?? '',
          estimated_rows: chat.estimated_rows ?? null,
          approve_url: approvalLink(webAppUrl, chat.session_id),
          message: 'Not run: a person must approve or reject this write in the web app (no MCP tool decides it).',
        }
      : null,
    clarification: chat.clarification
      ? {
          question: chat.clarification.question,
          options: chat.clarification.options.map(({ id, label }) => ({ id, label })),
        }
      : null,
    error: failed ? { code: refused(chat.kind) ? 'SQL_REFUSED' : 'UNANSWERABLE', message: chat.error as string } : null,
    trace_id: chat.trace_id,
    connection_id: chat.connection_id,
    cached: chat.cached,
  };
  return { text: askText(structured), structured, isError: failed };
}

function refused(kind: SqlKind | null): boolean {
  return kind === 'refused' || kind === 'write' || kind === 'ddl';
}

/** The readable rendering of an `ask` answer. */
function askText(a: AskToolOutput): string {
  const parts = [a.answer];
  if (a.error) parts.push(`Error (${a.error.code}): ${a.error.message}`);
  if (a.sql) parts.push(`SQL${a.pending_approval ? ' (pending approval, not run)' : ''}:\n${a.sql}`);
  if (a.reading) parts.push(`Reading: ${a.reading}`);
  for (const w of a.warnings) parts.push(`Check this (${w.code}): ${w.message}`);
  if (a.columns.length > 0 && a.rows.length > 0) parts.push(table(a));
  if (a.approval) {
    const rows =
      a.approval.estimated_rows === null
        ? ''
        : ` It would change ${a.approval.estimated_rows} row${a.approval.estimated_rows === 1 ? '' : 's'}.`;
    parts.push(
      `This write was not run.${rows} A person approves or rejects it in nlq's web app: ${a.approval.approve_url}`,
    );
  }
  if (a.clarification) {
    parts.push(
      `To answer, call ask with session_id "${a.session_id}" and clarification_option set to one of: ${a.clarification.options.map((o) => `${o.id} (${o.label})`).join(', ')}.`,
    );
  }
  parts.push(`Session: ${a.session_id} (pass it as session_id to ask a follow-up). Trace: ${a.trace_id}.`);
  return parts.join('\n\n');
}

/** The first ASK_TEXT_ROWS rows as a Markdown table, with a line for the rows not shown. */
function table(a: AskToolOutput): string {
  const shown = a.rows.slice(0, ASK_TEXT_ROWS);
  const cell = (v: unknown) =>
    (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))
      .replace(/\|/g, '\\|')
      .replace(/\r?\n/g, ' ');
  const lines = [
    `| ${a.columns.map(cell).join(' | ')} |`,
    `| ${a.columns.map(() => '---').join(' | ')} |`,
    ...shown.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
  const total = a.total_rows ?? (a.truncated ? null : a.row_count);
  const more =
    total === null
      ? a.truncated || a.rows.length > shown.length
        ? '\n(more rows not shown)'
        : ''
      : total > shown.length
        ? `\n(${total - shown.length} more rows not shown)`
        : '';
  return lines.join('\n') + more;
}

/** Rows as plain JSON values: bigint as decimal text, Date as ISO-8601, Buffer as base64 (drivers may return them). */
export function jsonSafe(rows: unknown[][]): unknown[][] {
  return rows.map((row) =>
    row.map((value) => {
      if (typeof value === 'bigint') return value.toString();
      if (value instanceof Date) return value.toISOString();
      if (Buffer.isBuffer(value)) return value.toString('base64');
      return value;
    }),
  );
}
