import {
  cutText,
  escapedValue,
  framedProse,
  type AnswerWarning,
  type ChatResponse,
  type SqlKind,
} from '@nlq/contracts';
import { refusedByDataPolicy } from '@nlq/pipeline';
import { approvalLink } from './approval-link';

/** Rows of a result the `ask` tool returns (the first ones; `row_count`, `truncated` and `total_rows` say the rest). */
export const ASK_TOOL_ROWS = 50;
/** Rows the readable text shows as a table. */
export const ASK_TEXT_ROWS = 10;
/** Most bytes of JSON the structured rows take; rows past it are left out (`truncated`). */
export const ASK_ROWS_MAX_BYTES = 64 * 1024;
/** Most characters of one text cell in the structured rows; a longer one is cut with CUT_MARKER. */
export const ASK_CELL_MAX_CHARS = 4_096;
/** Most characters of the readable text of an `ask` result (the structured content carries the data). */
export const ASK_TEXT_MAX_CHARS = 16_000;

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
  const rows = boundedRows(jsonSafe(chat.rows.slice(0, ASK_TOOL_ROWS)));
  const pending = chat.pending_approval;
  const failed = !chat.success && chat.error !== null;
  const structured: AskToolOutput = {
    session_id: chat.session_id,
    success: chat.success,
    answer: framedProse(chat.response),
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
    error: failed ? { code: refused(chat) ? 'SQL_REFUSED' : 'UNANSWERABLE', message: chat.error as string } : null,
    trace_id: chat.trace_id,
    connection_id: chat.connection_id,
    cached: chat.cached,
  };
  return { text: askText(structured), structured, isError: failed };
}

/** A refused statement: unparseable, a write or DDL the mode does not run, or one the caller's data policy refuses. */
function refused(chat: ChatResponse): boolean {
  return chat.kind === 'refused' || chat.kind === 'write' || chat.kind === 'ddl' || refusedByDataPolicy(chat.error);
}

/**
 * The readable rendering of an `ask` answer, framed (contracts framed-text.ts): the answer as framed prose, the SQL
 * as an indented code block, the reading, error and option labels on one line each
 * (values escaped and cut), table cells cut at MAX_VALUE_CHARS; the whole cut at ASK_TEXT_MAX_CHARS. No value from
 * the data can start a line that reads as one of these sections.
 */
function askText(a: AskToolOutput): string {
  const parts = [a.answer];
  if (a.error) parts.push(`Error (${a.error.code}): ${escapedValue(a.error.message, 2_000)}`);
  if (a.sql) parts.push(`SQL${a.pending_approval ? ' (pending approval, not run)' : ''}:\n${indented(a.sql)}`);
  if (a.reading) parts.push(`Reading: ${escapedValue(a.reading, 2_000)}`);
  for (const w of a.warnings) parts.push(`Check this (${w.code}): ${escapedValue(w.message, 2_000)}`);
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
      `To answer, call ask with session_id "${a.session_id}" and clarification_option set to one of: ${a.clarification.options.map((o) => `${escapedValue(o.id)} (${escapedValue(o.label)})`).join(', ')}.`,
    );
  }
  const body = cutText(parts.join('\n\n'), ASK_TEXT_MAX_CHARS);
  return `${body}\n\nSession: ${a.session_id} (pass it as session_id to ask a follow-up). Trace: ${a.trace_id}.`;
}

/**
 * `sql` as an indented code block (CommonMark 0.31 "Indented code blocks"): every line, including those a string
 * literal with line breaks makes, starts with four spaces, so none can read as a section; cut at 8,000 characters.
 */
function indented(sql: string): string {
  return cutText(sql, 8_000)
    .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
    .map((line) => `    ${line}`)
    .join('\n');
}

/**
 * The structured rows within ASK_ROWS_MAX_BYTES of JSON, text cells cut at ASK_CELL_MAX_CHARS (with CUT_MARKER):
 * whole rows in order until the budget is spent.
 */
function boundedRows(rows: unknown[][]): unknown[][] {
  const kept: unknown[][] = [];
  let bytes = 2;
  for (const row of rows) {
    const cut = row.map((v) => (typeof v === 'string' ? cutText(v, ASK_CELL_MAX_CHARS) : v));
    bytes += Buffer.byteLength(JSON.stringify(cut)) + 1;
    if (bytes > ASK_ROWS_MAX_BYTES) break;
    kept.push(cut);
  }
  return kept;
}

/** The first ASK_TEXT_ROWS rows as a Markdown table, with a line for the rows not shown. */
function table(a: AskToolOutput): string {
  const shown = a.rows.slice(0, ASK_TEXT_ROWS);
  const cell = (v: unknown) =>
    escapedValue(v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(
      /\|/g,
      '\\|',
    );
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
