import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { LiveEvent } from '@nlq/contracts';
import { LiveClient, type LiveStatus, type WebSocketLike } from './live';

const KEY = 'live-key';
const connect = (url: string) => new WebSocket(url) as unknown as WebSocketLike;

/** A real ws server speaking the /ws/live handshake: first message {type:'auth', api_key}, then ready or error. */
async function startLiveServer() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/ws/live' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const authMessages: unknown[] = [];
  const ready: WebSocket[] = [];
  wss.on('connection', (ws) => {
    ws.once('message', (raw) => {
      const msg = JSON.parse(String(raw));
      authMessages.push(msg);
      if (msg.type !== 'auth' || msg.api_key !== KEY) {
        ws.send(JSON.stringify({ type: 'error', message: 'invalid key' }));
        ws.close(4001, 'unauthorized');
        return;
      }
      ws.send(JSON.stringify({ type: 'ready', user_id: 'alice' }));
      ready.push(ws);
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/live`,
    authMessages,
    ready,
    connections: () => wss.clients.size,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () =>
      check() ? resolve() : Date.now() - start > ms ? reject(new Error('timed out')) : setTimeout(tick, 10);
    tick();
  });
}

describe('LiveClient', () => {
  it('authenticates first, becomes open on ready and hands events to listeners', async () => {
    const srv = await startLiveServer();
    const client = new LiveClient({ url: srv.url, getKey: () => KEY, connect });
    const statuses: LiveStatus[] = [];
    const events: LiveEvent[] = [];
    client.onStatus((s) => statuses.push(s));
    client.subscribe((e) => events.push(e));
    try {
      client.start();
      await waitFor(() => client.status === 'open');
      expect(srv.authMessages).toEqual([{ type: 'auth', api_key: KEY }]);
      expect(client.userId).toBe('alice');
      const ev: LiveEvent = {
        type: 'stage.finished',
        sessionId: 's1',
        userId: 'alice',
        traceId: 't1',
        at: new Date().toISOString(),
        data: { stage: 'generate', durationMs: 12 },
      };
      srv.ready[0].send(JSON.stringify(ev));
      srv.ready[0].send('not json');
      await waitFor(() => events.length === 1);
      expect(events[0]).toEqual(ev);
      expect(statuses).toEqual(['connecting', 'open']);
    } finally {
      client.stop();
      await srv.close();
    }
  });

  it('stops at a refused key and connects again after restart with a good one', async () => {
    const srv = await startLiveServer();
    let key = 'bad';
    const client = new LiveClient({ url: srv.url, getKey: () => key, connect, baseDelayMs: 10 });
    try {
      client.start();
      await waitFor(() => client.status === 'refused');
      await new Promise((r) => setTimeout(r, 100));
      expect(srv.authMessages).toHaveLength(1);
      key = KEY;
      client.restart();
      await waitFor(() => client.status === 'open');
    } finally {
      client.stop();
      await srv.close();
    }
  });

  it('reconnects after the server drops the connection', async () => {
    const srv = await startLiveServer();
    const client = new LiveClient({ url: srv.url, getKey: () => KEY, connect, baseDelayMs: 10 });
    try {
      client.start();
      await waitFor(() => srv.ready.length === 1 && client.status === 'open');
      srv.ready[0].terminate();
      await waitFor(() => srv.ready.length === 2);
      await waitFor(() => client.status === 'open');
      expect(srv.authMessages).toHaveLength(2);
    } finally {
      client.stop();
      await srv.close();
    }
  });

  it('signed in, sends no auth message and is open on the ready the session cookie earned', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/ws/live' });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const received: string[] = [];
    wss.on('connection', (ws) => {
      ws.on('message', (raw) => received.push(String(raw)));
      ws.send(JSON.stringify({ type: 'ready', user_id: 'vera' }));
    });
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/live`;
    const client = new LiveClient({ url, getKey: () => KEY, signedIn: () => true, connect });
    try {
      client.start();
      await waitFor(() => client.status === 'open');
      await new Promise((r) => setTimeout(r, 100));
      expect(client.userId).toBe('vera');
      expect(received).toEqual([]);
    } finally {
      client.stop();
      await new Promise<void>((r) => wss.close(() => r()));
    }
  });

  it('stays idle without a key', () => {
    const client = new LiveClient({ url: 'ws://127.0.0.1:9/ws/live', getKey: () => null, connect });
    client.start();
    expect(client.status).toBe('idle');
    client.stop();
  });
});
