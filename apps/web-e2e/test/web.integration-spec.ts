/**
 * Browser tests of the web app (docs/http-api.md "Contract: application surface"): playwright-core drives Debian's chromium against the
 * real api (createApp, offline engine, sample shop database) serving the web app built from apps/web. Each scenario
 * asserts what a person sees on the page; screenshots go to test-artifacts/web/.
 *
 * One browser (a fresh user-data dir) serves every scenario. Two api instances: SERVICE_MODE user for chat,
 * connections, traces, errors and the overview; SERVICE_MODE admin for approving a write (docs/http-api.md "Contract: application surface").
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, giveKey, saveScreenshot } from './support/page-helpers';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const USER_KEY = 'web-e2e-user-key-0123456789';
const ADMIN_KEY = 'web-e2e-admin-key-0123456789';
/** The password of a postgres connection: it must never reach the page or an API answer. */
const PG_PASSWORD = 'Pw-never-shown-7f3a91';
/** A model API key entered on /llms: write-only as well. */
const MODEL_KEY = 'sk-never-shown-4b2c8e1d9f';

jest.setTimeout(60_000);

/** The turn's stage names as the page shows them. */
async function stageNames(turn: Locator): Promise<string[]> {
  return turn.getByTestId('stage').evaluateAll((els) => els.map((e) => e.getAttribute('data-stage') ?? ''));
}

