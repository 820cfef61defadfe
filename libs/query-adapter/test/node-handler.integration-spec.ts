/**
 * The query adapter as a plain Node request handler at /nlq inside an http.createServer that serves its own
 * routes, and as Connect/Express-style middleware (`next`), asked real questions of the sample database over real
 * HTTP (offline engine), with and without its api_key (docs/http-api.md "Contract: query adapter" rule 5; docs/http-api.md "Contract: authentication" rule 1).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { createQueryAdapterHandler, queryAdapterPlugin, type QueryAdapterHandler } from '../src';
import { call, countCustomers, ERROR_SHAPE, makeDataDir, plainNumbers } from './support';

const KEY = 'handler-key-0123456789';
// building the embedded api (and the sample database) takes a few seconds on a busy machine
jest.setTimeout(60_000);

/** Listens on 127.0.0.1:0; answers the base URL. */
async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createQueryAdapterHandler in a plain Node http server', () => {
  let dataDir: string;
  let nlq: QueryAdapterHandler;
  let open: QueryAdapterHandler;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    dataDir = makeDataDir();
    nlq = await createQueryAdapterHandler({ prefix: '/nlq', api_key: KEY, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    // a second adapter without a key, on the same sample database, mounted as middleware at /open
    open = await createQueryAdapterHandler({
      prefix: '/open',
      DATA_DIR: path.join(dataDir, 'open'),
      QUERY_DATABASE_URL: `sqlite://${path.join(dataDir, 'shop.db')}`,
      SERVICE_API_KEY: undefined,
      LOG_LEVEL: 'silent',
    });
    server = http.createServer((req, res) => {
      if (req.url === '/hello') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ hello: 'host' }));
      }
      if (req.url?.startsWith('/open')) {
        return open(req, res, () => {
          res.statusCode = 418;
          res.end('next');
        });
      }
      nlq(req, res);
    });
    base = await listen(server);
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await nlq?.close();
    await open?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the host route beside the adapter', async () => {
    expect(await call(`${base}/hello`)).toMatchObject({ status: 200, body: { hello: 'host' } });
  });

  it('answers POST /nlq/query with the real count when the key is given, 401 without or with a wrong key', async () => {
    const { status, body } = await call(`${base}/nlq/query`, {
      body: { question: 'How many customers are there?', user_id: 'carol' },
      headers: { 'x-api-key': KEY },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, pending_approval: false, session_id: 'carol', error: null });
    expect(plainNumbers(body.response)).toMatch(new RegExp(`\\b${countCustomers(dataDir)}\\b`));
    expect(await call(`${base}/nlq/query`, { body: { question: 'How many customers are there?' } })).toMatchObject({
      status: 401,
      body: { ...ERROR_SHAPE, code: 'UNAUTHORIZED' },
    });
    expect(await call(`${base}/nlq/session/carol`, { headers: { 'x-api-key': 'wrong-key-00000' } })).toMatchObject({
      status: 401,
    });
    const history = await call(`${base}/nlq/session/carol`, { headers: { 'x-api-key': KEY } });
    expect(history.body.history).toHaveLength(1);
  });

  it('answers paths outside the adapter surface with 404 in the error shape, never the embedded api', async () => {
    for (const url of ['/nlq/api/health', '/nlq/docs-json', '/nlq', '/nlqx/query', '/elsewhere']) {
      const { status, body } = await call(`${base}${url}`, { headers: { 'x-api-key': KEY } });
      expect(status).toBe(404);
      expect(body).toEqual({ ...ERROR_SHAPE, statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('without api_key the adapter is open (docs/http-api.md "Contract: authentication" rule 2); as middleware it passes other paths to next()', async () => {
    const { status, body } = await call(`${base}/open/query`, { body: { question: 'How many customers are there?' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, session_id: 'rest_user' });
    expect(plainNumbers(body.response)).toMatch(new RegExp(`\\b${countCustomers(dataDir)}\\b`));
    expect(await call(`${base}/open/health`)).toMatchObject({
      status: 200,
      body: { status: 'ok', integration: 'rest' },
    });
    expect(await call(`${base}/open/api/health`)).toMatchObject({ status: 418, body: 'next' });
  });

  it('one adapter mounted in several servers: the Fastify plugin serves an existing adapter and leaves it open', async () => {
    const host = Fastify();
    await host.register(queryAdapterPlugin, { prefix: '/shared', adapter: nlq.adapter });
    const hostBase = await host.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { status, body } = await call(`${hostBase}/shared/session/carol`, { headers: { 'x-api-key': KEY } });
      expect(status).toBe(200);
      expect(body.history).toHaveLength(1); // the session asked through the http server above
    } finally {
      await host.close();
    }
    expect(await call(`${base}/nlq/health`, { headers: { 'x-api-key': KEY } })).toMatchObject({ status: 200 });
  });

  it('answers in-process through inject, with the same key rule', async () => {
    const ok = await nlq.adapter.inject({
      method: 'POST',
      url: '/query',
      headers: { 'x-api-key': KEY },
      payload: { question: 'How many products are there?' },
    });
    expect(ok).toMatchObject({ statusCode: 200, body: { success: true } });
    expect(await nlq.adapter.inject({ method: 'GET', url: '/health' })).toMatchObject({ statusCode: 401 });
    expect(
      await nlq.adapter.inject({ method: 'GET', url: '/api/health', headers: { 'x-api-key': KEY } }),
    ).toMatchObject({ statusCode: 404, body: { code: 'NOT_FOUND' } });
  });
});
