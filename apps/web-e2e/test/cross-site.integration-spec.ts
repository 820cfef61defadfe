/**
 * In a real browser: a page on another site (http://localhost:<port>, while the api is on
 * http://127.0.0.1:<port>) tries every way a browser lets it send a state-changing request without a preflight
 * (HTML forms url-encoded and text/plain, fetch no-cors, sendBeacon) and with one (JSON fetch, which CORS_ORIGINS=*
 * lets through the preflight) against the real api in admin mode without SERVICE_API_KEY. Nothing may be queued,
 * approved or rejected; a Node client without Origin then decides normally.
 */
import { createApp } from '@nlq/server';
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, type RunningBrowser } from './support/chromium';

const DELETE_REVIEWS = 'DELETE FROM reviews';

/** The attacker's page: forms posting to `api` into hidden frames, and a helper to submit one and wait for its frame. */
function attackerPage(api: string): string {
  return `<!doctype html><html><body>
<iframe name="f1"></iframe><iframe name="f2"></iframe><iframe name="f3"></iframe>
<form id="urlencoded" method="POST" action="${api}/query" target="f1">
  <input name="question" value="delete all reviews"><input name="user_id" value="victim-form">
</form>
<form id="textplain" method="POST" action="${api}/query" target="f2" enctype="text/plain">
  <input name='{"question":"delete all reviews","user_id":"victim-text","x":"' value='"}'>
</form>
<form id="approve" method="POST" action="${api}/approve/victim" target="f3"></form>
<script>
  window.submitAndWait = (formId, frameName) => new Promise((resolve) => {
    const frame = document.querySelector('iframe[name="' + frameName + '"]');
    frame.addEventListener('load', () => resolve('loaded'), { once: true });
    setTimeout(() => resolve('timeout'), 5000);
    document.getElementById(formId).submit();
  });
</script>
</body></html>`;
}

function reviewCount(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe('cross-site requests from a real Chromium page change nothing', () => {
  let model: ScriptedModelServer;
  let app: NestFastifyApplication;
  let api: string;
  let dataDir: string;
  let attacker: http.Server;
  let attackerUrl: string;
  let browser: RunningBrowser;

  beforeAll(async () => {
    model = await startScriptedModelServer({
      protocol: 'openai',
      reply: ({ user }) =>
        user.startsWith('Database schema')
          ? `\`\`\`sql\n${/delete/i.test(user) ? DELETE_REVIEWS : 'SELECT COUNT(*) AS n FROM reviews'}\n\`\`\``
          : 'Done.',
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-cross-site-'));
    // the setting: admin mode, no SERVICE_API_KEY (the adapter surface is open), CORS_ORIGINS unset (*)
    app = await createApp({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SERVICE_MODE: 'admin',
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: model.url,
      LLM_API_KEY: 'test-key-not-secret',
      LLM_MODEL: 'scripted-model',
    });
    await app.listen(0, '127.0.0.1');
    api = (await app.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
    attacker = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(attackerPage(api));
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    // another site: `localhost` and `127.0.0.1` are different hosts, so the browser marks requests cross-site
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => attacker?.close(resolve));
    await app?.close();
    await model?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('form posts, no-cors fetches, beacons and preflighted JSON from another site queue, approve and reject nothing', async () => {
    // a write the victim's own client queued (no Origin: not a browser)
    const queued = await json(`${api}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'delete all reviews', user_id: 'victim' }),
    });
    expect(queued).toMatchObject({ status: 200, body: { pending_approval: true, sql: DELETE_REVIEWS } });
    const before = reviewCount(dataDir);
    expect(before).toBeGreaterThan(0);

    const page = await browser.context.newPage();
    await page.goto(attackerUrl);
    for (const [form, frame] of [
      ['urlencoded', 'f1'],
      ['textplain', 'f2'],
      ['approve', 'f3'],
    ]) {
      expect(
        await page.evaluate(
          ([f, t]) =>
            (window as unknown as { submitAndWait(a: string, b: string): Promise<string> }).submitAndWait(f, t),
          [form, frame],
        ),
      ).toBe('loaded');
    }
    const fetched = await page.evaluate(async (base) => {
      const outcome = async (p: Promise<Response>) => {
        try {
          const r = await p;
          return r.type === 'opaque' ? 'opaque' : r.status;
        } catch (error) {
          return `rejected: ${String(error)}`;
        }
      };
      return {
        noCorsApprove: await outcome(fetch(`${base}/approve/victim`, { method: 'POST', mode: 'no-cors' })),
        noCorsReject: await outcome(fetch(`${base}/reject/victim`, { method: 'POST', mode: 'no-cors' })),
        noCorsText: await outcome(
          fetch(`${base}/query`, {
            method: 'POST',
            mode: 'no-cors',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ question: 'delete all reviews', user_id: 'victim-fetch' }),
          }),
        ),
        beacon: navigator.sendBeacon(`${base}/approve/victim`),
        beaconText: navigator.sendBeacon(
          `${base}/query`,
          JSON.stringify({ question: 'delete all reviews', user_id: 'victim-beacon' }),
        ),
        corsJsonQuery: await outcome(
          fetch(`${base}/query`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ question: 'delete all reviews', user_id: 'victim-json' }),
          }),
        ),
        corsJsonApprove: await outcome(
          fetch(`${base}/approve/victim`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          }),
        ),
        corsRefresh: await outcome(fetch(`${base}/refresh`, { method: 'POST' })),
      };
    }, api);
    // the preflighted JSON requests reach the api (CORS_ORIGINS=* lets the preflight pass) and are answered 403
    expect(fetched).toMatchObject({
      noCorsApprove: 'opaque',
      noCorsReject: 'opaque',
      noCorsText: 'opaque',
      corsJsonQuery: 403,
      corsJsonApprove: 403,
      corsRefresh: 403,
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the beacons land
    await page.close();

    expect(reviewCount(dataDir)).toBe(before);
    const victim = await json(`${api}/session/victim`);
    expect(victim.body.history.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual([
      'query:pending_approval',
    ]);
    for (const session of ['victim-form', 'victim-text', 'victim-fetch', 'victim-beacon', 'victim-json']) {
      expect((await json(`${api}/session/${session}`)).body.history).toEqual([]);
    }

    // the owner's own client (no Origin) still decides: the write was real and runs once approved
    expect(await json(`${api}/approve/victim`, { method: 'POST' })).toMatchObject({
      status: 200,
      body: { status: 'approved' },
    });
    expect(reviewCount(dataDir)).toBe(0);
  });
});
