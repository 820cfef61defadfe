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

  for (const viewport of [
    { name: 'desktop', width: 1400, height: 900, column: 'segment', text: 'Customer tier: retail, business or vip.' },
    { name: 'phone', width: 390, height: 844, column: 'signup_date', text: 'Day the account was opened.' },
  ]) {
    it(`at ${viewport.width}x${viewport.height} (${viewport.name}) a description typed on /knowledge shows in the chat's schema panel`, async () => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`${stack.url}/knowledge`);
      const form = page.getByTestId('description-form');
      await form.waitFor();
      await page.getByTestId('description-table').fill('customers');
      await page.getByTestId('description-column').fill('no_such_column');
      await page.getByTestId('description-text').fill('Nothing.');
      await page.getByTestId('description-save').click();
      const problem = page.getByTestId('description-problem-target');
      await problem.waitFor();
      expect(await problem.innerText()).toMatch(/no_such_column/);
      expect(await page.getByTestId('description-form-error').innerText()).toMatch(/does not hold|invalid|target/i);

      await page.getByTestId('description-column').fill(viewport.column);
      await page.getByTestId('description-text').fill(viewport.text);
      await page.getByTestId('description-save').click();
      const row = page.getByTestId('description-row').filter({ hasText: `customers.${viewport.column}` });
      await row.waitFor();
      expect(await row.locator('td').allInnerTexts()).toEqual([
        `customers.${viewport.column}`,
        viewport.text,
        'typed',
        'Edit Delete',
      ]);
      expect(await page.getByTestId('description-problem-target').count()).toBe(0);
      const listed = page.getByTestId('definition-row').filter({ hasText: `customers.${viewport.column}` });
      await listed.waitFor();
      expect(await form.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      // nothing wider than the window: a wide table scrolls inside its frame
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(page, `44-knowledge-descriptions-${viewport.name}`);

      await page.getByTestId('nav-chat').click();
      await page.getByTestId('schema-toggle').click();
      const column = page
        .getByTestId('schema-panel')
        .locator(`.schema-columns > li:has([data-testid="schema-column"][data-name="${viewport.column}"])`);
      await column.getByTestId('schema-column-description').waitFor();
      expect(await column.getByTestId('schema-column-description').innerText()).toBe(viewport.text);
      await saveScreenshot(page, `45-chat-schema-description-${viewport.name}`);
      await page.getByTestId('schema-close').click();
    });
  }

  it('deletes a typed description from /knowledge, and the schema panel no longer shows it', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${stack.url}/knowledge`);
    const row = page.getByTestId('description-row').filter({ hasText: 'customers.segment' });
    await row.waitFor();
    await row.getByTestId('description-delete').click();
    await row.waitFor({ state: 'detached' });
    const shown = await stack.api('/api/connections/default/schema');
    const customers = (shown.body.tables as Array<Record<string, any>>).find((t) => t.name === 'customers');
    expect(customers?.columns.find((c: { name: string }) => c.name === 'segment').description).toBeNull();
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
