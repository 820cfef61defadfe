/**
 * Boards in real Chromium against the real api (offline engine, sample shop database), at 1400x900 and 390x844: two
 * answers saved from the chat, a board made on the Boards page, both added with "Add to board" on the Saved page,
 * the board showing a number tile (formatted as the chat's table) and a table tile, each with "Read at HH:MM", on 12
 * columns on the desktop and one column on the phone; Refresh reads them again; the copied link opens the board; the
 * edit mode widens a tile and changes the order (checked on the server). Then a caller who is not an admin (a viewer
 * key) lands on the Chat page at `/`, and an admin on the Overview. Screenshots in test-artifacts/web/boards-*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { boxes } from './support/layout-checks';
import { ask, saveScreenshot } from './support/page-helpers';
import { openWithKey, pageFitsWidth, VIEWPORTS, withViewportPage, type Viewport } from './support/viewports';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-boards-key-0123456789';
const VIEWER_KEY = 'web-e2e-boards-viewer-0123456789';
const COUNT = 'How many customers are there?';
const LIST = 'List the products';

jest.setTimeout(180_000);

/** Ask `question` in a new conversation and save its answer as `name`. */
async function askAndSave(page: Page, question: string, name: string): Promise<void> {
  await page.getByTestId('chat-new').click();
  const turn = await ask(page, question);
  await turn.getByTestId('save-answer').click();
  await turn.getByTestId('save-answer-name').fill(name);
  await turn.getByTestId('save-answer-confirm').click();
  await turn.getByTestId('answer-saved').waitFor();
}

/** Put the saved answer `name` on the board `board` from the Saved page. */
async function addToBoard(page: Page, name: string, board: string): Promise<void> {
  await page.getByTestId('nav-saved').click();
  const item = page.getByTestId('saved-item').filter({ hasText: name });
  await item.getByTestId('add-to-board').click();
  await item.getByTestId('add-to-board-choice').selectOption({ label: board });
  await item.getByTestId('add-to-board-confirm').click();
  await item.getByTestId('board-added').waitFor();
}

