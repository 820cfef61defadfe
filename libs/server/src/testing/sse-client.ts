import { ServerSentEventParser } from '@nlq/contracts';

/** One parsed event of a text/event-stream answer: its type and its data parsed as JSON. */
export interface ParsedEvent {
  event: string;
  data: any;
}

/**
 * POST `body` as JSON to `url` and read the answer: when it is a text/event-stream, its events as they arrive (read
 * piece by piece from the body's ReadableStream through ServerSentEventParser, calling `onEvent` for each), else the
 * JSON (or text) body of an ordinary answer.
 */
export async function postEventStream(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  onEvent?: (event: ParsedEvent) => void,
): Promise<{ status: number; headers: Headers; events: ParsedEvent[]; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, events: [], body: parsed };
  }
  const parser = new ServerSentEventParser();
  const decoder = new TextDecoder();
  const events: ParsedEvent[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    const parsed = parser.push(done ? decoder.decode() : decoder.decode(value, { stream: true }));
    for (const e of parsed) {
      const event = { event: e.event, data: JSON.parse(e.data) };
      events.push(event);
      onEvent?.(event);
    }
    if (done) break;
  }
  return { status: response.status, headers: response.headers, events, body: null };
}
