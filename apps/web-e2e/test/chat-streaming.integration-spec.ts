/**
 * The web chat shows a streamed answer growing: the real api serving the built web app, with the
 * real OpenAI client against the scripted model server, which releases the answer's pieces only when the test says
 * so. Each step waits until the page shows the text streamed so far while the question still runs, so nothing here
 * depends on timing. The result (12 rows of 4 columns) is one no template states, so the model words it. A second
 * scenario breaks the event stream in the browser and checks the fallback to the plain POST /api/chat.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import type { Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, giveKey, saveScreenshot } from './support/page-helpers';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-stream-key-0123456789';
const SQL = 'SELECT first_name, last_name, city, country FROM customers ORDER BY customer_id LIMIT 12';

jest.setTimeout(60_000);

/** Pieces the test releases one at a time; the scripted server sends each as soon as it is released. */
class Gate {
  private readonly queue: Array<string | null> = [];
  private wake: (() => void) | null = null;
  async *pieces(): AsyncGenerator<string> {
    for (;;) {
      while (!this.queue.length) await new Promise<void>((resolve) => (this.wake = resolve));
      const next = this.queue.shift();
      if (next === null || next === undefined) return;
      yield next;
    }
  }
  release(piece: string | null): void {
    this.queue.push(piece);
    this.wake?.();
  }
}

describe('web chat streaming in a browser', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let model: ScriptedModelServer;
  let stack: WebStack;
  let page: Page;
  let gate: Gate;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    model = await startScriptedModelServer({
      protocol: 'openai',
      reply: ({ user }) => {
        if (user.startsWith('Database schema')) return `\`\`\`sql\n${SQL}\n\`\`\``;
        if (user.includes('Question: Plainly, list the first customers'))
          return 'Twelve customers, listed in signup order.';
        return { chunks: gate.pieces() };
      },
    });
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, KEY, {
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: model.url,
        LLM_API_KEY: 'test-key-not-secret',
        LLM_MODEL: 'scripted-model',
      }),
    ]);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await model?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('shows the answer growing as its pieces arrive, then the final answer with SQL and table', async () => {
    gate = new Gate();
    await page.goto(`${stack.url}/chat`);
    await giveKey(page, KEY);
    await page.getByTestId('chat-input').fill('List the first customers with their city');
    await page.getByTestId('chat-ask').click();
    const turn = page.getByTestId('chat-turn').last();
    const streaming = turn.getByTestId('chat-answer-streaming');

    gate.release('<think>twelve rows; name the first</think>');
    gate.release('The first ');
    gate.release('of the ');
    await streaming.filter({ hasText: /^The first of the$/ }).waitFor();
    expect(await turn.getAttribute('data-state')).toBe('running');
    expect(await turn.getByTestId('stage').count()).toBeGreaterThan(3);

    gate.release('12 customers is ');
    gate.release('Aiden Adams.');
    await streaming.filter({ hasText: /^The first of the 12 customers is Aiden Adams\.$/ }).waitFor();
    expect(await turn.getAttribute('data-state')).toBe('running');
    expect(await streaming.innerText()).not.toContain('think');
    await saveScreenshot(page, '20-chat-streaming');

    gate.release(' The others follow in signup order.');
    gate.release(null);
    await turn.and(page.locator('[data-testid="chat-turn"][data-state="done"]')).waitFor();
    expect(await turn.getByTestId('chat-answer').innerText()).toBe(
      'The first of the 12 customers is Aiden Adams. The others follow in signup order.',
    );
    expect(await turn.getByTestId('chat-answer-streaming').count()).toBe(0);
    expect(await turn.getByTestId('result-table').locator('caption').innerText()).toBe('12 rows');
    expect(await turn.getByTestId('result-table').locator('tbody tr').count()).toBe(10); // the first page
    expect(await turn.getByTestId('result-table').locator('thead th').allInnerTexts()).toEqual([
      'First name',
      'Last name',
      'City',
      'Country',
    ]); // headers in words
    await saveScreenshot(page, '21-chat-streamed');
  });

  it('falls back to the plain POST /api/chat when the event stream is unavailable', async () => {
    let plainCalls = 0;
    await page.route('**/api/chat/stream', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html>a proxy page</html>' }),
    );
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/chat') plainCalls++;
    });
    try {
      const turn = await ask(page, 'Plainly, list the first customers with their city');
      expect(await turn.getAttribute('data-state')).toBe('done');
      expect(await turn.getByTestId('chat-answer').innerText()).toBe('Twelve customers, listed in signup order.');
      expect(plainCalls).toBe(1);
    } finally {
      await page.unroute('**/api/chat/stream');
    }
  });
});
