/**
 * The chat a manager keeps open all day in real Chromium against the real api (offline
 * engine, sample shop database): example questions on an empty chat that each answer, scrolling to each new answer,
 * stages folded into one line, table headers in words, a category chart that labels every bar, a refusal shown once
 * with its suggested rewording as a question, a user-mode write titled as refused by policy, every answer rated by
 * its history entry (checked on the server), a reloaded session that shows its tables and chart, and the schema
 * panel. Then a visual check at 1400x900 and 390x844 (a phone): no overlap of the question bar, toasts and answer,
 * no cut text in headers and labels, with a real error toast (429 from a low RATE_LIMIT_PER_MINUTE).
 * Screenshots go to test-artifacts/web/ (git-ignored), named workday-*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { boxes, clippedTexts, overlaps, waitInView, waitOutOfView } from './support/layout-checks';
import { ask, giveKey, saveScreenshot } from './support/page-helpers';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-workday-key-0123456789';
const TIGHT_KEY = 'web-e2e-workday-tight-0123456789';

jest.setTimeout(120_000);

/** Wait until the last turn of the page has finished; answers it. */
async function lastFinishedTurn(page: Page, count: number): Promise<Locator> {
  const turn = page.getByTestId('chat-turn').nth(count - 1);
  await turn.and(page.locator('[data-testid="chat-turn"]:not([data-state="running"])')).waitFor();
  return turn;
}

