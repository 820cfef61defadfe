import type { ServerResponse } from 'node:http';

/**
 * One event in the text/event-stream format (WHATWG HTML, "Server-sent events", 9.2.6 Interpreting an event
 * stream): an `event:` line naming the type, the JSON of `data` on one `data:` line (JSON.stringify escapes line
 * breaks, so one line always suffices), and a blank line that dispatches it.
 */
export function formatServerSentEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line (ignored by clients) that keeps idle proxies from closing a quiet stream. */
export const SSE_KEEP_ALIVE = ': keep-alive\n\n';

/** Interval of the keep-alive comments on a quiet stream, in milliseconds. */
export const SSE_KEEP_ALIVE_MS = 15_000;

/**
 * A started text/event-stream response on a raw Node response: writes events until closed, then ignores them (the
 * client may go away mid-stream); sends a keep-alive comment every SSE_KEEP_ALIVE_MS while open.
 */
export class ServerSentEventStream {
  private readonly keepAlive: NodeJS.Timeout;
  private ended = false;

  /**
   * Sends status 200 with `headers` (those already set on the reply: request id, CORS, rate limit) plus
   * `content-type: text/event-stream; charset=utf-8`, `cache-control: no-cache, no-transform` and
   * `x-accel-buffering: no` (so nginx does not buffer the stream).
   */
  constructor(
    private readonly raw: ServerResponse,
    headers: Record<string, string | number | string[] | undefined>,
  ) {
    const defined = Object.fromEntries(
      Object.entries(headers).filter(([name, value]) => value !== undefined && name.toLowerCase() !== 'content-length'),
    );
    raw.writeHead(200, {
      ...defined,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();
    raw.on('close', () => this.stop());
    this.keepAlive = setInterval(() => this.write(SSE_KEEP_ALIVE), SSE_KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  /** True while the client may still receive events. */
  get open(): boolean {
    return !this.ended && !this.raw.destroyed && !this.raw.writableEnded;
  }

  /** Writes one event (see formatServerSentEvent); nothing once closed. */
  send(event: string, data: unknown): void {
    this.write(formatServerSentEvent(event, data));
  }

  /** Ends the response (idempotent). */
  end(): void {
    this.stop();
    if (!this.raw.writableEnded) this.raw.end();
  }

  private write(text: string): void {
    if (this.open) this.raw.write(text);
  }

  private stop(): void {
    this.ended = true;
    clearInterval(this.keepAlive);
  }
}
