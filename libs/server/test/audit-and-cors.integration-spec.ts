/** Audit lines naming the user (docs/http-api.md "Contract: query adapter" rule 6), request ids, and CORS restricted to the configured origins. */
import { Writable } from 'node:stream';
import { createApp } from '../src/app.factory';
import { call, makeDataDir, removeDataDir } from '../src/testing/test-app';

describe('audit log, request ids and CORS_ORIGINS', () => {
  const dataDir = makeDataDir();
  const lines: Array<Record<string, unknown>> = [];
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await createApp(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        CORS_ORIGINS: 'https://nlq.example',
        SERVICE_API_KEY: 'audit-key-1234567890abcdefghij',
      },
      { logDestination: destination },
    );
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    close = () => app.close();
  });
  afterAll(async () => {
    await close();
    removeDataDir(dataDir);
  });

  it('writes one audit line per query and feedback with the user id, and never logs the API key', async () => {
    const headers = { 'x-api-key': 'audit-key-1234567890abcdefghij' };
    await call(`${url}/query`, { body: { question: 'How many customers are there?', user_id: 'dave' }, headers });
    await call(`${url}/feedback/dave`, { body: { signal: 'positive' }, headers });
    const audit = lines.filter((l) => l.component === 'audit');
    expect(audit).toEqual([
      expect.objectContaining({ audit: 'query', userId: 'dave', sessionId: 'dave', level: 30 }),
      expect.objectContaining({ audit: 'feedback', userId: 'dave', sessionId: 'dave', signal: 'positive' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('audit-key-1234567890abcdefghij');
    expect(lines.some((l) => (l.req as { url?: string } | undefined)?.url === '/query')).toBe(true);
  });

  it('answers a generated request id when none is sent, and replaces an unsafe one', async () => {
    const plain = await call(`${url}/health`); // a 401 (no key): its body carries the request id too
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain.body.requestId).toBe(plain.headers.get('x-request-id'));
    const unsafe = await call(`${url}/health`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows only the configured origins', async () => {
    const allowed = await fetch(`${url}/docs-json`, { headers: { origin: 'https://nlq.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://nlq.example');
    const other = await fetch(`${url}/docs-json`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