describe('the chat a manager keeps open all day', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;
  let tight: WebStack;
  let page: Page;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack, tight] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, KEY, { SERVICE_MODE: 'user' }),
      startWebStack(webDist, TIGHT_KEY, { SERVICE_MODE: 'user', RATE_LIMIT_PER_MINUTE: '4' }),
    ]);
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await tight?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('an empty chat offers at least three example questions from the schema, and each one answers when clicked', async () => {
    await page.goto(`${stack.url}/chat`);
    await giveKey(page, KEY);
    const examples = page.getByTestId('example-question');
    await examples.first().waitFor();
    const questions = await examples.allInnerTexts();
    expect(questions.length).toBeGreaterThanOrEqual(3);
    // the same list the server built from the active connection's schema
    expect(questions).toEqual((await stack.api('/api/connections/default/example-questions')).body.questions);
    await saveScreenshot(page, 'workday-01-empty-chat-examples');
    for (const question of questions) {
      await page.getByTestId('chat-new').click();
      await page.getByTestId('example-question').filter({ hasText: question }).click();
      const turn = await lastFinishedTurn(page, 1);
      expect(await turn.getByTestId('chat-question').innerText()).toBe(question);
      expect({ question, state: await turn.getAttribute('data-state') }).toEqual({ question, state: 'done' });
      expect(await turn.getByTestId('chat-answer').innerText()).not.toBe('');
      expect(await turn.getByTestId('result-table').locator('tbody tr').count()).toBeGreaterThan(0);
    }
  });

  it('scrolls to the second answer, folds the stages, names headers in words and labels every bar', async () => {
    await page.getByTestId('chat-new').click();
    const first = await ask(page, 'How many customers are there?');
    const second = await ask(page, 'total sales by category');
    // the second answer is in view (not the first's chart)
    expect(await waitInView(page, second.getByTestId('chat-answer'))).toBe(true);
    expect(await waitOutOfView(page, first.getByTestId('chat-question'))).toBe(true);

    // no stage pills by default: one folded line with the total time, the stages a click away
    expect(await page.locator('[data-testid="stage"]:visible').count()).toBe(0);
    const summary = second.getByTestId('stage-summary');
    expect(await summary.locator('summary').innerText()).toMatch(/^Done in [\d.]+ (ms|s) · \d+ steps$/);
    await summary.locator('summary').click();
    expect(await second.locator('[data-testid="stage"]:visible').count()).toBeGreaterThan(3);
    await summary.locator('summary').click();

    // headers in words, values through the shared formatter (money with two decimals, as the answer text says)
    const table = second.getByTestId('result-table');
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Name', 'Total sales']);
    expect(await table.locator('thead th').nth(1).getAttribute('data-column')).toBe('total_sales');
    const money = await table.locator('tbody tr').first().locator('td').nth(1).innerText();
    expect(money).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await second.getByTestId('chat-answer').innerText()).toContain(money);

    // the category chart labels every bar, "Sports & Outdoors" included, and no label is cut
    const chart = second.getByTestId('chart');
    await chart.locator('svg').first().waitFor();
    const categories = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(categories).toContain('Sports & Outdoors');
    const labels = await chart
      .locator('text.category-tick')
      .evaluateAll((els) => els.map((e) => e.querySelector('title')?.textContent ?? e.textContent ?? ''));
    expect(labels.length).toBe(await chart.locator('.recharts-bar-rectangle').count());
    expect([...labels].sort()).toEqual([...categories].sort());
    expect(await clippedTexts(page, '[data-testid="chart"] text, [data-testid="result-table"] th')).toEqual([]);
    await saveScreenshot(page, 'workday-02-two-answers');

    // every answer can be rated: rate the FIRST of the two; the server applied it to that entry
    const session = new URL(page.url()).searchParams.get('session')!;
    expect(await first.getByTestId('feedback-up').count()).toBe(1);
    expect(await second.getByTestId('feedback-down').count()).toBe(1);
    const rated = page.waitForResponse((r) => r.url().includes('/feedback') && r.request().method() === 'POST');
    await first.getByTestId('feedback-up').click();
    expect((await rated).status()).toBe(200);
    expect(await first.getByTestId('feedback-up').getAttribute('aria-pressed')).toBe('true');
    const firstEntry = await first.getAttribute('data-entry-id');
    const detail = (await stack.api(`/api/sessions/${session}`)).body;
    expect(detail.feedback).toEqual([
      expect.objectContaining({ signal: 'positive', ref_id: firstEntry, question: 'How many customers are there?' }),
    ]);
    const candidates = (await stack.api('/api/knowledge/examples?status=candidate')).body.items;
    expect(candidates).toEqual([
      expect.objectContaining({ question: 'How many customers are there?', source_entry_id: firstEntry }),
    ]);

    // a reloaded session shows its tables and its chart, and the rating
    await page.reload();
    await page.getByTestId('chat-turn').nth(1).getByTestId('result-table').waitFor();
    const reloaded = page.getByTestId('chat-turn');
    expect(await reloaded.count()).toBe(2);
    expect(await reloaded.nth(0).getByTestId('result-table').locator('tbody td').first().innerText()).toMatch(
      /^1,000$/,
    );
    expect(await reloaded.nth(1).getByTestId('result-table').locator('tbody tr').count()).toBe(10);
    expect(await reloaded.nth(1).getByTestId('result-table').locator('thead th').allInnerTexts()).toEqual([
      'Name',
      'Total sales',
    ]);
    await reloaded.nth(1).getByTestId('chart').locator('text.category-tick').first().waitFor();
    expect(await reloaded.nth(1).locator('text.category-tick').count()).toBe(10);
    expect(await reloaded.nth(0).getByTestId('feedback-up').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('not kept in history').count()).toBe(0);
    await saveScreenshot(page, 'workday-03-reloaded-session');
  });

  it('shows a refusal once, with its suggested rewording as a question, and titles a user-mode write as refused by policy', async () => {
    await page.getByTestId('chat-new').click();
    const refused = await ask(page, 'How many customers from Germny?');
    expect(await refused.getAttribute('data-state')).toBe('failed');
    expect(await refused.getByTestId('chat-error-block').count()).toBe(1);
    expect(await refused.getByTestId('chat-answer').count()).toBe(0);
    expect(await page.getByTestId('toast').count()).toBe(0); // not again as a toast
    expect(await refused.getByTestId('chat-error-title').innerText()).toBe('The question could not be answered');
    const suggestion = refused.getByTestId('chat-suggestion');
    expect(await suggestion.innerText()).toBe('How many customers from Germany?');
    await suggestion.click();
    const answered = await lastFinishedTurn(page, 2);
    expect(await answered.getByTestId('chat-question').innerText()).toBe('How many customers from Germany?');
    expect(await answered.getAttribute('data-state')).toBe('done');
    expect(await waitInView(page, answered.getByTestId('chat-answer'))).toBe(true);

    const write = await ask(page, 'delete all reviews with rating 1');
    expect(await write.getByTestId('chat-error-title').innerText()).toMatch(/^Refused by policy/);
    expect(await write.getByTestId('chat-error-block').getAttribute('data-policy')).toBe('true');
    expect(await write.getByTestId('chat-status').innerText()).toBe('refused');
    expect(await page.getByText('The question could not be answered').count()).toBe(1); // only the first refusal's
    expect(await page.getByTestId('toast').count()).toBe(0);
    await saveScreenshot(page, 'workday-04-refusals');
  });

  it('the schema panel lists tables and columns, searches them, and a click puts a name into the question', async () => {
    await page.getByTestId('chat-new').click();
    await page.getByTestId('schema-toggle').click();
    const panel = page.getByTestId('schema-panel');
    await panel.getByTestId('schema-table').first().waitFor();
    const tables = await panel.getByTestId('schema-table').allInnerTexts();
    expect(tables).toEqual(expect.arrayContaining(['categories', 'customers', 'orders', 'products']));
    await panel.getByTestId('schema-search').fill('amount');
    expect(await panel.getByTestId('schema-table').allInnerTexts()).toEqual(expect.arrayContaining(['orders']));
    expect(await panel.getByTestId('schema-table').allInnerTexts()).not.toContain('categories');
    expect(await panel.getByTestId('schema-column').allInnerTexts()).toContain('total_amount');
    await page.getByTestId('chat-input').fill('total');
    await panel.locator('[data-testid="schema-column"][data-name="total_amount"]').click();
    await panel.getByTestId('schema-search').fill('');
    await panel.locator('[data-testid="schema-table"][data-name="orders"]').click();
    expect(await page.getByTestId('chat-input').inputValue()).toBe('total total_amount orders ');
    await saveScreenshot(page, 'workday-05-schema-panel');
    await page.getByTestId('schema-close').click();
    expect(await page.getByTestId('schema-panel').count()).toBe(0);
  });

  let tightSession = '';
  for (const viewport of [
    { name: 'desktop', width: 1400, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width}x${viewport.height} (${viewport.name}) nothing overlaps the question bar and no text is cut, toasts included`, async () => {
      const p = await browser.context.newPage();
      try {
        await p.setViewportSize({ width: viewport.width, height: viewport.height });
        let turn: Locator;
        if (!tightSession) {
          // desktop: ask on the tight stack (a new origin: the key dialog first)
          await p.goto(`${tight.url}/chat`);
          await giveKey(p, TIGHT_KEY);
          turn = await ask(p, 'total sales by category');
          tightSession = new URL(p.url()).searchParams.get('session')!;
        } else {
          // phone: the same session reloaded (its kept rows and chart), the key already stored
          await p.goto(`${tight.url}/chat?session=${encodeURIComponent(tightSession)}`);
          turn = p.getByTestId('chat-turn').last();
          await turn.getByTestId('chart').locator('text.category-tick').first().waitFor();
        }
        expect(await turn.getAttribute('data-state')).toBe('done');
        expect(await waitInView(p, turn.getByTestId('chat-answer'))).toBe(true);

        // a real error toast: rate until the tight rate limit (4 requests a minute) answers 429
        for (let i = 0; i < 8 && (await p.getByTestId('toast').count()) === 0; i++) {
          await turn.getByTestId(i % 2 ? 'feedback-down' : 'feedback-up').click();
          await p.waitForTimeout(200);
        }
        const toast = p.getByTestId('toast').first();
        await toast.waitFor();
        expect(await toast.innerText()).toMatch(/429|RATE_LIMITED/);

        const bar = [...(await boxes(p.getByTestId('chat-input'))), ...(await boxes(p.getByTestId('chat-ask')))];
        const toasts = await boxes(p.getByTestId('toast'));
        const answer = await boxes(turn.getByTestId('chat-answer'));
        expect(bar.length).toBe(2);
        expect(toasts.length).toBeGreaterThan(0);
        expect(answer.length).toBe(1);
        for (const t of toasts) for (const b of bar) expect(overlaps(t, b)).toBe(false);
        for (const a of answer) for (const b of bar) expect(overlaps(a, b)).toBe(false);
        for (const t of toasts) for (const a of answer) expect(overlaps(t, a)).toBe(false);
        expect(
          await clippedTexts(
            p,
            '[data-testid="toast"] .toast-message, [data-testid="result-table"] th, [data-testid="chart"] text, [data-testid="chat-answer"]',
          ),
        ).toEqual([]);
        // the page itself does not scroll sideways
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await saveScreenshot(p, `workday-06-visual-${viewport.name}`);
      } finally {
        await p.close();
      }
    });
  }
});
