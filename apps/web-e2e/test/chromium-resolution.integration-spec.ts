/**
 * How the browser tests find a browser with no manual step: NLQ_CHROMIUM_PATH, then a system Chromium or
 * Chrome, then the Chromium that `npm install` brings in @sparticuz/chromium. The packaged one is launched here even
 * on machines that have a system browser, so a fresh machine's path is exercised everywhere.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH_ENV, resolveChromium, SYSTEM_CHROMIUM_PATHS } from './support/chromium';

describe('resolveChromium', () => {
  it('uses NLQ_CHROMIUM_PATH first and refuses a path that names no file', async () => {
    const fake = path.join(os.tmpdir(), `nlq-fake-browser-${process.pid}`);
    fs.writeFileSync(fake, '');
    try {
      await expect(resolveChromium({ [CHROMIUM_PATH_ENV]: fake })).resolves.toEqual({
        executablePath: fake,
        source: 'NLQ_CHROMIUM_PATH',
      });
    } finally {
      fs.rmSync(fake, { force: true });
    }
    await expect(resolveChromium({ [CHROMIUM_PATH_ENV]: fake })).rejects.toThrow(
      `${CHROMIUM_PATH_ENV}=${fake} names no file`,
    );
  });

  it('falls back to a system browser, else to the packaged one', async () => {
    const resolved = await resolveChromium({});
    const system = SYSTEM_CHROMIUM_PATHS.find((candidate) => fs.existsSync(candidate));
    if (system) expect(resolved).toEqual({ executablePath: system, source: 'system' });
    else expect(resolved.source).toBe('@sparticuz/chromium');
    expect(fs.statSync(resolved.executablePath).size).toBeGreaterThan(1_000_000);
  });

  it('the Chromium shipped in @sparticuz/chromium renders and scripts a page here', async () => {
    const { default: packaged } = await import('@sparticuz/chromium');
    const executablePath = await packaged.executablePath();
    const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
    try {
      const page = await browser.newPage();
      await page.setContent('<button onclick="this.textContent = String(6 * 7)">go</button>');
      await page.click('button');
      expect(await page.textContent('button')).toBe('42');
    } finally {
      await browser.close();
    }
  });
});
