/**
 * The chat a manager keeps, item by item, in real Chromium against the real api (offline engine, sample shop
 * database, a row limit of 50) at 1400x900 and 390x844: a capped list says how many rows there are and its export
 * writes all of them and says how many; the answer text names every group up to 12 and otherwise how many it leaves
 * out ("and 8 more"); its numbers read as the table's cells; a year that is not over reads "so far". Each check also
 * holds that the page never scrolls sideways and that the buttons of the turn are visible. Screenshots in
 * test-artifacts/web/manager-*.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, saveScreenshot } from './support/page-helpers';
import { openWithKey, pageFitsWidth, VIEWPORTS, withViewportPage } from './support/viewports';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-manager-key-0123456789';
const ROW_LIMIT = 50;

jest.setTimeout(180_000);

/** How many products the stack's sample shop database holds (read-only). */
function products(stack: WebStack): number {
  const db = new Database(path.join(stack.dataDir, 'shop.db'), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The text of every cell of column `index` on the table's first page. */
async function columnCells(turn: Locator, index: number): Promise<string[]> {
  return turn
    .getByTestId('result-table')
    .locator(`tbody tr td:nth-child(${index + 1})`)
    .allInnerTexts();
}

describe('the chat a manager keeps, at both sizes', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, KEY, { MAX_RESULT_ROWS: String(ROW_LIMIT) }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(VIEWPORTS)(
    'a capped list: its total, "and N more", an export of every row that says how many ($name)',
    (viewport) =>
      withViewportPage(browser, viewport, async (page) => {
        await openWithKey(page, `${stack.url}/chat`, KEY, 'chat-input');
        await page.getByTestId('chat-new').click();
        const turn = await ask(page, 'List the products');
        const total = products(stack);
        expect(total).toBeGreaterThan(ROW_LIMIT);
        expect(await turn.getByTestId('table-footer').innerText()).toBe(
          `Showing ${ROW_LIMIT} of ${total} rows. Export for more.`,
        );
        expect(await turn.getByTestId('chat-answer').innerText()).toMatch(new RegExp(`and ${total - 12} more\\.$`));
        const exportButton = turn.getByTestId('export-csv');
        expect(await exportButton.isVisible()).toBe(true);
        await exportButton.click();
        expect(await turn.getByTestId('export-written').innerText()).toBe(`Wrote ${total} rows to CSV.`);
        expect(await pageFitsWidth(page)).toBe(true);
        await saveScreenshot(page, `manager-01-capped-export-${viewport.name}`);
      }),
  );

  it.each(VIEWPORTS)(
    'names every group up to 12, says how many it leaves out past 12, and "so far" ($name)',
    (viewport) =>
      withViewportPage(browser, viewport, async (page) => {
        await openWithKey(page, `${stack.url}/chat`, KEY, 'chat-input');
        await page.getByTestId('chat-new').click();
        const months = await ask(page, 'Number of orders per month in 2026');
        const answer = await months.getByTestId('chat-answer').innerText();
        const labels = await columnCells(months, 0);
        expect(labels.length).toBeGreaterThan(1);
        expect(labels.length).toBeLessThanOrEqual(12);
        // every month is named; the last one, not over at the data's latest date, reads "so far"; the rows keep it
        for (const label of labels.slice(0, -1)) expect(answer).toContain(label);
        expect(answer).toMatch(/ 2026 so far [\d,]+\.$/);
        expect(labels.at(-1)).toMatch(/^2026-\d\d$/);
        expect(answer).not.toMatch(/ more\.$/);

        const countries = await ask(page, 'Number of customers per country');
        const groups = Number((await countries.locator('caption').innerText()).match(/\d+/)?.[0]);
        expect(groups).toBeGreaterThan(12);
        expect(await countries.getByTestId('chat-answer').innerText()).toMatch(
          new RegExp(`and ${groups - 12} more\\.$`),
        );
        expect(await pageFitsWidth(page)).toBe(true);
        await saveScreenshot(page, `manager-02-groups-${viewport.name}`);
      }),
  );

  it.each(VIEWPORTS)('writes the numbers of the answer as the table writes them ($name)', (viewport) =>
    withViewportPage(browser, viewport, async (page) => {
      await openWithKey(page, `${stack.url}/chat`, KEY, 'chat-input');
      await page.getByTestId('chat-new').click();
      const turn = await ask(page, 'Total amount of orders per status');
      const answer = await turn.getByTestId('chat-answer').innerText();
      const statuses = await columnCells(turn, 0);
      const amounts = await columnCells(turn, 1);
      expect(amounts.length).toBeGreaterThan(1);
      statuses.forEach((status, i) => {
        expect(amounts[i]).toMatch(/^\$\d{1,3}(,\d{3})*\.\d\d$/);
        expect(answer).toContain(`${status} ${amounts[i]}`);
      });
      expect(await pageFitsWidth(page)).toBe(true);
      await saveScreenshot(page, `manager-03-numbers-${viewport.name}`);
    }),
  );
});
