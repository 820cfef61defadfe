/**
 * The web app adapts to the caller's role (docs/web-app.md "Roles"), in a real Chromium against the real api
 * serving the built web app (offline engine, admin mode): a viewer key sees Overview, Chat, Saved and Traces in the
 * navigation, a clear "needs the admin role" notice on a directly visited admin page, no rating buttons, and a held
 * write of its own waiting for an approver without approve/reject buttons; the admin key sees every page, rates
 * answers and approves that write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, giveKey, saveScreenshot } from './support/page-helpers';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const ADMIN_KEY = 'web-e2e-roles-admin-key-0123456789';
const VIEWER_KEY = 'web-e2e-roles-viewer-key-0123456789';
const WRITE_QUESTION = 'delete reviews with rating 1';

jest.setTimeout(120_000);

const navLabels = async (page: Page) =>
  (await page.locator('nav[aria-label="Main"] a').allInnerTexts()).map((label) => label.trim());

describe('web pages by role', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;
  let page: Page;
  let writeSession: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, ADMIN_KEY, { SERVICE_MODE: 'admin', USER_API_KEYS: `vera:${VIEWER_KEY}` }),
    ]);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('a viewer sees only its pages, a notice on an admin page, no rating and no approval buttons', async () => {
    await page.goto(`${stack.url}/chat`);
    await giveKey(page, VIEWER_KEY);
    await page.getByTestId('whoami').filter({ hasText: 'vera' }).waitFor();
    expect(await navLabels(page)).toEqual(['Chat', 'Saved', 'Boards', 'Schedules', 'Traces']);

    const read = await ask(page, 'How many customers are there?');
    expect(await read.getByTestId('chat-answer').innerText()).toMatch(/\d/);
    expect(await read.getByTestId('feedback-up').count()).toBe(0);

    const write = await ask(page, WRITE_QUESTION);
    await write.getByTestId('approval-waits').waitFor();
    expect(await write.getByTestId('approve').count()).toBe(0);
    expect(await write.getByTestId('reject').count()).toBe(0);
    writeSession = new URL(page.url()).searchParams.get('session')!;
    expect(writeSession).toBeTruthy();
    await saveScreenshot(page, 'roles-01-viewer-chat');

    for (const [route, role] of [
      ['/connections', 'admin'],
      ['/llms', 'admin'],
      ['/benchmarks', 'admin'],
      ['/knowledge', 'analyst'],
    ]) {
      await page.goto(`${stack.url}${route}`);
      const notice = page.getByTestId('needs-role');
      await notice.waitFor();
      expect(await notice.innerText()).toContain(
        `This page needs the ${role} role. You are signed in with the viewer role`,
      );
    }
    await saveScreenshot(page, 'roles-02-viewer-admin-page');
    expect(await page.locator('[data-testid="toast"][data-kind="error"]').count()).toBe(0);
  });

  it("the admin sees every page, rates answers and approves the viewer's held write", async () => {
    await page.goto(`${stack.url}/connections`);
    await page.getByTestId('change-key').click();
    await giveKey(page, ADMIN_KEY);
    await page.getByTestId('whoami').filter({ hasText: 'service' }).waitFor();
    expect(await navLabels(page)).toEqual([
      'Overview',
      'Chat',
      'Saved',
      'Boards',
      'Schedules',
      'Traces',
      'Knowledge',
      'Benchmarks',
      'Connections',
      'Models',
    ]);
    expect(await page.getByTestId('needs-role').count()).toBe(0);

    await page.goto(`${stack.url}/chat?session=${encodeURIComponent(writeSession)}`);
    const held = page.getByTestId('chat-turn').filter({ hasText: WRITE_QUESTION });
    await held.getByTestId('approve').waitFor();
    expect(await held.getByTestId('approval-waits').count()).toBe(0);
    await held.getByTestId('approve').click();
    await held.getByTestId('approval-outcome').waitFor();
    expect(await held.getByTestId('approval-outcome').innerText()).toMatch(/^Approved and executed/);
    const answered = page.getByTestId('chat-turn').filter({ hasText: 'How many customers are there?' });
    await answered.getByTestId('feedback-up').waitFor();
    await saveScreenshot(page, 'roles-03-admin-chat');
  });
});
