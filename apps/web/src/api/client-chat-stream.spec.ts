import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, ApiError, ChatStreamUnavailableError, type ChatStreamEvent } from './client';

/** A real HTTP server answering every request with `handler`; records the last request's path, key and body. */
async function serve(handler: (res: http.ServerResponse) => void) {
  const seen: { url?: string; key?: unknown; accept?: unknown; body?: string } = {};
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      Object.assign(seen, { url: req.url, key: req.headers['x-api-key'], accept: req.headers.accept, body });
      handler(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const client = new ApiClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    getKey: () => 'k-1',
  });
  return { client, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const sse = (res: http.ServerResponse, pieces: string[]) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
  for (const p of pieces) res.write(p);
  res.end();
};

describe('ApiClient.chatStream', () => {
  it('posts to /api/chat/stream with the key, hands progress events over in order and resolves with the result', async () => {
    const result = { success: true, response: 'Ada leads.', session_id: 's1' };
    const srv = await serve((res) =>
      sse(res, [
        'event: stage.started\ndata: {"stage":"intake"}\n\n: keep-alive\n\nevent: answer.de',
        'lta\ndata: {"text":"Ada"}\n\nevent: answer.delta\ndata: {"text":" leads."}\n\n',
        `event: result\ndata: ${JSON.stringify(result)}\n\n`,
      ]),
    );
    try {
      const events: ChatStreamEvent[] = [];
      expect(await srv.client.chatStream({ question: 'Who leads?' }, (e) => events.push(e))).toEqual(result);
      expect(srv.seen).toMatchObject({ url: '/api/chat/stream', key: 'k-1', accept: 'text/event-stream' });
      expect(JSON.parse(srv.seen.body ?? '')).toEqual({ question: 'Who leads?' });
      expect(events).toEqual([
        { type: 'stage.started', data: { stage: 'intake' } },
        { type: 'answer.delta', data: { text: 'Ada' } },
        { type: 'answer.delta', data: { text: ' leads.' } },
      ]);
    } finally {
      await srv.close();
    }
  });

  it('rejects with ApiError for an error event or an HTTP error, and ChatStreamUnavailableError when no stream can answer', async () => {
    const answers: Array<(res: http.ServerResponse) => void> = [
      (res) =>
        sse(res, [
          'event: error\ndata: {"statusCode":500,"code":"INTERNAL","message":"Internal server error (request id r).","requestId":"r"}\n\n',
        ]),
      (res) => {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'No session x', requestId: 'r' }));
      },
      (res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{}');
      },
      (res) => sse(res, ['event: answer.delta\ndata: {"text":"cut"}\n\n']),
    ];
    let next = 0;
    const srv = await serve((res) => answers[next++](res));
    try {
      const failures = [];
      for (let i = 0; i < answers.length; i++)
        failures.push(await srv.client.chatStream({ question: 'q' }, () => undefined).catch((e: unknown) => e));
      expect(failures[0]).toBeInstanceOf(ApiError);
      expect(failures[0]).toMatchObject({ statusCode: 500, code: 'INTERNAL', requestId: 'r' });
      expect(failures[1]).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect(failures[2]).toBeInstanceOf(ChatStreamUnavailableError);
      expect(failures[3]).toBeInstanceOf(ChatStreamUnavailableError);
    } finally {
      await srv.close();
    }
  });
});
