import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { modelFetch } from './model-fetch';

describe('modelFetch (undici request behind the fetch interface)', () => {
  let server: Server;
  let base: string;
  let release: () => void = () => undefined;
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        if (req.url === '/json') {
          res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r1' });
          res.end(JSON.stringify({ echo: JSON.parse(body || 'null') }));
        } else if (req.url === '/moved') {
          res.writeHead(307, { location: '/json' });
          res.end();
        } else if (req.url === '/see-other') {
          res.writeHead(303, { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/method` });
          res.end();
        } else if (req.url === '/method') {
          res.end(req.method);
        } else if (req.url === '/plain-stream') {
          // a streamed reply that does not say so in its content type: the request's "stream": true decides
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('first ');
          release = () => res.end('second');
        } else if (req.url === '/empty') {
          res.writeHead(204);
          res.end();
        } else if (req.url === '/events') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: one\n\n');
          // the second event is held until the test has read the first: the body must be a live stream
          release = () => res.end('data: two\n\n');
        } else if (req.url === '/slow') {
          setTimeout(() => res.end('late'), 2_000).unref();
        } else {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end('{"error":{"message":"no such route"}}');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends method, headers and string body, and returns status, headers and the whole JSON body', async () => {
    const response = await modelFetch(`${base}/json`, {
      method: 'post',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(await response.json()).toEqual({ echo: { a: 1 } });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/json', body: '{"a":1}' });
    expect(request.headers.authorization).toBe('Bearer k');
  });

  it('takes a URL object and Headers, and reports an error status with its text and body', async () => {
    const response = await modelFetch(new URL(`${base}/missing`), { headers: new Headers({ 'x-one': '1' }) });
    expect(response.status).toBe(404);
    expect(response.statusText).toBe('Not Found');
    expect(await response.text()).toBe('{"error":{"message":"no such route"}}');
    expect(seen.at(-1)!.headers['x-one']).toBe('1');
  });

  it('follows a redirect once, by the Fetch rules, and gives a null body for 204', async () => {
    const before = seen.length;
    const moved = await modelFetch(`${base}/moved`, {
      method: 'POST',
      body: '{"b":2}',
      headers: { 'content-type': 'application/json' },
    });
    expect(moved.status).toBe(201);
    expect(await moved.json()).toEqual({ echo: { b: 2 } });
    expect(seen.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /moved', 'POST /json']);
    const other = await modelFetch(`${base}/see-other`, { method: 'POST', body: '{}' });
    expect(await other.text()).toBe('GET');
    const empty = await modelFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('streams an event stream as it arrives', async () => {
    const response = await modelFetch(`${base}/events`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('one')) text += decoder.decode((await reader.read()).value);
    expect(text).not.toContain('two');
    release();
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value);
    expect(text).toBe('data: one\n\ndata: two\n\n');
  });

  it('streams a reply the request asked to stream, whatever its content type', async () => {
    const response = await modelFetch(`${base}/plain-stream`, { method: 'POST', body: '{"model":"m","stream": true}' });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('first')) text += decoder.decode((await reader.read()).value);
    release();
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value);
    expect(text).toBe('first second');
  });

  it('rejects with an AbortError when the signal aborts, and with the socket error code when nothing listens', async () => {
    const aborted = await modelFetch(`${base}/slow`, { signal: AbortSignal.timeout(50) }).catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(Error);
    expect((aborted as Error).name).toMatch(/AbortError|TimeoutError/);
    const refused = await modelFetch('http://127.0.0.1:9/json', { method: 'POST', body: '{}' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(Error);
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
  });
});
