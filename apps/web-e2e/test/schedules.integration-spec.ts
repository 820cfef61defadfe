/**
 * Schedules in real Chromium against the real api (offline engine, sample shop database) and a real local webhook
 * receiver, at 1400x900 and 390x844: "Schedule" on the Saved page opens the form, which creates a schedule (checked on
 * the server: the webhook URL in full is kept, the page shows scheme and host only); the Schedules page lists it,
 * "Run now" delivers it to the receiver and the run history shows the delivery with its attempts; "Pause" and
 * "Resume" change whether its slots run; a board is scheduled from its page. Screenshots go to
 * test-artifacts/web/ (git-ignored), named schedules-*.
 */
import { startWebhookReceiver, type WebhookReceiver } from '@nlq/server/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { saveScreenshot } from './support/page-helpers';
import { openWithKey, pageFitsWidth, VIEWPORTS, withViewportPage } from './support/viewports';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-schedules-key-0123456789';
const TOKEN = 'hook-token-9f2e71';

jest.setTimeout(180_000);

describe('schedules of saved answers', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack, hook] = await Promise.all([launchChromium(), startWebStack(webDist, KEY), startWebhookReceiver()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await hook?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(VIEWPORTS)('schedules a saved answer, lists it, runs it now and shows the delivery ($name)', (viewport) =>
    withViewportPage(browser, viewport, async (page) => {
      const name = `Customers (${viewport.name})`;
      const saved = await stack.api('/api/saved', {
        body: { name, sql: 'SELECT COUNT(*) AS customers FROM customers' },
      });
      expect(saved.status).toBe(201);
      await openWithKey(page, `${stack.url}/saved`, KEY, 'saved-list');
      const item = page.getByTestId('saved-item').filter({ hasText: name });
      await item.getByTestId('saved-schedule').click();
      await item.getByTestId('schedule-preset').selectOption('0 8 * * 1');
      expect(await item.getByTestId('schedule-cron').inputValue()).toBe('0 8 * * 1');
      await item.getByTestId('schedule-timezone').fill('Europe/Berlin');
      // a link-local host is refused by the API, its message shown in the form
      await item.getByTestId('schedule-webhook').fill('http://169.254.169.254/latest');
      await item.getByTestId('schedule-create').click();
      expect(await item.getByTestId('schedule-form-error').innerText()).toContain('deliver[0].url');
      await item.getByTestId('schedule-webhook').fill(`${hook.url}/web/${viewport.name}/${TOKEN}`);
      await item.getByTestId('schedule-format').selectOption('slack');
      await item.getByTestId('schedule-create').click();
      await item.getByTestId('schedule-created').waitFor();
      expect(await pageFitsWidth(page)).toBe(true);
      await saveScreenshot(page, `schedules-01-created-${viewport.name}`);
      const stored = (await stack.api('/api/schedules')).body.items.find((s: any) => s.name === name);
      expect(stored).toMatchObject({ cron: '0 8 * * 1', timezone: 'Europe/Berlin', saved_id: saved.body.id });
      expect(stored.deliver).toEqual([{ type: 'webhook', url: hook.url, url_set: true, format: 'slack' }]);

      await item.getByRole('link', { name: 'See schedules' }).click();
      const schedule = page.getByTestId('schedule-item').filter({ hasText: name });
      await schedule.waitFor();
      expect(await schedule.getByTestId('schedule-targets').innerText()).toContain(hook.url);
      await schedule.getByTestId('schedule-run').click();
      await schedule.getByTestId('schedule-run-status').filter({ hasText: 'delivered' }).waitFor();
      expect(await schedule.getByTestId('schedule-delivery').first().innerText()).toContain('delivered, 1 attempt');
      expect(await page.content()).not.toContain(TOKEN);
      const received = hook.received.filter((m) => m.path === `/web/${viewport.name}/${TOKEN}`);
      expect(received).toHaveLength(1);
      expect(JSON.stringify(received[0]?.body)).toContain(name);
      expect(await pageFitsWidth(page)).toBe(true);
      await saveScreenshot(page, `schedules-02-delivered-${viewport.name}`);

      // Pause: no slot runs until Resume (the next one then counted from now)
      await schedule.getByTestId('schedule-toggle').click();
      await schedule.getByTestId('schedule-timing').filter({ hasText: 'paused' }).waitFor();
      expect((await stack.api(`/api/schedules/${stored.id}`)).body).toMatchObject({ enabled: false });
      await schedule.getByTestId('schedule-toggle').filter({ hasText: 'Resume' }).click();
      await schedule.getByTestId('schedule-toggle').filter({ hasText: 'Pause' }).waitFor();
      const resumed = (await stack.api(`/api/schedules/${stored.id}`)).body;
      expect(resumed).toMatchObject({ enabled: true });
      expect(Date.parse(resumed.next_run_at)).toBeGreaterThan(Date.now());
    }),
  );

  it.each(VIEWPORTS)('schedules a board from its page and delivers its tiles in one message ($name)', (viewport) =>
    withViewportPage(browser, viewport, async (page) => {
      const saved = await stack.api('/api/saved', {
        body: { name: `Products (${viewport.name})`, sql: 'SELECT COUNT(*) AS products FROM products' },
      });
      const boardName = `Weekly (${viewport.name})`;
      const board = await stack.api('/api/boards', {
        body: { name: boardName, tiles: [{ saved_id: saved.body.id, x: 0, y: 0, w: 6, h: 2 }] },
      });
      expect(board.status).toBe(201);
      await openWithKey(page, `${stack.url}/boards/${board.body.id}`, KEY, 'board-grid');
      await page.getByTestId('board-schedule').click();
      await page.getByTestId('schedule-webhook').fill(`${hook.url}/board/${viewport.name}/${TOKEN}`);
      await page.getByTestId('schedule-create').click();
      await page.getByTestId('schedule-created').waitFor();
      expect(await pageFitsWidth(page)).toBe(true);
      const stored = (await stack.api('/api/schedules')).body.items.find((s: any) => s.name === boardName);
      expect(stored).toMatchObject({ board_id: board.body.id, saved_id: null });
      expect((await stack.api(`/api/schedules/${stored.id}/run`, { method: 'POST', body: {} })).status).toBe(202);
      const hookPath = `/board/${viewport.name}/${TOKEN}`;
      for (let i = 0; i < 100 && !hook.received.some((m) => m.path === hookPath); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const message = hook.received.find((m) => m.path === hookPath)?.body as { results: Array<{ name: string }> };
      expect(message.results.map((r) => r.name)).toEqual([`Products (${viewport.name})`]);
    }),
  );
});
