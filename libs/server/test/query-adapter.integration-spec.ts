/**
 * The query adapter surface (docs/http-api.md "Contract: query adapter") end to end over real HTTP with the built-in offline engine and the generated
 * sample shop database: every endpoint, its validation and its error shape.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const ERROR_SHAPE = {
  statusCode: expect.any(Number),
  code: expect.any(String),
  message: expect.any(String),
  requestId: expect.any(String),
};

describe('query adapter surface (offline engine, sample database)', () => {
  let t: TestApp;
  let customers: number;

  beforeAll(async () => {
    t = await startTestApp({ SERVICE_MODE: 'user', MAX_QUESTION_CHARS: '200', MAX_BODY_BYTES: '4096' });
    const db = new Database(path.join(t.dataDir, 'shop.db'), { readonly: true });
    customers = (db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n;
    db.close();
  });
  afterAll(async () => {
    await t.close();
    removeDataDir(t.dataDir);
  });

  it('POST /query answers "How many customers are there?" with the real count in session rest_user', async () => {
    expect(customers).toBeGreaterThan(0);
    const { status, body } = await call(`${t.url}/query`, { body: { question: 'How many customers are there?' } });
    expect(status).toBe(200);
    expect(body).toEqual({
      response: expect.any(String),
      sql: expect.stringMatching(/select/i),
      success: true,
      pending_approval: false,
      session_id: 'rest_user',
      error: null,
    });
    expect(body.sql).toMatch(/count/i);
    // The offline engine writes thousands separators ("1,000"); compare the number itself.
    expect(body.response.replace(/(\d),(?=\d{3}\b)/g, '$1')).toMatch(new RegExp(`\\b${customers}\\b`));
  });

  it('uses user_id as the session id and stores rlhf_signal with the request', async () => {
    const { body } = await call(`${t.url}/query`, {
      body: { question: 'How many customers are there?', user_id: 'alice', rlhf_signal: 'positive' },
    });
    expect(body).toMatchObject({ success: true, session_id: 'alice' });
    const session = await call(`${t.url}/session/alice`);
    expect(session.status).toBe(200);
    expect(session.body.history).toHaveLength(1);
    expect(session.body.history[0]).toMatchObject({
      kind: 'query',
      session_id: 'alice',
      user_id: 'alice',
      question: 'How many customers are there?',
      sql: body.sql,
      answer: body.response,
      status: 'ok',
      rlhf_signal: 'positive',
    });
  });

  it('POST /feedback saves the signal and GET /session shows it after the query', async () => {
    await call(`${t.url}/query`, { body: { question: 'How many products are there?', user_id: 'bob' } });
    const feedback = await call(`${t.url}/feedback/bob`, { body: { signal: 'positive' } });
    expect(feedback).toMatchObject({ status: 200, body: { status: 'ok', signal: 'positive' } });
    const { body } = await call(`${t.url}/session/bob`);
    expect(body.history.map((e: { kind: string }) => e.kind)).toEqual(['query', 'feedback']);
    expect(body.history[1]).toMatchObject({ signal: 'positive', session_id: 'bob', ref_id: body.history[0].id });
  });

  it('GET /session of an unknown session answers an empty history; an over-long session id is 400', async () => {
    expect(await call(`${t.url}/session/nobody-here`)).toMatchObject({ status: 200, body: { history: [] } });
    const tooLong = await call(`${t.url}/session/${'s'.repeat(129)}`);
    expect(tooLong).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', details: [{ field: 'session_id', problems: expect.any(Array) }] },
    });
    const wayTooLong = await call(`${t.url}/session/${'s'.repeat(300)}`);
    // Over the router's parameter limit: 414, or 404 when the built web app's catch-all route matches first.
    expect([414, 404]).toContain(wayTooLong.status);
    expect(wayTooLong.body).toEqual({
      statusCode: wayTooLong.status,
      code: wayTooLong.status === 414 ? 'URI_TOO_LONG' : 'NOT_FOUND',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    const badEncoding = await call(`${t.url}/session/%E0%A4%A`);
    expect(badEncoding).toMatchObject({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', requestId: expect.any(String) },
    });
  });

  it('POST /feedback with an invalid or missing signal is 400 with details per field', async () => {
    const bad = await call(`${t.url}/feedback/bob`, { body: { signal: 'meh' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      ...ERROR_SHAPE,
      statusCode: 400,
      code: 'VALIDATION',
      details: [{ field: 'signal', problems: [expect.stringContaining('positive')] }],
    });
    const missing = await call(`${t.url}/feedback/bob`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].field).toBe('signal');
  });

  it('POST /query without a question, with a wrong type or an unknown field is 400 VALIDATION', async () => {
    const missing = await call(`${t.url}/query`, { body: { user_id: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'question', problems: expect.any(Array) }],
    });
    const wrongType = await call(`${t.url}/query`, { body: { question: 42 } });
    expect(wrongType.body.details).toEqual([{ field: 'question', problems: ['question must be a string'] }]);
    const extra = await call(`${t.url}/query`, { body: { question: 'How many customers are there?', admin: true } });
    expect(extra.status).toBe(400);
    expect(extra.body.details).toEqual([{ field: 'admin', problems: ['property admin should not exist'] }]);
    const noBody = await call(`${t.url}/query`, { method: 'POST' });
    expect(noBody.status).toBe(400);
    expect(noBody.body.details.map((d: { field: string }) => d.field)).toContain('question');
  });

  it('malformed JSON is 400 in the error shape', async () => {
    const { status, body } = await call(`${t.url}/query`, {
      rawBody: '{"question": "How many',
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ ...ERROR_SHAPE, statusCode: 400, code: 'VALIDATION' });
  });

  it('a body over MAX_BODY_BYTES is 413 PAYLOAD_TOO_LARGE', async () => {
    const { status, body } = await call(`${t.url}/query`, { body: { question: 'x'.repeat(5000) } });
    expect(status).toBe(413);
    expect(body).toEqual({ ...ERROR_SHAPE, statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a question over MAX_QUESTION_CHARS is a pipeline failure: 200 with success false and the reason', async () => {
    const { status, body } = await call(`${t.url}/query`, {
      body: { question: `How many customers ${'really '.repeat(40)}are there?`, user_id: 'long' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, pending_approval: false, session_id: 'long', sql: '' });
    expect(body.error).toMatch(/200/);
  });

  it('unknown routes are 404 in the error shape and echo the request id', async () => {
    // (a server path: page paths such as /nope fall back to the web app's index.html when it is built)
    const { status, body, headers } = await call(`${t.url}/query/nope`, {
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(status).toBe(404);
    expect(body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: expect.stringContaining('/query/nope'),
      requestId: 'trace-me-123',
    });
    expect((await call(`${t.url}/health`, { method: 'DELETE' })).body).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    expect(headers.get('x-request-id')).toBe('trace-me-123');
  });

  it('approve and reject with nothing pending are 404 NOTHING_PENDING', async () => {
    for (const action of ['approve', 'reject']) {
      const { status, body } = await call(`${t.url}/${action}/rest_user`, { method: 'POST' });
      expect(status).toBe(404);
      expect(body).toEqual({ ...ERROR_SHAPE, statusCode: 404, code: 'NOTHING_PENDING' });
    }
  });

  it('GET /health reports status, integration rest, schema age and mode', async () => {
    const { status, body } = await call(`${t.url}/health`);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', integration: 'rest', schema_age_seconds: expect.any(Number), mode: 'user' });
    expect(body.schema_age_seconds).toBeGreaterThanOrEqual(0);
  });

  it('POST /refresh resets schema_age_seconds', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = (await call(`${t.url}/health`)).body.schema_age_seconds;
    expect(before).toBeGreaterThanOrEqual(1);
    const refresh = await call(`${t.url}/refresh`, { method: 'POST' });
    expect(refresh).toMatchObject({
      status: 200,
      body: { status: 'ok', message: expect.stringMatching(/refreshed/i) },
    });
    const after = (await call(`${t.url}/health`)).body.schema_age_seconds;
    expect(after).toBeLessThan(0.5);
    expect(after).toBeLessThan(before);
  });

  it('CORS is open by default', async () => {
    const response = await fetch(`${t.url}/health`, { headers: { origin: 'http://localhost:5173' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers an OPTIONS request without the preflight headers like a preflight, never with a bare-text 400', async () => {
    const response = await fetch(`${t.url}/query`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('serves the OpenAPI document at /docs-json listing every adapter path', async () => {
    const { status, body } = await call(`${t.url}/docs-json`);
    expect(status).toBe(200);
    // the adapter's paths; /api/* and the MCP endpoint (/mcp, docs/mcp.md) are the application's own surfaces
    expect(Object.keys(body.paths)).toContain('/mcp');
    expect(
      Object.keys(body.paths)
        .filter((p) => !p.startsWith('/api/') && p !== '/mcp')
        .sort(),
    ).toEqual(
      [
        '/approve/{session_id}',
        '/feedback/{session_id}',
        '/health',
        '/query',
        '/refresh',
        '/reject/{session_id}',
        '/session/{session_id}',
      ].sort(),
    );
    expect(body.components.schemas.QueryRequestDto.required).toEqual(['question']);
    expect((await fetch(`${t.url}/docs`)).status).toBe(200);
  });
});
