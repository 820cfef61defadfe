import { WebSocket } from 'ws';

/** A /ws/live client of the tests: every JSON message it received, and how the socket closed. */
export interface LiveSocket {
  socket: WebSocket;
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message matching `predicate` (already received or arriving within `ms`). */
  waitFor(predicate: (m: any) => boolean, ms?: number): Promise<any>;
  close(): void;
}

/**
 * Open ws://.../ws/live; when `apiKey` is given, send the auth message once open. `headers` go with the upgrade
 * request (e.g. the sign-in `cookie` and a browser's `origin`).
 */
export async function openLive(
  baseUrl: string,
  apiKey?: string,
  headers: Record<string, string> = {},
): Promise<LiveSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/live`, { headers });
  const messages: any[] = [];
  const waiters: Array<{ predicate: (m: any) => boolean; resolve: (m: any) => void }> = [];
  socket.on('message', (data) => {
    const m = JSON.parse(data.toString());
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.predicate(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (apiKey !== undefined) socket.send(JSON.stringify({ type: 'auth', api_key: apiKey }));
  return {
    socket,
    messages,
    closed,
    close: () => socket.close(),
    waitFor(predicate, ms = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`no matching live message within ${ms} ms; got ${JSON.stringify(messages.map((x) => x.type))}`),
            ),
          ms,
        );
        waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}
