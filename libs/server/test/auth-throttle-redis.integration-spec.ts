/**
 * Across replicas: two api instances share the failed-authentication counters through Redis, so
 * wrong keys sent to one replica throttle the same address on the other; the right key from elsewhere still works.
 */
import { describeWith } from '@nlq/test-services';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { REDIS_AUTH_FAILURE_NAMESPACE } from '../src/platform/security/auth-throttle';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const KEY = 'throttle-test-service-key-0123456789';

describeWith('redis')('failed-authentication throttle shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  // a fresh address per run: the counters outlive the test in Redis for the window
  const attacker = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  beforeAll(async () => {
    const env = {
      SERVICE_API_KEY: KEY,
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      TRUST_PROXY: 'true',
      AUTH_FAILURE_LIMIT: '4',
      AUTH_FAILURE_WINDOW_SECONDS: '30',
    };
    a = await startTestApp(env);
    b = await startTestApp(env);
    redis = new Redis('redis://127.0.0.1:6379/0');
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    removeDataDir(a.dataDir);
    removeDataDir(b.dataDir);
    await redis.quit();
  });

  it('wrong keys on replica A throttle the address on replica B (429, Retry-After); the right key works from elsewhere', async () => {
    for (let i = 0; i < 4; i++) {
      const wrong = await call(`${a.url}/api/connections`, {
        headers: { 'x-forwarded-for': attacker, 'x-api-key': `guess-${randomUUID()}` },
      });
      expect(wrong.status).toBe(401);
    }
    const counter = await redis.get(`${REDIS_AUTH_FAILURE_NAMESPACE}ip:${attacker}`);
    expect(Number(counter)).toBe(4);
    expect(await redis.pttl(`${REDIS_AUTH_FAILURE_NAMESPACE}ip:${attacker}`)).toBeGreaterThan(0);

    const onB = await call(`${b.url}/api/connections`, {
      headers: { 'x-forwarded-for': attacker, 'x-api-key': `guess-${randomUUID()}` },
    });
    expect(onB).toMatchObject({
      status: 429,
      body: { code: 'RATE_LIMITED', details: { retry_after_seconds: expect.any(Number) } },
    });
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(onB.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    // the query adapter surface too (SERVICE_API_KEY is set), and even with the right key from that address
    expect((await call(`${b.url}/health`, { headers: { 'x-forwarded-for': attacker, 'x-api-key': KEY } })).status).toBe(
      429,
    );
    expect(
      (await call(`${b.url}/health`, { headers: { 'x-forwarded-for': '198.51.100.77', 'x-api-key': KEY } })).status,
    ).toBe(200);
    expect(
      (await call(`${a.url}/api/connections`, { headers: { 'x-forwarded-for': '198.51.100.78', 'x-api-key': KEY } }))
        .status,
    ).toBe(200);
  });
});
