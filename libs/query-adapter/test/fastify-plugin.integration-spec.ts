/**
 * The query adapter mounted as a Fastify plugin at /nlq inside a host Fastify server that serves its own routes,
 * asked real questions of the generated sample database over real HTTP (offline engine, no model), with and
 * without its api_key (docs/http-api.md "Contract: query adapter" rule 5; docs/http-api.md "Contract: authentication" rule 1).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { queryAdapterPlugin } from '../src';
import { call, countCustomers, ERROR_SHAPE, makeDataDir, plainNumbers } from './support';

const KEY = 'adapter-key-0123456789';
// building the embedded api (and the sample database) takes a few seconds on a busy machine
jest.setTimeout(60_000);

describe('queryAdapterPlugin in a host Fastify server', () => {
  let host: FastifyInstance;
  let base: string;
  let dataDir: string;
  const withKey = { 'x-api-key': KEY };

  beforeAll(async () => {
    dataDir = makeDataDir();
    // building the embedded api can take longer than Fastify's default 10 s plugin timeout on a busy machine
    host = Fastify({ pluginTimeout: 60_000 });
    host.get('/hello', async () => ({ hello: 'host' }));
    host.post('/echo', async (request) => ({ echoed: request.body }));
    host.get('/nlq/own', async () => ({ own: true }));
    await host.register(queryAdapterPlugin, {
      prefix: '/nlq',
      api_key: KEY,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SERVICE_MODE: 'user',
    });
    base = await host.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await host?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps serving the host routes, its body parsing included', async () => {
    expect(await call(`${base}/hello`)).toMatchObject({ status: 200, body: { hello: 'host' } });
    expect(await call(`${base}/echo`, { body: { a: 1 } })).toMatchObject({ status: 200, body: { echoed: { a: 1 } } });
    expect(await call(`${base}/nlq/own`)).toMatchObject({ status: 200, body: { own: true } });
  });

  it('answers POST /nlq/query with the real count of the sample database when the key is given', async () => {
    const { status, body } = await call(`${base}/nlq/query`, {
      body: { question: 'How many customers are there?' },
      headers: withKey,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      response: expect.any(String),
      sql: expect.stringMatching(/count/i),
      success: true,
      pending_approval: false,
      session_id: 'rest_user',
      error: null,
    });
    expect(plainNumbers(body.response)).toMatch(new RegExp(`\\b${countCustomers(dataDir)}\\b`));
  });

  it('answers 401 in the error shape without the key or with a wrong one, on every adapter route', async () => {
    const missing = await call(`${base}/nlq/query`, { body: { question: 'How many customers are there?' } });
    expect(missing).toMatchObject({ status: 401, body: { ...ERROR_SHAPE, statusCode: 401, code: 'UNAUTHORIZED' } });
    const wrong = await call(`${base}/nlq/health`, { headers: { 'x-api-key': 'not-the-key-000' } });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    for (const [method, path] of [
      ['POST', '/approve/x'],
      ['POST', '/reject/x'],
      ['POST', '/feedback/x'],
      ['GET', '/session/x'],
      ['POST', '/refresh'],
    ]) {
      expect((await call(`${base}/nlq${path}`, { method })).status).toBe(401);
    }
  });

  it('serves the whole surface: session history, feedback, health, refresh, approve with nothing pending', async () => {
    const asked = await call(`${base}/nlq/query`, {
      body: { question: 'How many products are there?', user_id: 'alice' },
      headers: withKey,
    });
    expect(asked.body).toMatchObject({ success: true, session_id: 'alice' });
    expect(await call(`${base}/nlq/feedback/alice`, { body: { signal: 'positive' }, headers: withKey })).toMatchObject({
      status: 200,
      body: { status: 'ok', signal: 'positive' },
    });
    const session = await call(`${base}/nlq/session/alice`, { headers: withKey });
    expect(session.status).toBe(200);
    expect(session.body.history.map((e: { kind: string }) => e.kind)).toEqual(['query', 'feedback']);
    expect(session.body.history[0]).toMatchObject({ question: 'How many products are there?', sql: asked.body.sql });
    expect(await call(`${base}/nlq/health`, { headers: withKey })).toMatchObject({
      status: 200,
      body: { status: 'ok', integration: 'rest', schema_age_seconds: expect.any(Number), mode: 'user' },
    });
    expect(await call(`${base}/nlq/refresh`, { method: 'POST', headers: withKey })).toMatchObject({
      status: 200,
      body: { status: 'ok', message: expect.any(String) },
    });
    const approve = await call(`${base}/nlq/approve/alice`, { method: 'POST', headers: withKey });
    expect(approve).toMatchObject({ status: 404, body: { ...ERROR_SHAPE, statusCode: 404, code: 'NOTHING_PENDING' } });
  });

  it('validates like the api: 400 with details, malformed JSON 400, a 120-character session id accepted, 129 refused', async () => {
    const missing = await call(`${base}/nlq/query`, { body: { user_id: 'x' }, headers: withKey });
    expect(missing).toMatchObject({
      status: 400,
      body: { ...ERROR_SHAPE, code: 'VALIDATION', details: [{ field: 'question', problems: expect.any(Array) }] },
    });
    const malformed = await call(`${base}/nlq/query`, { rawBody: '{"question": "How many', headers: withKey });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    const badSignal = await call(`${base}/nlq/feedback/alice`, { body: { signal: 'meh' }, headers: withKey });
    expect(badSignal.body.details).toEqual([{ field: 'signal', problems: [expect.stringContaining('positive')] }]);
    // longer than the host router's default maxParamLength (100): still the api's own rule that decides
    expect(await call(`${base}/nlq/session/${'s'.repeat(120)}`, { headers: withKey })).toMatchObject({
      status: 200,
      body: { history: [] },
    });
    expect(await call(`${base}/nlq/session/${'s'.repeat(129)}`, { headers: withKey })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', details: [{ field: 'session_id' }] },
    });
  });

  it('echoes the request id and answers a wrong method on an adapter path as the api does', async () => {
    const { status, body, headers } = await call(`${base}/nlq/health`, {
      method: 'DELETE',
      headers: { ...withKey, 'x-request-id': 'trace-me-123' },
    });
    expect(status).toBe(404);
    expect(body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: expect.any(String),
      requestId: 'trace-me-123',
    });
    expect(headers.get('x-request-id')).toBe('trace-me-123');
  });

  it('answers CORS preflights on adapter paths as the api does (open CORS by default)', async () => {
    const response = await fetch(`${base}/nlq/query`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('exposes only the adapter surface: not the api application surface, OpenAPI, nor the adapter paths at the root', async () => {
    for (const path of ['/nlq/api/health', '/nlq/docs-json', '/nlq/ws/live', '/query', '/health']) {
      expect((await call(`${base}${path}`, { headers: withKey })).status).toBe(404);
    }
  });
});
