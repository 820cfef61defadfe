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

/** Characters of a line's start that decide whether it looks like a section ({@link SECTION_LINE}). */
const SECTION_PREFIX_CHARS = 40;

/** true when a line (after the first) must be quoted: its first {@link SECTION_PREFIX_CHARS} characters look like a section. */
function looksLikeSection(line: string): boolean {
  return SECTION_LINE.test(Array.from(line).slice(0, SECTION_PREFIX_CHARS).join(''));
}

/**
 * A prose answer (a template's or a model's) framed for a reader: every kind of line break becomes `\n`, and each line
 * after the first that looks like one of nlq's sections ({@link SECTION_LINE}, read on its first 40 characters) is
 * quoted with `> `, so it reads as part of the answer, not as a section; then the whole is cut to `max` characters.
 * The same as the pieces of a {@link ProseFramer} fed `text`, joined.
 */
export function framedProse(text: string, max = 8_000): string {
  const framer = new ProseFramer(max);
  return framer.push(text) + framer.end();
}

/**
 * {@link framedProse} for a text that arrives in pieces (a streamed answer): `push` returns what may be shown of the
 * framed text so far, `end` the rest; the returned pieces joined equal `framedProse` of the pieces joined. A later line's
 * start is held until its first 40 characters (or its end) are known, a trailing CR until the next piece tells
 * whether it is a CRLF, and the last characters before `max` until the end tells whether the text is cut. The first
 line, never quoted, streams as it comes.
 */
export class ProseFramer {
  private line = '';
  private lineDecided = false;
  private lineIndex = 0;
  private pendingCr = false;
  private emitted = 0;
  private held = '';
  private overflow = false;

  /** `max`: the most characters of the framed text, as in {@link framedProse}. */
  constructor(private readonly max = 8_000) {}

  /** Feed the next piece; returns the framed characters now safe to show (possibly ''). */
  push(piece: string): string {
    let text = (this.pendingCr ? '\r' : '') + piece;
    this.pendingCr = text.endsWith('\r');
    if (this.pendingCr) text = text.slice(0, -1);
    let out = '';
    const parts = text.replace(LINE_BREAKS, '\n').split('\n');
    parts.forEach((part, i) => {
      if (i > 0) out += this.closeLine();
      out += this.extendLine(part);
    });
    return this.limit(out);
  }

  /** The rest of the framed text once every piece was pushed. */
  end(): string {
    let out = this.pendingCr ? this.closeLine() : '';
    this.pendingCr = false;
    if (!this.lineDecided) out += this.decide();
    out = this.limit(out);
    if (this.overflow) return out + CUT_MARKER;
    const rest = out + this.held;
    this.held = '';
    return rest;
  }

  private extendLine(part: string): string {
    // the first line is never quoted: it streams as it comes
    if (this.lineIndex === 0) this.lineDecided = true;
    if (this.lineDecided) return part;
    this.line += part;
    return Array.from(this.line).length >= SECTION_PREFIX_CHARS ? this.decide() : '';
  }

  private decide(): string {
    this.lineDecided = true;
    return (this.lineIndex > 0 && looksLikeSection(this.line) ? '> ' : '') + this.line;
  }

  private closeLine(): string {
    const out = (this.lineDecided ? '' : this.decide()) + '\n';
    this.line = '';
    this.lineDecided = false;
    this.lineIndex++;
    return out;
  }

  /** Pass characters up to `max` minus the cut marker; hold the next ones until the end; drop the rest. */
  private limit(text: string): string {
    if (this.overflow || !text) return '';
    const free = this.max - CUT_MARKER.length;
    const chars = Array.from(text);
    const shown = chars.slice(0, Math.max(0, free - this.emitted));
    this.emitted += shown.length;
    const rest = chars.slice(shown.length);
    if (rest.length) {
      const held = Array.from(this.held).concat(rest);
      if (held.length > CUT_MARKER.length) this.overflow = true;
      else this.held = held.join('');
    }
    return shown.join('');
  }
}
