/** One dispatched server-sent event: its type (`message` when the stream names none) and its data text. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Incremental parser of a text/event-stream body (WHATWG HTML, "Server-sent events", 9.2.6 Interpreting an event
 * stream): feed decoded text in pieces of any size with `push`, which returns the events completed so far. Lines end
 * in CRLF, LF or CR; a blank line dispatches the event; `:` lines are comments; `event:` sets the type, `data:`
 * lines are joined with LF; one space after the colon is dropped; `id:` and `retry:` are accepted and ignored; an
 * event with no data line is not dispatched. Used by the web chat (fetch + ReadableStream, since EventSource cannot
 * POST) and by tests of POST /api/chat/stream.
 */
export class ServerSentEventParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private sawData = false;

  /** Parses `text` (the next decoded piece of the stream) and returns the events it completed, in order. */
  push(text: string): ServerSentEvent[] {
    this.buffer += text;
    const out: ServerSentEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A trailing CR may be the first half of a CRLF: wait for the next piece.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const dispatched = this.line(line);
      if (dispatched) out.push(dispatched);
    }
    return out;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      const event = this.sawData ? { event: this.event || 'message', data: this.data.join('\n') } : null;
      this.event = '';
      this.data = [];
      this.sawData = false;
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.data.push(value);
      this.sawData = true;
    }
    return null;
  }
}
