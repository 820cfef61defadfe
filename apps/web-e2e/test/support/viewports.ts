import type { Page } from 'playwright-core';
import type { RunningBrowser } from './chromium';
import { giveKey } from './page-helpers';

/** The two window sizes every screen is checked at: a desktop and a phone (CSS pixels). */
export const VIEWPORTS = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];

/** Run `check` on a new page of `browser` sized to `viewport`; the page is closed afterwards, whatever happens. */
export async function withViewportPage(
  browser: RunningBrowser,
  viewport: Viewport,
  check: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await browser.context.newPage();
  try {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await check(page);
  } finally {
    await page.close();
  }
}

/** Nothing on the page is wider than the window: the whole page never scrolls sideways. */
export async function pageFitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/**
 * Open `url` and wait for the element `readyTestId`; give `key` first when the key dialog asks for it (the browser
 * keeps a key per origin once given, so later pages of the same api open without the dialog).
 */
export async function openWithKey(page: Page, url: string, key: string, readyTestId: string): Promise<void> {
  await page.goto(url);
  const dialog = page.getByTestId('key-dialog');
  await dialog.or(page.getByTestId(readyTestId)).first().waitFor();
  if (await dialog.isVisible()) await giveKey(page, key);
  await page.getByTestId(readyTestId).first().waitFor();
}
