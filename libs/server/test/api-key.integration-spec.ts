/** X-API-Key on the query adapter surface (docs/http-api.md "Contract: authentication"): required only when SERVICE_API_KEY is set. */
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const KEY = 'adapter-key-0123456789';

describe('SERVICE_API_KEY set', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SERVICE_API_KEY: KEY });
  });
  afterAll(async () => {
    await t.close();
    removeDataDir(t.dataDir);
  });

  it.each([
    ['GET', '/health', undefined],
    ['POST', '/query', { question: 'How many customers are there?' }],
    ['GET', '/session/rest_user', undefined],
    ['POST', '/feedback/rest_user', { signal: 'positive' }],
    ['POST', '/approve/rest_user', undefined],
    ['POST', '/reject/rest_user', undefined],
    ['POST', '/refresh', undefined],
  ])('%s %s is 401 without a key and with a wrong key', async (method, route, body) => {
    const missing = await call(`${t.url}${route}`, { method, body });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: 'Missing X-API-Key header.',
      requestId: expect.any(String),
    });
    const wrong = await call(`${t.url}${route}`, { method, body, headers: { 'x-api-key': `${KEY}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('UNAUTHORIZED');
  });

  it('accepts the right key', async () => {
    const health = await call(`${t.url}/health`, { headers: { 'X-API-Key': KEY } });
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', integration: 'rest' } });
    const query = await call(`${t.url}/query`, {
      body: { question: 'How many customers are there?' },
      headers: { 'x-api-key': KEY },
    });
    expect(query).toMatchObject({ status: 200, body: { success: true, session_id: 'rest_user' } });
  });

  it('keeps the OpenAPI document readable without a key', async () => {
    expect((await call(`${t.url}/docs-json`)).status).toBe(200);
  });
});

describe('SERVICE_API_KEY unset', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SERVICE_API_KEY: '' });
  });
  afterAll(async () => {
    await t.close();
    removeDataDir(t.dataDir);
  });

  it('leaves the adapter surface open, whatever key is sent', async () => {
    expect((await call(`${t.url}/health`)).status).toBe(200);
    expect((await call(`${t.url}/health`, { headers: { 'x-api-key': 'anything' } })).status).toBe(200);
  });
});
