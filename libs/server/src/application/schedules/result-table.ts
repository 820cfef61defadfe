import { formatCell } from '@nlq/contracts';

/** Most rows a message's table shows; the JSON message and the email's CSV attachment hold all of them. */
export const TABLE_ROWS = 10;
/** Widest cell of a text table, in characters. */
const CELL_CHARS = 24;

/** The cells of the first {@link TABLE_ROWS} rows as text for people (formatCell: grouped numbers, dates, `(none)`). */
export function tableCells(columns: string[], rows: unknown[][]): string[][] {
  return rows.slice(0, TABLE_ROWS).map((row) => columns.map((column, i) => formatCell(row[i], column)));
}

/** A note on the rows the table leaves out (`… 40 more rows`), or empty. */
export function moreRowsNote(rowCount: number): string {
  const more = rowCount - TABLE_ROWS;
  return more > 0 ? `… ${more} more row${more === 1 ? '' : 's'}` : '';
}

/**
 * A small fixed-width text table (header, rule, the first {@link TABLE_ROWS} rows, cells cut at 24 characters) for
 * a code block of a chat message or a plain-text email.
 */
export function textTable(columns: string[], rows: unknown[][], rowCount = rows.length): string {
  const cut = (text: string) => (text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text);
  const body = [columns.map(cut), ...tableCells(columns, rows).map((cells) => cells.map(cut))];
  const widths = columns.map((_, i) => Math.max(...body.map((cells) => cells[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  const lines = [line(body[0] ?? []), widths.map((w) => '-'.repeat(w)).join('-+-'), ...body.slice(1).map(line)];
  const note = moreRowsNote(rowCount);
  return note ? [...lines, note].join('\n') : lines.join('\n');
}

/** `text` with &, <, > and quotes escaped for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small HTML table of the first {@link TABLE_ROWS} rows, every value escaped. */
export function htmlTable(columns: string[], rows: unknown[][], rowCount = rows.length): string {
  const head = columns.map((c) => `<th style="text-align:left;padding:2px 8px">${escapeHtml(c)}</th>`).join('');
  const body = tableCells(columns, rows)
    .map((cells) => `<tr>${cells.map((c) => `<td style="padding:2px 8px">${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('');
  const note = moreRowsNote(rowCount);
  const table = `<table style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  return note ? `${table}<p>${escapeHtml(note)}</p>` : table;
}
