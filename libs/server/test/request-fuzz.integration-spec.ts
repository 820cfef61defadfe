import { Random } from '@nlq/sample-db';
import { call, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(240_000);

const KEY = 'fuzz-service-key-0123456789abcdef';

const nested = (depth: number, open = '{"a":', close = '}', leaf = '1') =>
  open.repeat(depth) + leaf + close.repeat(depth);

describe('hostile request bodies, methods, paths and headers', () => {
  let t: TestApp;
  let routes: Array<{ method: string; path: string }> = [];

  beforeAll(async () => {
    t = await startTestApp({
      SERVICE_API_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: '0',
      AUTH_FAILURE_LIMIT: '0',
      MAX_JSON_DEPTH: '32',
      LOG_LEVEL: 'error',
    });
    const doc = (await call(`${t.url}/docs-json`)).body as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: p })),
    );
  });
  afterAll(() => t?.close());

  const fill = (p: string, value = 'fuzz-session') => p.replace(/\{[^}]+\}/g, value);

  it('answers a body nested 3,000 deep with 400 in the error shape on every POST, PUT and PATCH route', async () => {
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(writes.length).toBeGreaterThan(5);
    for (const route of writes) {
      for (const body of [nested(3000), nested(3000, '[', ']'), `{"question":${nested(40)}}`]) {
        const res = await call(`${t.url}${fill(route.path)}`, {
          method: route.method,
          rawBody: body,
          headers: { 'x-api-key': KEY },
        });
        expect({ route, status: res.status }).toEqual({ route, status: 400 });
        expect(res.body).toMatchObject({
          statusCode: 400,
          code: expect.any(String),
          message: expect.stringMatching(/deeper than 32/),
          requestId: expect.any(String),
        });
      }
      // within the limit the route answers as before (never 5xx)
      const ok = await call(`${t.url}${fill(route.path)}`, {
        method: route.method,
        rawBody: nested(20),
        headers: { 'x-api-key': KEY },
      });
      expect(ok.status).toBeLessThan(500);
    }
  });

  it('answers thousands of random requests without a 5xx and stays live', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    // deterministic (mulberry32), so a failure can be replayed with the printed seed
    const random = new Random(seed);
    const rnd = () => random.next();
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    const junk = (n: number) =>
      Array.from({ length: n }, () => String.fromCharCode(Math.floor(rnd() * 0x2fff))).join('');
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
    const segments = [
      'fuzz',
      '..',
      '%2e%2e',
      '%00',
      'a'.repeat(300),
      '%E0%A4%A',
      '💥',
      'session',
      'api',
      '{x}',
      ';',
      '%25',
    ];
    const bodies: Array<() => string | undefined> = [
      () => undefined,
      () => '',
      () => nested(Math.floor(rnd() * 5000)),
      () => nested(Math.floor(rnd() * 60), '[', ']', '"x"'),
      () =>
        JSON.stringify({
          question: junk(Math.floor(rnd() * 3000)),
          session_id: junk(10),
          user_id: rnd() < 0.5 ? 5 : null,
        }),
      () => JSON.stringify({ signal: pick(['positive', 'negative', 'meh', 1, null]), __proto__: { admin: true } }),
      () => '{"constructor":{"prototype":{"polluted":1}}}',
      () => '{"__proto__":{"polluted":1}}',
      () => JSON.stringify(rnd() < 0.5 ? [1, 2, 3] : 'a string'),
      () => '{"question": "unterminated',
      () => junk(Math.floor(rnd() * 200)),
      () => 'x'.repeat(70_000),
      () =>
        JSON.stringify({
          name: junk(20),
          url: `postgres://${junk(5)}@127.0.0.1:1/x`,
          provider: junk(5),
          model: 7,
          apiKey: {},
        }),
      () => `"${'\\u0000'.repeat(50)}"`,
      () => '1e999999',
    ];
    const contentTypes = [
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
      'application/json; charset=latin1',
      'application/jsonx',
    ];
    const failures: string[] = [];
    const total = 2500;
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        const route = rnd() < 0.7 && routes.length ? pick(routes) : null;
        const method = route && rnd() < 0.6 ? route.method : pick(methods);
        const path = route
          ? fill(route.path, pick(segments.concat([encodeURIComponent(junk(8))])))
          : `/${Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(segments)).join('/')}`;
        const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies)();
        const headers: Record<string, string> = {};
        if (rnd() < 0.7) headers['x-api-key'] = rnd() < 0.8 ? KEY : junk(5).replace(/[^\x20-\x7e]/g, 'k');
        if (body !== undefined || rnd() < 0.2) headers['content-type'] = pick(contentTypes);
        if (rnd() < 0.2) headers['x-request-id'] = 'r'.repeat(Math.floor(rnd() * 400));
        if (rnd() < 0.1) headers.origin = 'https://evil.example';
        if (rnd() < 0.1) headers['accept-encoding'] = 'gzip, deflate, br';
        try {
          const res = await fetch(`${t.url}${path}`, { method, headers, body });
          await res.arrayBuffer();
          if (res.status >= 500)
            failures.push(
              `#${i} ${method} ${path} [${headers['content-type']}] ${String(body).slice(0, 80)} -> ${res.status}`,
            );
        } catch (error) {
          failures.push(`#${i} ${method} ${path}: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect({ seed, failures: failures.slice(0, 20) }).toEqual({ seed, failures: [] });
    const health = await call(`${t.url}/health`, { headers: { 'x-api-key': KEY } });
    expect(health.status).toBe(200);
    const query = await call(`${t.url}/query`, {
      body: { question: 'How many customers are there?' },
      headers: { 'x-api-key': KEY },
    });
    expect(query.status).toBe(200);
  });
});
