/**
 * Text for agents and people is framed: a value taken from the data (a cell, a label, a literal of the SQL) never
 * starts a line of its own and never runs on for pages, so it cannot pose as one of nlq's own sections (`SQL:`,
 * `Reading:`, `Session:`, ...) in an answer text, an MCP tool result or a /query response (docs/mcp.md "Framed text").
 */

/** Most characters of one value in a text; a longer value is cut and ends with {@link CUT_MARKER}. */
export const MAX_VALUE_CHARS = 200;

/** What ends a value or a text that was cut. */
export const CUT_MARKER = '…(cut)';

/** Line breaks of every kind a reader may split lines at (CR, LF, VT, FF, NEL, LINE and PARAGRAPH SEPARATOR). */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/** `text` cut to `max` characters (marker included) when longer; code points are never split. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max - CUT_MARKER.length)).join('') + CUT_MARKER;
}

/**
 * One value as it appears inside a sentence: line breaks and other control characters written as escapes (`\n`,
 * `\r`, `\t`, `\u0085`, ...), so the value stays on its line, then cut to `max` characters ({@link MAX_VALUE_CHARS}).
 */
export function escapedValue(text: string, max = MAX_VALUE_CHARS): string {
  const escaped = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return cutText(escaped, max);
}

/**
 * Lines that look like the sections nlq writes around an answer (the MCP `ask` text, the /query response): `SQL`,
 * `Reading:`, `Session:`, `Trace:`, `Error`, `Note:`, `Warning`, the pending-write and clarification sentences, a
 * table row and the rows-not-shown line.
 */
const SECTION_LINE =
  /^\s*(?:sql\b|reading\b|session\b|trace\b|error\b|note\b|warnings?\b|this write\b|to answer\b|\||`{3}|\(\d*\s*more rows)/i;

/**
 * A prose answer (a template's or a model's) framed for a reader: every kind of line break becomes `\n`, and each line
 * after the first that looks like one of nlq's sections ({@link SECTION_LINE}) is quoted with `> `, so it reads as
 * part of the answer, not as a section; then the whole is cut to `max` characters.
 */
export function framedProse(text: string, max = 8_000): string {
  const lines = text.replace(LINE_BREAKS, '\n').split('\n');
  const framed = lines.map((line, i) => (i > 0 && SECTION_LINE.test(line) ? `> ${line}` : line));
  return cutText(framed.join('\n'), max);
}
