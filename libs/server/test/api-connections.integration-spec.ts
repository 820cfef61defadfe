/**
 * /api/connections and /api/llms over real HTTP: CRUD, test, activate, refresh; passwords and API keys
 * encrypted at rest and never returned (checked in the raw JSON and in the state database files); the probing
 * guard; the served web app; the default connection and model created at first start.
 */
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const PG_PASSWORD = 'Pg-S3cret-pw!';
const MARIA_PASSWORD = 'Wr0ng-maria-pw';
const LLM_KEY = 'sk-test-VERYSECRET-0123456789';

/** true when something listens on 127.0.0.1:port. */
function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Raw bytes of the state database and its WAL/SHM files. */
function stateBytes(dataDir: string): Buffer {
  return Buffer.concat(
    fs
      .readdirSync(dataDir)
      .filter((f) => f.startsWith('state.db'))
      .map((f) => fs.readFileSync(path.join(dataDir, f))),
  );
}

describe('/api/connections and /api/llms', () => {
  let t: TestApp;
  let webDir: string;
  const raw = async (route: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${t.url}${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'x-api-key': SERVICE, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : null, headers: res.headers };
  };

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>nlq</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("nlq")');
    t = await startTestApp({
      SERVICE_API_KEY: SERVICE,
      CONNECTION_ALLOWED_HOSTS: 'db.allowed.example',
      WEB_DIST_DIR: webDir,
    });
  });
  afterAll(async () => {
    await t.close();
    removeDataDir(t.dataDir);
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('creates the default connection from QUERY_DATABASE_URL, active, and the default model from LLM_*', async () => {
    const list = await raw('/api/connections');
    expect(list.body).toEqual([
      {
        id: 'default',
        name: 'default',
        url: `sqlite://${path.join(t.dataDir, 'shop.db')}`,
        dialect: 'sqlite',
        has_password: false,
        active: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    const llms = await raw('/api/llms');
    expect(llms.body).toEqual([
      expect.objectContaining({
        id: 'default',
        name: 'default',
        provider: 'offline',
        has_api_key: false,
        active: true,
      }),
    ]);
    expect((await raw('/api/connections/default/test', { method: 'POST' })).body).toEqual({
      ok: true,
      latency_ms: expect.any(Number),
      error: null,
      tables: expect.any(Number),
    });
    expect((await raw('/api/connections/default/refresh', { method: 'POST' })).body).toEqual({
      status: 'ok',
      message: expect.stringMatching(/^Schema of "default" refreshed: \d+ tables/),
    });
  });

  it('stores a PostgreSQL password encrypted and never returns it', async () => {
    const created = await raw('/api/connections', {
      body: {
        name: 'pg',
        url: `postgres://postgres:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:5432/test?application_name=nlq`,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'pg',
      url: 'postgres://postgres:***@127.0.0.1:5432/test?application_name=nlq',
      dialect: 'postgresql',
      has_password: true,
      active: false,
    });
    const id = created.body.id;
    for (const res of [created, await raw('/api/connections'), await raw(`/api/connections/${id}`)]) {
      expect(res.text).not.toContain(PG_PASSWORD);
      expect(res.text).not.toContain(encodeURIComponent(PG_PASSWORD));
    }
    const state = stateBytes(t.dataDir);
    expect(state.includes(PG_PASSWORD)).toBe(false);
    expect(state.includes(encodeURIComponent(PG_PASSWORD))).toBe(false);

    if (await reachable(5432)) {
      // trust authentication: the stored password is sent and accepted.
      expect((await raw(`/api/connections/${id}/test`, { method: 'POST' })).body).toMatchObject({
        ok: true,
        error: null,
      });
    } else {
      console.warn('PostgreSQL on 127.0.0.1:5432 is unreachable: skipping the successful PostgreSQL connection test');
    }

    // Rename, and change the URL keeping the stored password (sent back as ***).
    const renamed = await raw(`/api/connections/${id}`, {
      method: 'PATCH',
      body: { name: 'pg-test', url: 'postgres://postgres:***@localhost:5432/test' },
    });
    expect(renamed.body).toMatchObject({
      name: 'pg-test',
      url: 'postgres://postgres:***@localhost:5432/test',
      has_password: true,
    });
    expect(renamed.text).not.toContain(PG_PASSWORD);
    expect((await raw(`/api/connections/${id}`, { method: 'PATCH', body: { name: 'default' } })).status).toBe(409);
    expect((await raw('/api/connections', { body: { name: 'pg-test', url: 'sqlite::memory:' } })).status).toBe(409);
  });

  it('reports a failed test with the driver message but without the password', async () => {
    const created = await raw('/api/connections', {
      body: { name: 'maria', url: `mysql://root:${MARIA_PASSWORD}@127.0.0.1:3306/test` },
    });
    expect(created.status).toBe(201);
    const test = await raw(`/api/connections/${created.body.id}/test`, { method: 'POST' });
    expect(test.body).toMatchObject({ ok: false, latency_ms: null, error: expect.any(String) });
    expect(test.body.error).toMatch(/denied|refused|connect|reach/i);
    expect(test.text).not.toContain(MARIA_PASSWORD);
    expect((await raw(`/api/connections/${created.body.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses URLs of hosts and files outside the allowed ones, without contacting them', async () => {
    const refused = [
      'postgres://u:p@10.20.30.40:5432/db',
      'mysql://root@internal.example:3306/x',
      'postgres://u@169.254.169.254/db',
      'sqlite:///etc/nlq-outside.db',
      `sqlite://${path.join(os.tmpdir(), 'elsewhere', 'x.db')}`,
      `sqlite://${t.dataDir}/../escape.db`,
    ];
    for (const url of refused) {
      const res = await raw('/api/connections', { body: { name: `bad-${refused.indexOf(url)}`, url } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        details: [{ field: 'url', problems: [expect.stringMatching(/not allowed|only under/)] }],
      });
    }
    expect((await raw('/api/connections', { body: { name: 'weird', url: 'ftp://x/y' } })).status).toBe(400);
    expect(
      (await raw('/api/connections/default', { method: 'PATCH', body: { url: 'postgres://u:p@10.0.0.1/db' } })).status,
    ).toBe(400);
    // Listed in CONNECTION_ALLOWED_HOSTS, and a SQLite file under DATA_DIR: accepted.
    const allowed = await raw('/api/connections', {
      body: { name: 'listed', url: 'postgres://u:pw@db.allowed.example:5432/db' },
    });
    expect(allowed.status).toBe(201);
    expect((await raw(`/api/connections/${allowed.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(
      (await raw('/api/connections', { body: { name: 'bad', url: 'postgres://u:p@10.20.30.40:5432/db' } })).text,
    ).not.toContain(':p@');
  });

  it('activates a connection for the next question, refuses to delete the active one, deletes others', async () => {
    const copy = path.join(t.dataDir, 'copy.db');
    fs.copyFileSync(path.join(t.dataDir, 'shop.db'), copy);
    const created = await raw('/api/connections', { body: { name: 'copy', url: `sqlite://${copy}` } });
    const id = created.body.id;
    expect((await raw(`/api/connections/${id}/activate`, { method: 'POST' })).body).toMatchObject({ id, active: true });
    expect((await raw('/api/connections')).body.filter((c: any) => c.active).map((c: any) => c.id)).toEqual([id]);
    const chat = await raw('/api/chat', { body: { question: 'How many customers are there?' } });
    expect(chat.body).toMatchObject({ success: true, connection_id: id });
    expect((await raw('/api/health')).body.database).toMatchObject({ connection_id: id, reachable: true });
    expect((await raw(`/api/connections/${id}`, { method: 'DELETE' })).status).toBe(409);
    await raw('/api/connections/default/activate', { method: 'POST' });
    expect((await raw(`/api/connections/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await raw(`/api/connections/${id}`)).status).toBe(404);
    expect(
      (await raw('/api/chat', { body: { question: 'How many customers are there?', connection_id: id } })).status,
    ).toBe(404);
  });

  it('stores model API keys encrypted, never returns them, guards base URLs, tests and activates', async () => {
    const created = await raw('/api/llms', {
      body: {
        name: 'openai-local',
        provider: 'openai',
        model: 'gpt-test',
        base_url: 'http://127.0.0.1:9/v1',
        api_key: LLM_KEY,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'openai-local',
      provider: 'openai',
      model: 'gpt-test',
      base_url: 'http://127.0.0.1:9/v1',
      has_api_key: true,
      active: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.id;
    for (const res of [created, await raw('/api/llms'), await raw(`/api/llms/${id}`)])
      expect(res.text).not.toContain(LLM_KEY);
    expect(stateBytes(t.dataDir).includes(LLM_KEY)).toBe(false);

    const test = await raw(`/api/llms/${id}/test`, { method: 'POST' });
    expect(test.body).toMatchObject({ ok: false, latency_ms: null, error: expect.any(String) });
    expect(test.text).not.toContain(LLM_KEY);

    expect(
      (await raw('/api/llms', { body: { name: 'evil', provider: 'openai', base_url: 'http://169.254.169.254/v1' } }))
        .status,
    ).toBe(400);
    expect(
      (await raw('/api/llms', { body: { name: 'evil', provider: 'openai', base_url: 'file:///etc/passwd' } })).status,
    ).toBe(400);
    expect((await raw('/api/llms', { body: { name: 'x', provider: 'gpt' } })).status).toBe(400);
    expect(
      (
        await raw('/api/llms', {
          body: { name: 'hosted', provider: 'anthropic', base_url: 'https://api.anthropic.com' },
        })
      ).status,
    ).toBe(201);

    expect((await raw(`/api/llms/${id}/activate`, { method: 'POST' })).body).toMatchObject({ id, active: true });
    expect((await raw('/api/health')).body.model).toMatchObject({
      provider: 'openai',
      reachable: false,
      error: expect.any(String),
    });
    expect((await raw(`/api/llms/${id}`, { method: 'DELETE' })).status).toBe(409);
    const cleared = await raw(`/api/llms/${id}`, { method: 'PATCH', body: { api_key: null, model: 'gpt-other' } });
    expect(cleared.body).toMatchObject({ has_api_key: false, model: 'gpt-other' });
    await raw('/api/llms/default/activate', { method: 'POST' });
    expect((await raw('/api/health')).body.model).toMatchObject({ provider: 'offline', reachable: true });
    expect((await raw(`/api/llms/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await raw(`/api/llms/${id}`)).status).toBe(404);
  });

  it('keeps connections, the active model and encrypted secrets across a restart', async () => {
    const created = await raw('/api/connections', {
      body: { name: 'kept', url: `postgres://postgres:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:5432/test` },
    });
    await t.close();
    t = await startTestApp({ SERVICE_API_KEY: SERVICE, DATA_DIR: t.dataDir, WEB_DIST_DIR: webDir });
    const again = await raw(`/api/connections/${created.body.id}`);
    expect(again.body).toMatchObject({
      name: 'kept',
      has_password: true,
      url: 'postgres://postgres:***@127.0.0.1:5432/test',
    });
    expect((await raw('/api/connections')).body.find((c: any) => c.active).id).toBe('default');
    if (await reachable(5432))
      expect((await raw(`/api/connections/${created.body.id}/test`, { method: 'POST' })).body.ok).toBe(true);
  });

  it('serves the built web app at / with index.html for client routes, not for server paths', async () => {
    const home = await fetch(`${t.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(await home.text()).toContain('<div id="root">');
    for (const page of ['/chat', '/connections', '/llms', '/traces', '/traces/abc-123']) {
      const res = await fetch(`${t.url}${page}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    const js = await fetch(`${t.url}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    const unknownApi = await call(`${t.url}/api/nothing`, { headers: { 'x-api-key': SERVICE } });
    expect(unknownApi).toMatchObject({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND' } });
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
    expect((await call(`${t.url}/health`, { headers: { 'x-api-key': SERVICE } })).body).toMatchObject({
      status: 'ok',
      integration: 'rest',
    });
    expect((await call(`${t.url}/session/x`, { headers: { 'x-api-key': SERVICE } })).body).toEqual({
      history: [],
      next_cursor: null,
    });
    expect((await call(`${t.url}/docs-json`)).body.openapi).toBeDefined();
  });
});
