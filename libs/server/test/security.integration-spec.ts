/**
 * Over real HTTP: cross-site simple requests change nothing (415 for non-JSON bodies, 403 for foreign
 * bodiless state changes), JSON clients without an Origin work as before; wrong X-API-Key values are throttled per
 * client address (TRUST_PROXY decides which X-Forwarded-For hop that is) with 429, Retry-After and an audit warning.
 */
import Database from 'better-sqlite3';
import { Writable } from 'node:stream';
import path from 'node:path';
import { WebSocket } from 'ws';
import { ApiKeyService } from '../src/platform/auth/api-key.service';
import { createApp } from '../src/app.factory';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, makeDataDir, removeDataDir } from '../src/testing/test-app';

const DELETE_REVIEWS = 'DELETE FROM reviews';

describe('cross-site requests, failed-authentication throttle and TRUST_PROXY', () => {
  const dataDir = makeDataDir();
  const lines: Array<Record<string, unknown>> = [];
  let model: ScriptedModelServer;
  let url: string;
  let serviceKey: string;
  let close: () => Promise<void>;

  const reviews = () => {
    const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) =>
      /delete/i.test(q) ? DELETE_REVIEWS : 'SELECT COUNT(*) AS n FROM reviews',
    );
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
        SERVICE_MODE: 'admin',
        CORS_ORIGINS: 'https://app.example',
        TRUST_PROXY: 'true',
        AUTH_FAILURE_LIMIT: '5',
        AUTH_FAILURE_WINDOW_SECONDS: '60',
        ...providerEnv('openai', model),
      },
      { logDestination: destination },
    );
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    serviceKey = app.get(ApiKeyService).generatedServiceKey ?? '';
    close = () => app.close();
  });
  afterAll(async () => {
    await close();
    await model.close();
    removeDataDir(dataDir);
  });

  it('refuses form and text/plain bodies with 415 in the error shape, before anything is queued', async () => {
    const form = await call(`${url}/query`, {
      rawBody: 'question=delete+all+reviews&user_id=victim',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(form).toMatchObject({
      status: 415,
      body: { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', requestId: expect.any(String) },
    });
    const text = await call(`${url}/query`, {
      rawBody: JSON.stringify({ question: 'delete all reviews', user_id: 'victim' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((await call(`${url}/session/victim`)).body.history).toEqual([]);
  });

  it('refuses a foreign-origin or cross-site approve with 403; the JSON client without Origin works as before', async () => {
    const before = reviews();
    const asked = await call(`${url}/query`, { body: { question: 'delete all reviews', user_id: 'ops' } });
    expect(asked.body).toMatchObject({ pending_approval: true, sql: DELETE_REVIEWS });
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const refused = await call(`${url}/approve/ops`, { method: 'POST', headers });
      expect(refused).toMatchObject({
        status: 403,
        body: { statusCode: 403, code: 'FORBIDDEN', requestId: expect.any(String) },
      });
    }
    expect(
      (await call(`${url}/reject/ops`, { method: 'POST', headers: { origin: 'https://evil.example' } })).status,
    ).toBe(403);
    expect(reviews()).toBe(before);
    const history = (await call(`${url}/session/ops`)).body.history as Array<{ kind: string; status: string }>;
    expect(history.map((e) => `${e.kind}:${e.status}`)).toEqual(['query:pending_approval']);

    // the listed origin, and a client with no Origin at all, decide normally
    const fromApp = await call(`${url}/reject/ops`, {
      method: 'POST',
      headers: { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(fromApp).toMatchObject({ status: 200, body: { status: 'rejected' } });
    await call(`${url}/query`, { body: { question: 'delete all reviews', user_id: 'ops' } });
    expect(await call(`${url}/approve/ops`, { method: 'POST' })).toMatchObject({
      status: 200,
      body: { status: 'approved' },
    });
    expect(reviews()).toBe(0);
  });

  it('guards the application surface too: a bodiless activate from a foreign origin is 403', async () => {
    const refused = await call(`${url}/api/connections/default/activate`, {
      method: 'POST',
      headers: { 'x-api-key': serviceKey, origin: 'https://evil.example' },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const formCreate = await call(`${url}/api/connections`, {
      rawBody: 'name=x&url=sqlite%3A%2F%2F%2Ftmp%2Fx.db',
      headers: { 'x-api-key': serviceKey, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(formCreate.status).toBe(415);
    expect(
      (await call(`${url}/api/connections/default/activate`, { method: 'POST', headers: { 'x-api-key': serviceKey } }))
        .status,
    ).toBe(200);
  });

  it('answers 429 with Retry-After after 5 wrong keys from one address; the right key still works from elsewhere', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 5; i++) {
      const wrong = await call(`${url}/api/connections`, {
        headers: { ...attacker, 'x-api-key': `wrong-key-${i}-${'x'.repeat(20)}` },
      });
      expect(wrong.status).toBe(401);
    }
    const throttled = await call(`${url}/api/connections`, {
      headers: { ...attacker, 'x-api-key': 'wrong-key-again-xxxxxxxxxxxxxx' },
    });
    expect(throttled).toMatchObject({
      status: 429,
      body: { statusCode: 429, code: 'RATE_LIMITED', details: { retry_after_seconds: expect.any(Number) } },
    });
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // even the right key gets 429 from the throttled address (no oracle), and works from another one
    expect((await call(`${url}/api/connections`, { headers: { ...attacker, 'x-api-key': serviceKey } })).status).toBe(
      429,
    );
    expect(
      (
        await call(`${url}/api/connections`, {
          headers: { 'x-forwarded-for': '198.51.100.2', 'x-api-key': serviceKey },
        })
      ).status,
    ).toBe(200);

    const warning = lines.find((l) => l.component === 'audit' && l.audit === 'auth.throttled');
    expect(warning).toMatchObject({ level: 40, scope: 'address', ip: '203.0.113.7', failures: 5 });
    expect(JSON.stringify(lines)).not.toContain('wrong-key-0');
    // TRUST_PROXY=true: the request log sees the forwarded client address
    expect(lines.some((l) => (l.req as { remoteAddress?: string } | undefined)?.remoteAddress === '203.0.113.7')).toBe(
      true,
    );

    // /ws/live, whose key arrives in a message, is throttled for the same address (close 4429), not for others
    expect(await liveClose('203.0.113.7', serviceKey)).toMatchObject({
      code: 4429,
      message: { retry_after_seconds: expect.any(Number) },
    });
    expect(await liveClose('198.51.100.9', 'wrong-live-key-xxxxxxxxxxxxxxxx')).toMatchObject({ code: 4401 });
  });

  /** Open /ws/live as `address` (X-Forwarded-For), authenticate with `key`; the close code and the last message. */
  function liveClose(address: string, key: string): Promise<{ code: number; message: any }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws/live`, { headers: { 'x-forwarded-for': address } });
      let message: unknown = null;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', api_key: key })));
      ws.on('message', (data) => (message = JSON.parse(String(data))));
      ws.on('close', (code) => resolve({ code, message }));
      ws.on('error', reject);
    });
  }
});
