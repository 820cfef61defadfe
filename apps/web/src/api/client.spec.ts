import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, ApiError, filenameFromDisposition } from './client';

/** A real HTTP server answering from a per-test handler; records what it received. */
function startServer(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  return new Promise<{ base: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('ApiClient', () => {
  it('sends X-API-Key, JSON body and query, and answers the parsed JSON', async () => {
    let seen: { method?: string; url?: string; key?: string | string[]; type?: string; body?: string } = {};
    const srv = await startServer((req, body, res) => {
      seen = {
        method: req.method,
        url: req.url,
        key: req.headers['x-api-key'],
        type: req.headers['content-type'],
        body,
      };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ items: [], page: 2, page_size: 5, total: 0 }));
    });
    try {
      const client = new ApiClient({ baseUrl: srv.base, getKey: () => 'k-123' });
      const page = await client.traces({ page: 2, page_size: 5, status: 'error', session_id: undefined });
      expect(page).toEqual({ items: [], page: 2, page_size: 5, total: 0 });
      expect(seen).toMatchObject({ method: 'GET', url: '/api/traces?page=2&page_size=5&status=error', key: 'k-123' });

      await client.chat({ question: 'How many customers are there?', session_id: 's1' });
      expect(seen.method).toBe('POST');
      expect(seen.url).toBe('/api/chat');
      expect(seen.type).toBe('application/json');
      expect(JSON.parse(seen.body ?? '')).toEqual({ question: 'How many customers are there?', session_id: 's1' });

      await client.approve('a b/c');
      expect(seen.url).toBe('/api/sessions/a%20b%2Fc/approve');
    } finally {
      await srv.close();
    }
  });

  it('throws an ApiError carrying the ErrorResponse and reports 401 to onUnauthorized', async () => {
    const srv = await startServer((req, _body, res) => {
      if (req.url === '/api/me') {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            statusCode: 401,
            code: 'UNAUTHORIZED',
            message: 'Missing or invalid X-API-Key',
            requestId: 'r-1',
          }),
        );
        return;
      }
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Invalid request',
          details: [{ field: 'url', problems: ['must be a URL'] }],
          requestId: 'r-2',
        }),
      );
    });
    try {
      const unauthorized: ApiError[] = [];
      const client = new ApiClient({
        baseUrl: srv.base,
        getKey: () => 'wrong',
        onUnauthorized: (e) => unauthorized.push(e),
      });
      const e401 = await client.me().catch((e: unknown) => e);
      expect(e401).toBeInstanceOf(ApiError);
      expect((e401 as ApiError).unauthorized).toBe(true);
      expect((e401 as ApiError).requestId).toBe('r-1');
      expect(unauthorized).toHaveLength(1);

      const e400 = (await client.createConnection({ name: 'x', url: 'nope' }).catch((e: unknown) => e)) as ApiError;
      expect(e400.statusCode).toBe(400);
      expect(e400.code).toBe('VALIDATION');
      expect(e400.describe()).toBe('Invalid request: url must be a URL');
      expect(unauthorized).toHaveLength(1);
    } finally {
      await srv.close();
    }
  });

  it('falls back to the status line when the error body is not the ErrorResponse shape', async () => {
    const srv = await startServer((_req, _body, res) => {
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
      res.end('<html>proxy error</html>');
    });
    try {
      const err = (await new ApiClient({ baseUrl: srv.base, getKey: () => 'k' })
        .health()
        .catch((e: unknown) => e)) as ApiError;
      expect(err.statusCode).toBe(502);
      expect(err.message).toBe('502 Bad Gateway');
    } finally {
      await srv.close();
    }
  });

  it('turns a network failure into ApiError NETWORK with status 0', async () => {
    const srv = await startServer(() => undefined);
    const base = srv.base;
    await srv.close();
    const err = (await new ApiClient({ baseUrl: base, getKey: () => 'k' })
      .health()
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.statusCode).toBe(0);
    expect(err.code).toBe('NETWORK');
    expect(err.message).toContain(base);
  });

  it('downloads an export with the server file name', async () => {
    let url = '';
    const srv = await startServer((req, _body, res) => {
      url = req.url ?? '';
      res.writeHead(200, {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="nlq-customers-h1.csv"',
      });
      res.end('country,customers\nGermany,42\n');
    });
    try {
      const file = await new ApiClient({ baseUrl: srv.base, getKey: () => 'k' }).exportEntry('h1', 'csv');
      expect(url).toBe('/api/export?entry_id=h1&format=csv');
      expect(file.filename).toBe('nlq-customers-h1.csv');
      expect(await file.blob.text()).toBe('country,customers\nGermany,42\n');
    } finally {
      await srv.close();
    }
  });
});

describe('filenameFromDisposition', () => {
  it('reads filename*, quoted and bare filename (RFC 6266)', () => {
    expect(filenameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe(
      'résumé.csv',
    );
    expect(filenameFromDisposition('attachment; filename="orders 2024.json"')).toBe('orders 2024.json');
    expect(filenameFromDisposition('attachment; filename=rows.csv')).toBe('rows.csv');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
