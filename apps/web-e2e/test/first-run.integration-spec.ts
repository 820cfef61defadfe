/**
 * The first run in a browser: Chromium against the real api (createApp, offline engine) serving
 * the built web app. The key dialog names where the key is (data/service-api-key, or SERVICE_API_KEY); the sample
 * database nlq generated itself gets no privilege banner, while a person's own database that can write does. Each
 * screen is checked at 1400x900 and at 390x844 (a phone) for overlap and clipped text, and saved under
 * test-artifacts/web/.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { boxes, clippedTexts, overlaps } from './support/layout-checks';
import { saveScreenshot } from './support/page-helpers';
import { openWithKey, pageFitsWidth, VIEWPORTS, withViewportPage } from './support/viewports';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

jest.setTimeout(90_000);

const SAMPLE_KEY = 'first-run-sample-key-0123456789';
const OWN_KEY = 'first-run-own-db-key-0123456789';

/** The element's box lies within the viewport. */
async function inViewport(page: Page, testId: string): Promise<boolean> {
  const [box] = await boxes(page.getByTestId(testId));
  const size = page.viewportSize()!;
  return (
    !!box &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= size.width + 0.5 &&
    box.y + box.height <= size.height + 0.5
  );
}

describe('first run in a browser', () => {
  let webDist: string;
  let ownDir: string;
  let browser: RunningBrowser;
  let sample: WebStack;
  let own: WebStack;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-own-db-'));
    // a person's own database: a SQLite file nlq did not generate, which the service can write
    const ownDb = path.join(ownDir, 'inventory.db');
    const db = new Database(ownDb);
    db.exec(
      "CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, stock INTEGER NOT NULL); INSERT INTO parts VALUES (1, 'bolt', 40), (2, 'nut', 75);",
    );
    db.close();
    await buildWebApp(webDist);
    [browser, sample, own] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, SAMPLE_KEY, { SERVICE_MODE: 'user' }),
      startWebStack(webDist, OWN_KEY, { SERVICE_MODE: 'user', QUERY_DATABASE_URL: `sqlite://${ownDb}` }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await sample?.close();
    await own?.close();
    for (const dir of [webDist, ownDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(VIEWPORTS)(
    'the key dialog names the key file and the SERVICE_API_KEY setting, unclipped ($name)',
    async (viewport) => {
      await withViewportPage(browser, viewport, async (page) => {
        await page.goto(`${sample.url}/`);
        const dialog = page.getByTestId('key-dialog');
        await dialog.waitFor();
        const where = await page.getByTestId('key-where').innerText();
        expect(where).toContain('data/service-api-key');
        expect(where).toContain('DATA_DIR/service-api-key');
        expect(where).toContain('SERVICE_API_KEY');
        expect(await page.getByTestId('key-file').innerText()).toBe('data/service-api-key');
        expect(await inViewport(page, 'key-dialog')).toBe(true);
        expect(
          await clippedTexts(
            page,
            '[data-testid="key-dialog"] p, [data-testid="key-dialog"] li, [data-testid="key-dialog"] code',
          ),
        ).toEqual([]);
        expect(await pageFitsWidth(page)).toBe(true);
        await saveScreenshot(page, `24-first-run-key-dialog-${viewport.name}`);
      });
    },
  );

  it.each(VIEWPORTS)('no privilege banner for the sample database nlq generated ($name)', async (viewport) => {
    await withViewportPage(browser, viewport, async (page) => {
      const health = await sample.api('/api/health');
      expect(health.body.privileges).toMatchObject({ can_write: true, warning: null }); // writable, but nlq's own sample
      await openWithKey(page, `${sample.url}/`, SAMPLE_KEY, 'health-card');
      await page.getByTestId('active-connection').waitFor();
      await page.waitForLoadState('networkidle'); // the banner's own GET /api/health has answered
      expect(await page.getByTestId('privilege-banner').count()).toBe(0);
      expect(await pageFitsWidth(page)).toBe(true);
      await saveScreenshot(page, `24-first-run-overview-sample-db-${viewport.name}`);
    });
  });

  it.each(VIEWPORTS)(
    "the banner stays for a person's own database that can write, without overlap ($name)",
    async (viewport) => {
      await withViewportPage(browser, viewport, async (page) => {
        await openWithKey(page, `${own.url}/`, OWN_KEY, 'health-card');
        const banner = page.getByTestId('privilege-banner');
        await banner.waitFor();
        expect(await banner.innerText()).toMatch(
          /can write: user mode still runs reads only, but give nlq a read-only role/,
        );
        await page.getByTestId('health-card').waitFor();
        const [bannerBox] = await boxes(banner);
        for (const other of ['health-card', 'database-card', 'counts-card']) {
          for (const box of await boxes(page.getByTestId(other))) expect(overlaps(bannerBox, box)).toBe(false);
        }
        for (const box of await boxes(page.locator('.topbar'))) expect(overlaps(bannerBox, box)).toBe(false);
        expect(await clippedTexts(page, '[data-testid="privilege-banner"]')).toEqual([]);
        expect(await pageFitsWidth(page)).toBe(true);
        await saveScreenshot(page, `24-first-run-overview-own-db-${viewport.name}`);
      });
    },
  );
});
