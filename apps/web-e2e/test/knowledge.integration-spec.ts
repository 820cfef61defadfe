/**
 * The governed knowledge in the web app, in a real Chromium against the real api serving the built
 * web app with the offline engine: a metric created and changed through the API shows on /knowledge with its version
 * and a line diff between its versions; the chat says under an answer which definitions it used ("revenue (v2)"); a
 * thumbs-up's candidate example shows on /knowledge and is promoted from there; with a viewer key the page says
 * the analyst role is needed instead of failing; an analyst proposes a filter, which the admin accepts from the page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, giveKey, saveScreenshot } from './support/page-helpers';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-knowledge-key-0123456789';
const USER_KEY = 'web-e2e-knowledge-alice-0123456789';
const ANALYST_KEY = 'web-e2e-knowledge-aaron-0123456789';
const QUESTION = 'What was the total revenue in 2024?';

jest.setTimeout(90_000);

describe('web knowledge page and definitions used by an answer', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;
  let page: Page;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, KEY, { USER_API_KEYS: `alice:${USER_KEY},aaron:${ANALYST_KEY}:analyst` }),
    ]);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('lists a changed metric with its version and a diff, and the chat names it under the answer', async () => {
    const created = await stack.api('/api/knowledge/definitions', {
      body: {
        kind: 'metric',
        name: 'revenue',
        synonyms: [],
        description: 'd',
        expression: 'SUM(orders.total_amount)',
        filter: "orders.status <> 'cancelled'",
      },
    });
    expect(created.status).toBe(201);
    const patched = await stack.api(`/api/knowledge/definitions/${created.body.id}`, {
      method: 'PATCH',
      body: { synonyms: ['sales'] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.version).toBe(2);

    await page.goto(`${stack.url}/knowledge`);
    await giveKey(page, KEY);
    const row = page.getByTestId('definition-row').filter({ hasText: 'revenue' });
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual([
      'metric',
      'revenue',
      'sales',
      "SUM(orders.total_amount) WHERE orders.status <> 'cancelled'",
      'v2',
      'Edit',
    ]);
    await row.getByTestId('definition-select').click();
    const versions = page.getByTestId('definition-versions');
    const newest = versions.getByTestId('definition-version').first();
    await newest.waitFor();
    expect(await versions.getByTestId('definition-version').count()).toBe(2);
    expect(await newest.innerText()).toMatch(/^v2 update/);
    expect(await newest.getByTestId('diff-removed').allInnerTexts()).toEqual(['- synonyms: ']);
    expect(await newest.getByTestId('diff-added').allInnerTexts()).toEqual(['+ synonyms: sales']);
    expect(await page.locator('[data-testid="toast"][data-kind="error"]').count()).toBe(0);
    await saveScreenshot(page, '40-knowledge-definitions');

    await page.getByTestId('nav-chat').click();
    const turn = await ask(page, QUESTION);
    expect(await turn.getByTestId('chat-status').innerText()).toBe('ok');
    expect(await turn.getByRole('note', { name: 'Definitions used' }).innerText()).toBe(
      'Definitions used: revenue (v2)',
    );
    await saveScreenshot(page, '41-chat-definitions-used');
  });

  it('shows a thumbs-up candidate example on /knowledge and promotes it', async () => {
    await page.goto(`${stack.url}/chat`);
    const turn = await ask(page, 'How many customers are there?');
    expect(await turn.getByTestId('chat-status').innerText()).toBe('ok');
    const rated = page.waitForResponse((r) => r.url().includes('/feedback') && r.request().method() === 'POST');
    await turn.getByTestId('feedback-up').click();
    expect((await rated).ok()).toBe(true);

    await page.getByTestId('nav-knowledge').click();
    const example = page.getByTestId('example-row').filter({ hasText: 'How many customers are there?' });
    await example.waitFor();
    await example.getByTestId('example-promote').click();
    await page.locator('[data-testid="toast"][data-kind="success"]').filter({ hasText: 'Example promoted' }).waitFor();
    await example.waitFor({ state: 'detached' });
    await page.getByTestId('example-status').selectOption('verified');
    await page.getByTestId('example-row').filter({ hasText: 'How many customers are there?' }).waitFor();
    await saveScreenshot(page, '42-knowledge-examples');
  });

  it('says plainly that a viewer key cannot see the knowledge, without an error toast', async () => {
    await page.goto(`${stack.url}/knowledge`);
    await page.getByTestId('definitions-table').waitFor();
    await page.getByTestId('change-key').click();
    await giveKey(page, USER_KEY);
    await page.getByTestId('whoami').filter({ hasText: 'alice' }).waitFor();
    const notice = page.getByTestId('needs-role');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(
      'This page needs the analyst role. You are signed in with the viewer role',
    );
    expect(await page.getByTestId('definitions-table').count()).toBe(0);
    expect(await page.locator('[data-testid="toast"][data-kind="error"]').count()).toBe(0);
    await saveScreenshot(page, '43-knowledge-user-key');
  });
  it('an analyst proposes a definition; the admin accepts it from the proposals', async () => {
    await page.goto(`${stack.url}/knowledge`);
    await page.getByTestId('change-key').click();
    await giveKey(page, ANALYST_KEY);
    await page.getByTestId('whoami').filter({ hasText: 'aaron' }).waitFor();
    await page.getByTestId('definition-new').filter({ hasText: 'Propose a definition' }).click();
    await page.getByTestId('definition-kind').selectOption('filter');
    await page.getByTestId('definition-name').fill('big order');
    await page.getByTestId('definition-condition').fill('orders.total_amount > 500');
    await page.getByTestId('definition-save').click();
    const proposal = page.getByTestId('proposal-row').filter({ hasText: 'big order' });
    await proposal.waitFor();
    expect(await proposal.getByTestId('proposal-accept').count()).toBe(0);
    expect(await page.getByTestId('definition-row').filter({ hasText: 'big order' }).count()).toBe(0);
    expect(await page.getByTestId('definition-edit').count()).toBe(0);
    await saveScreenshot(page, '44-knowledge-analyst-proposal');

    await page.getByTestId('change-key').click();
    await giveKey(page, KEY);
    await page.getByTestId('whoami').filter({ hasText: 'service' }).waitFor();
    await page.getByTestId('proposal-row').filter({ hasText: 'big order' }).getByTestId('proposal-accept').click();
    await page.getByTestId('definition-row').filter({ hasText: 'big order' }).waitFor();
    await page.getByTestId('proposal-row').filter({ hasText: 'big order' }).waitFor({ state: 'detached' });
    await saveScreenshot(page, '45-knowledge-proposal-accepted');
  });
});
