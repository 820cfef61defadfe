/**
 * Per-caller rate limiting over real HTTP (docs/architecture.md "Errors": 429): with RATE_LIMIT_PER_MINUTE=3 the 4th request
 * of a caller to the routes that run work answers 429 RATE_LIMITED in the one error shape with Retry-After; callers
 * are told apart by their API key's user (else their IP); health and static files are never limited; 0 disables
 * the limit; two replicas sharing REDIS_URL share the budget (skipped with a printed reason when Redis is
 * unreachable). The questions run through the built-in offline engine on the real sample shop database.
 */
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { closeRedis, connectRedis } from '../src/platform/cache/redis-connection';
import { REDIS_RATE_LIMIT_NAMESPACE } from '../src/platform/rate-limit/rate-limit.plugin';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';
import { describeWith } from '@nlq/test-services';

const ALICE = 'alice-key-0123456789abcdef';
const BOB = 'bob-key-0123456789abcdef';
const QUESTION = 'How many customers are there?';
const REDIS = 'redis://127.0.0.1:6379';

/** Asserts the one error shape of a 429 and its Retry-After (whole seconds within the one-minute window). */
function expectRateLimited(response: { status: number; body: any; headers: Headers }): void {
  expect(response.status).toBe(429);
  expect(Object.keys(response.body).sort()).toEqual(['code', 'message', 'requestId', 'statusCode']);
  expect(response.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(response.body.message).toMatch(new RegExp(`at most 3 requests per minute.*Retry in ${retryAfter} seconds?`));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
}

describe('RATE_LIMIT_PER_MINUTE=3', () => {
  const webDir = makeDataDir();
  let t: TestApp;
  const post = (route: string, body?: unknown, key?: string) =>
    call(`${t.url}${route}`, { method: 'POST', body, headers: key ? { 'x-api-key': key } : {} });
  const get = (route: string, key?: string) => call(`${t.url}${route}`, { headers: key ? { 'x-api-key': key } : {} });

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>nlq</title>');
    fs.writeFileSync(path.join(webDir, 'app.js'), 'console.log(1);');
    t = await startTestApp({
      RATE_LIMIT_PER_MINUTE: '3',
      USER_API_KEYS: `alice:${ALICE}:approver,bob:${BOB}:approver`,
      WEB_DIST_DIR: webDir,
    });
  });
  afterAll(async () => {
    await t?.close();
    if (t) removeDataDir(t.dataDir);
    removeDataDir(webDir);
  });

  it('answers the 4th query of a caller (here by IP) with 429 in the error shape and Retry-After; other routes are not counted', async () => {
    for (let i = 1; i <= 3; i++) {
      const ok = await post('/query', { question: QUESTION });
      expect(ok.status).toBe(200);
      expect(ok.body.success).toBe(true);
      expect(ok.headers.get('x-ratelimit-limit')).toBe('3');
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(3 - i));
    }
    expectRateLimited(await post('/query', { question: QUESTION }));
    // the other work routes of the adapter surface share the caller's budget (429 before any 404)
    expectRateLimited(await post('/approve/s1'));
    expectRateLimited(await post('/reject/s1'));
    expectRateLimited(await post('/feedback/s1', { signal: 'positive' }));
    // health, reads and static files are never limited
    for (let i = 0; i < 5; i++) {
      const health = await get('/health');
      expect(health.status).toBe(200);
      expect(health.headers.get('x-ratelimit-limit')).toBeNull();
      expect((await get('/session/unknown-session')).status).toBe(200);
      const page = await get('/');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>nlq</title>');
      expect((await get('/app.js')).status).toBe(200);
    }
  });

  it("counts by the API key's user: alice's limit leaves bob's key and /api/health alone", async () => {
    for (let i = 0; i < 3; i++) expect((await post('/api/chat', { question: QUESTION }, ALICE)).status).toBe(200);
    expectRateLimited(await post('/api/chat', { question: QUESTION }, ALICE));
    // one budget across both surfaces and every work route, keyed by the user (not the IP, already over its limit)
    expectRateLimited(await post('/query', { question: QUESTION }, ALICE));
    expectRateLimited(await post('/api/sessions/s1/approve', undefined, ALICE));
    expectRateLimited(await post('/api/sessions/s1/reject', undefined, ALICE));
    expectRateLimited(await post('/api/sessions/s1/feedback', { signal: 'positive' }, ALICE));

    const bob = await post('/api/chat', { question: QUESTION }, BOB);
    expect(bob.status).toBe(200);
    expect(bob.body.success).toBe(true);
    expect(bob.headers.get('x-ratelimit-remaining')).toBe('2');
    expect((await post('/api/sessions/none/approve', undefined, BOB)).status).toBe(404);

    for (let i = 0; i < 5; i++) expect((await get('/api/health', ALICE)).status).toBe(200);
  });

  it('counts a request with an unknown key against the IP, never against a user', async () => {
    // the IP is over its limit since the first test: the wrong key is limited before the key check answers 401
    expectRateLimited(await post('/api/chat', { question: QUESTION }, 'not-a-key-0123456789abcdef'));
  });
});

describe('RATE_LIMIT_PER_MINUTE=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(async () => {
    await t?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it('disables the limit', async () => {
    for (let i = 0; i < 8; i++) {
      const ok = await call(`${t.url}/query`, { body: { question: QUESTION } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});

describeWith('redis')('RATE_LIMIT_PER_MINUTE=3 on two replicas sharing REDIS_URL', () => {
  const dataDir = makeDataDir();
  // a user id of this run only, so other runs and suites on the same Redis do not share its counter
  const user = `rl-${randomUUID()}`;
  const key = `${user}-key-0123456789abcdef`;
  let redis: Redis | null = null;
  let a: TestApp | null = null;
  let b: TestApp | null = null;

  beforeAll(async () => {
    try {
      redis = await connectRedis(REDIS, { name: 'rate-limit-test', timeoutMs: 2000 });
    } catch (error) {
      console.warn(`Skipping the shared rate-limit test: ${REDIS} unreachable (${(error as Error).message})`);
      return;
    }
    const env = { DATA_DIR: dataDir, REDIS_URL: REDIS, RATE_LIMIT_PER_MINUTE: '3', USER_API_KEYS: `${user}:${key}` };
    a = await startTestApp(env);
    b = await startTestApp(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      await redis.del(`${REDIS_RATE_LIMIT_NAMESPACE}user:${user}`);
      await closeRedis(redis);
    }
    removeDataDir(dataDir);
  });

  it('counts the requests of both replicas against one budget', async () => {
    if (!a || !b || !redis) return;
    const chat = (t: TestApp) =>
      call(`${t.url}/api/chat`, { body: { question: QUESTION }, headers: { 'x-api-key': key } });
    expect((await chat(a)).status).toBe(200);
    expect((await chat(b)).status).toBe(200);
    expect((await chat(a)).status).toBe(200);
    expectRateLimited(await chat(b));
    expect(Number(await redis.get(`${REDIS_RATE_LIMIT_NAMESPACE}user:${user}`))).toBe(4);
  });
});