describe('boards of saved answers', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, KEY, { USER_API_KEYS: `vera:${VIEWER_KEY}` }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(VIEWPORTS)('makes a board of two saved answers, reads, refreshes, links and edits it ($name)', (viewport) =>
    withViewportPage(browser, viewport, async (page) => {
      await openWithKey(page, `${stack.url}/chat`, KEY, 'chat-input');
      const count = `Customers (${viewport.name})`;
      const list = `Products (${viewport.name})`;
      await askAndSave(page, COUNT, count);
      await askAndSave(page, LIST, list);

      const boardName = `Shop (${viewport.name})`;
      await page.getByTestId('nav-boards').click();
      await page.getByTestId('board-new-name').fill(boardName);
      await page.getByTestId('board-new').click();
      await page.getByTestId('board-empty').waitFor();
      await addToBoard(page, count, boardName);
      await addToBoard(page, list, boardName);
      await page.getByTestId('saved-item').filter({ hasText: list }).getByTestId('board-added').locator('a').click();

      const tiles = page.getByTestId('board-tile');
      await tiles.nth(1).getByTestId('tile-read-at').waitFor();
      expect(await tiles.count()).toBe(2);
      const number = await tiles.nth(0).getByTestId('tile-number').locator('.big-number').innerText();
      expect(number).toMatch(/^\d{1,3}(,\d{3})*$/);
      const saved = (await stack.api('/api/saved')).body.items.find((s: { name: string }) => s.name === count);
      const now = (await stack.api(`/api/saved/${saved.id}/result`)).body;
      expect(number).toBe(Number(now.rows[0][0]).toLocaleString('en-US'));
      expect(await tiles.nth(1).getByTestId('tile-table').locator('tbody tr').count()).toBeGreaterThan(0);
      for (const label of await page.getByTestId('tile-read-at').allInnerTexts())
        expect(label).toMatch(/^Read at \d\d:\d\d$/);
      await checkGrid(page, viewport);
      expect(await pageFitsWidth(page)).toBe(true);
      await saveScreenshot(page, `boards-01-board-${viewport.name}`);

      // Refresh reads the tiles again
      const readAt = async () => (await tiles.nth(0).getByTestId('tile-read-at').getAttribute('title')) ?? '';
      const before = await readAt();
      await page.waitForTimeout(20);
      await page.getByTestId('board-refresh').click();
      await page.waitForFunction(
        (was) => document.querySelector('[data-testid="tile-read-at"]')?.getAttribute('title') !== was,
        before,
      );
      expect(Date.parse(await readAt())).toBeGreaterThan(Date.parse(before));

      // Copy link: the link opens the board
      await page.getByTestId('board-copy-link').click();
      const toast = page.getByTestId('toast').filter({ hasText: '/boards/' }).last();
      const link = (await toast.innerText()).match(/https?:\/\/\S+\/boards\/[0-9a-f-]+/)?.[0] ?? '';
      expect(link).toBe(page.url());
      const other = await browser.context.newPage();
      await other.setViewportSize({ width: viewport.width, height: viewport.height });
      await other.goto(link);
      await other.getByTestId('board-tile').nth(1).getByTestId('tile-read-at').waitFor();
      expect(await other.getByRole('heading', { level: 1 }).innerText()).toBe(boardName);
      await other.close();

      // edit: the table tile first and the whole row wide
      await page.getByTestId('board-edit').click();
      const edited = page.getByTestId('board-edit-tile');
      await edited.nth(1).getByTestId('board-tile-up').click();
      await edited.nth(0).getByTestId('board-tile-width').selectOption('12');
      expect(await pageFitsWidth(page)).toBe(true);
      await page.getByTestId('board-save').click();
      await page.getByTestId('board-grid').waitFor();
      const id = new URL(page.url()).pathname.split('/').pop();
      const board = (await stack.api(`/api/boards/${id}`)).body;
      expect(board.tiles.map((t: { w: number; x: number; y: number }) => [t.w, t.x, t.y])).toEqual([
        [12, 0, 0],
        [6, 0, 3],
      ]);
      await tiles.nth(0).getByTestId('tile-table').waitFor();
      await saveScreenshot(page, `boards-02-edited-${viewport.name}`);
    }),
  );

  it.each(VIEWPORTS)(
    'a caller who is not an admin lands on the Chat page; an admin on the Overview ($name)',
    (viewport) =>
      withViewportPage(browser, viewport, async (page) => {
        await openWithKey(page, `${stack.url}/`, KEY, 'nav-overview');
        expect(new URL(page.url()).pathname).toBe('/');
        await page.evaluate((key) => localStorage.setItem('nlq.apiKey', key), VIEWER_KEY);
        try {
          await page.goto(`${stack.url}/`);
          await page.getByTestId('chat-input').waitFor();
          expect(new URL(page.url()).pathname).toBe('/chat');
          expect(await page.getByTestId('nav-overview').count()).toBe(0);
          expect(await pageFitsWidth(page)).toBe(true);
          await saveScreenshot(page, `boards-03-viewer-lands-on-chat-${viewport.name}`);
        } finally {
          await page.evaluate((key) => localStorage.setItem('nlq.apiKey', key), KEY);
        }
      }),
  );
});

/** Desktop: the two tiles side by side on one row; phone: stacked, each the full width of the grid. */
async function checkGrid(page: Page, viewport: Viewport): Promise<void> {
  const [grid] = await boxes(page.getByTestId('board-grid'));
  const cells = await boxes(page.getByTestId('board-tile'));
  if (viewport.name === 'desktop') {
    expect(Math.abs(cells[0].y - cells[1].y)).toBeLessThan(2);
    expect(cells[1].x).toBeGreaterThan(cells[0].x + cells[0].width - 1);
  } else {
    expect(cells[1].y).toBeGreaterThanOrEqual(cells[0].y + cells[0].height);
    for (const cell of cells) expect(Math.abs(cell.width - grid.width)).toBeLessThan(2);
  }
}