/** Record the stage names the page shows inside a turn while that turn is still running (live progress). */
async function watchRunningStages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __runningStages: string[] };
    w.__runningStages = [];
    const seen = () => {
      for (const el of document.querySelectorAll(
        '[data-testid="chat-turn"][data-state="running"] [data-testid="stage"]',
      )) {
        const name = el.getAttribute('data-stage');
        if (name && !w.__runningStages.includes(name)) w.__runningStages.push(name);
      }
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

describe('web app in a browser against the real api', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let user: WebStack;
  let admin: WebStack;
  let page: Page;
  let firstTraceId: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, user, admin] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, USER_KEY, { SERVICE_MODE: 'user' }),
      startWebStack(webDist, ADMIN_KEY, { SERVICE_MODE: 'admin' }),
    ]);
    console.info(`browser tests drive ${browser.browser.executablePath} (from ${browser.browser.source})`);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await user?.close();
    await admin?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('/chat asks for the key, then answers with text, formatted SQL, table, chart and live stage progress', async () => {
    await page.goto(`${user.url}/chat`);
    await page.getByTestId('key-dialog').waitFor();
    await saveScreenshot(page, '01-key-dialog');
    await giveKey(page, USER_KEY);
    await page.getByRole('heading', { name: 'Chat' }).waitFor();

    await watchRunningStages(page);
    const count = await ask(page, 'How many customers are there?');
    expect(await count.getAttribute('data-state')).toBe('done');
    expect(await count.getByTestId('chat-answer').innerText()).toContain('1,000');
    const sql = await count.getByTestId('sql').innerText();
    expect(sql).toMatch(/SELECT\s+COUNT\(\*\)/i);
    expect(sql).toMatch(/\n\s*FROM\s+customers/i); // formatted: FROM on its own line
    const table = count.getByTestId('result-table');
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody td').first().innerText()).toMatch(/^1,?000$/);
    // Stage progress arrives while the question runs (the answer's event stream; /ws/live after a fallback): names and durations stay shown.
    const stages = await stageNames(count);
    expect(stages).toEqual(expect.arrayContaining(['intake', 'schema', 'generate', 'check', 'execute', 'answer']));
    const seenRunning = await page.evaluate(() => (window as unknown as { __runningStages: string[] }).__runningStages);
    expect(seenRunning.length).toBeGreaterThan(0);
    firstTraceId = decodeURIComponent(
      (await count.getByTestId('chat-trace-link').getAttribute('href'))!.split('/').pop()!,
    );

    const sales = await ask(page, 'total sales by category');
    expect(await sales.getAttribute('data-state')).toBe('done');
    const chart = sales.getByTestId('chart');
    await chart.locator('svg').first().waitFor();
    expect(await chart.getAttribute('data-chart-type')).toBe('bar');
    expect(await chart.locator('.recharts-bar-rectangle').count()).toBe(10);
    const salesTable = sales.getByTestId('result-table');
    expect(await salesTable.locator('tbody tr').count()).toBe(10);
    expect(await salesTable.locator('thead th').allInnerTexts()).toEqual(['Name', 'Total sales']); // in words
    expect(await salesTable.innerText()).toContain('Computers');
    // Values formatted for people: money columns grouped with two decimals (and the
    // answer's currency sign), in the table and axis.
    expect(await salesTable.locator('tbody tr').first().locator('td').nth(1).innerText()).toMatch(
      /^\$\d{1,3}(,\d{3})*\.\d{2}$/,
    );
    // Tick labels of both axes: the x axis names categories, the y axis's numbers are grouped by thousands.
    const ticks = (await chart.locator('.recharts-cartesian-axis-tick-value').allTextContents()).filter((t) =>
      /^[\d,.]+$/.test(t),
    );
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(ticks.some((tick) => tick.includes(','))).toBe(true);
    await saveScreenshot(page, '02-chat');
  });

  it('in mode admin a write waits for approval; Approve runs it and shows the rows affected', async () => {
    const shopDb = path.join(admin.dataDir, 'shop.db');
    const before = () => {
      const db = new Database(shopDb, { readonly: true });
      try {
        return (db.prepare('SELECT COUNT(*) AS n FROM reviews WHERE rating = 1').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const expected = before();
    expect(expected).toBeGreaterThan(0);

    await page.goto(`${admin.url}/chat`);
    await giveKey(page, ADMIN_KEY);
    const turn = await ask(page, 'delete reviews with rating 1');
    const approval = turn.getByTestId('approval');
    await approval.waitFor();
    expect(await approval.innerText()).toContain('waits for approval');
    // Impact preview: the rows it would change, counted read-only before anyone decides.
    expect(await turn.getByTestId('approval-impact').innerText()).toContain(
      `would change ${expected.toLocaleString('en-US')} rows`,
    );
    expect(await turn.getByTestId('chat-answer').innerText()).toContain(
      `would delete ${expected.toLocaleString('en-US')} rows`,
    );
    expect(await turn.getByTestId('sql').innerText()).toMatch(/DELETE\s+FROM\s+reviews/i);
    expect(await turn.getByTestId('chat-status').innerText()).toMatch(/pending/i);
    await approval.getByRole('button', { name: 'Reject' }).waitFor();
    expect(before()).toBe(expected); // nothing ran yet
    await saveScreenshot(page, '03-chat-pending-approval');

    await approval.getByRole('button', { name: /Approve/ }).click();
    const outcome = turn.getByTestId('approval-outcome');
    await outcome.waitFor();
    expect(await outcome.innerText()).toBe(`Approved and executed: ${expected} rows affected.`);
    expect(await turn.getByTestId('chat-status').innerText()).toBe('approved');
    await page
      .getByTestId('toast')
      .filter({ hasText: `Approved: ${expected} rows affected` })
      .waitFor();
    expect(before()).toBe(0);
    await saveScreenshot(page, '04-chat-approved');
  });

  it('/connections adds a SQLite connection and tests it; a postgres password is never shown', async () => {
    const copy = path.join(user.dataDir, 'shop-copy.db');
    fs.copyFileSync(path.join(user.dataDir, 'shop.db'), copy);

    await page.goto(`${user.url}/connections`);
    await page.getByTestId('connections-table').waitFor();
    await page.getByTestId('connection-add').click();
    const form = page.getByTestId('connection-form');
    await form.getByLabel('Name').fill('shop copy');
    await form.getByLabel('URL').fill(`sqlite://${copy}`);
    expect(await form.getByLabel('Password').isDisabled()).toBe(true); // a file URL takes no password
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Added shop copy' }).waitFor();
    const row = page.locator('[data-testid="connection-row"][data-name="shop copy"]');
    await row.waitFor();
    await row.getByTestId('connection-test').click();
    const result = row.getByTestId('connection-test-result');
    await result.filter({ hasText: /tables/ }).waitFor();
    expect(await result.innerText()).toMatch(/ok.*\d+ tables/is);

    await page.getByTestId('connection-add').click();
    await form.getByLabel('Name').fill('warehouse pg');
    await form.getByLabel('URL').fill('postgres://postgres@127.0.0.1:5432/test');
    await form.getByLabel('Password').fill(PG_PASSWORD);
    await form.getByRole('button', { name: 'Save' }).click();
    const pgRow = page.locator('[data-testid="connection-row"][data-name="warehouse pg"]');
    await pgRow.waitFor();
    expect(await pgRow.getByTestId('connection-url-cell').innerText()).toMatch(
      /^postgres(ql)?:\/\/postgres:\*+@127\.0\.0\.1:5432\/test$/,
    );
    await saveScreenshot(page, '05-connections');

    const html = await page.content();
    expect(html).not.toContain(PG_PASSWORD);
    expect(html).not.toContain(USER_KEY);
    const list = await user.api('/api/connections');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(PG_PASSWORD);
    const items: Array<{ id: string; name: string }> = Array.isArray(list.body) ? list.body : list.body.items;
    const pg = items.find((c) => c.name === 'warehouse pg')!;
    const one = await user.api(`/api/connections/${pg.id}`);
    expect(one.status).toBe(200);
    expect(one.body.has_password).toBe(true);
    expect(one.text).not.toContain(PG_PASSWORD);
  });

  it('/traces opens the trace of the first question and shows its stage timeline', async () => {
    await page.goto(`${user.url}/traces`);
    const link = page.getByTestId('trace-link').filter({ hasText: 'How many customers are there?' });
    await link.waitFor();
    await saveScreenshot(page, '06-traces');
    await link.click();
    await page.waitForURL(`**/traces/${encodeURIComponent(firstTraceId)}`);
    await page.getByTestId('trace-timeline').waitFor();
    expect(await page.getByTestId('trace-question').innerText()).toBe('How many customers are there?');
    expect(await page.getByTestId('trace-status').innerText()).toMatch(/ok/i);
    const spans = await page
      .getByTestId('trace-span')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-stage')));
    expect(spans).toEqual(expect.arrayContaining(['intake', 'schema', 'generate', 'check', 'execute', 'answer']));
    expect(spans.indexOf('intake')).toBeLessThan(spans.indexOf('execute'));
    expect(await page.getByTestId('trace-timeline').innerText()).toContain('execute');
    await saveScreenshot(page, '07-trace-detail');
  });

  it('a refused question shows once, in its turn (no toast repeats it); an API error appears as a toast', async () => {
    await page.goto(`${user.url}/chat`);
    const turn = await ask(page, 'what is the weather in Paris');
    expect(await turn.getAttribute('data-state')).toBe('failed');
    const block = turn.getByTestId('chat-error-block');
    expect(await block.getAttribute('role')).toBe('alert');
    expect(await block.innerText()).toContain('The question could not be answered');
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await turn.getByTestId('chat-error').innerText()).toContain('offline engine could not answer');
    expect(await turn.getByTestId('chat-answer').count()).toBe(0); // the error is shown once, not twice
    await saveScreenshot(page, '08-chat-error-toast');

    await page.goto(`${user.url}/traces/no-such-trace`);
    const notFound = page.getByTestId('toast').filter({ hasText: 'Error 404' });
    await notFound.waitFor();
    expect(await notFound.innerText()).toMatch(/request [0-9a-f-]{8,}/i); // the request id, to find it in the logs
    await page.getByText('This trace could not be loaded.').waitFor();
    await saveScreenshot(page, '09-api-error-toast');
  });

  it('/ shows health, the active connection and model, counts and recent sessions', async () => {
    await page.goto(`${user.url}/`);
    await page.getByTestId('health-card').waitFor();
    expect(await page.getByTestId('health-status').innerText()).toMatch(/ok/i);
    expect(await page.getByTestId('database-reachable').innerText()).toMatch(/ok/i);
    const connections = await user.api('/api/connections');
    const activeConnection = (Array.isArray(connections.body) ? connections.body : connections.body.items).find(
      (c: { active: boolean }) => c.active,
    );
    expect(await page.getByTestId('active-connection').innerText()).toBe(activeConnection.name);
    expect(await page.getByTestId('database-card').innerText()).toContain(`(${activeConnection.dialect})`);
    const llms = await user.api('/api/llms');
    const activeModel = (Array.isArray(llms.body) ? llms.body : llms.body.items).find(
      (l: { active: boolean }) => l.active,
    );
    expect(await page.getByTestId('active-model').innerText()).toBe(activeModel.name);
    expect(await page.getByTestId('model-card').innerText()).toContain('(offline');
    expect(await page.getByTestId('model-reachable').innerText()).toMatch(/ok/i);
    expect(Number(await page.getByTestId('query-count').innerText())).toBeGreaterThanOrEqual(3);
    const sessions = page.getByTestId('sessions-table');
    await sessions.waitFor();
    const text = await sessions.innerText();
    expect(text).toContain('total sales by category');
    expect(text).toContain('what is the weather in Paris');
    const body = await page.locator('body').innerText();
    expect(body).not.toContain(PG_PASSWORD);
    expect(body).not.toContain(USER_KEY);
    await saveScreenshot(page, '10-overview');
  });

  it('/llms adds a hosted model setting; its API key is stored but never shown', async () => {
    await page.goto(`${user.url}/llms`);
    await page.getByTestId('llms-table').waitFor();
    await page.getByTestId('llm-add').click();
    const form = page.getByTestId('llm-form');
    await form.getByTestId('llm-name').fill('hosted');
    await form.getByTestId('llm-provider').selectOption('openai');
    await form.getByTestId('llm-model').fill('gpt-4o-mini');
    await form.getByTestId('llm-api-key').fill(MODEL_KEY);
    await form.getByTestId('llm-save').click();
    const row = page.locator('[data-testid="llm-row"][data-name="hosted"]');
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain('openai');
    expect(rowText).toContain('gpt-4o-mini');
    expect(rowText).toContain('stored');
    await saveScreenshot(page, '11-llms');
    expect(await page.content()).not.toContain(MODEL_KEY);
    const list = await user.api('/api/llms');
    expect(list.status).toBe(200);
    expect(list.text).toContain('gpt-4o-mini');
    expect(list.text).not.toContain(MODEL_KEY);
  });
});
