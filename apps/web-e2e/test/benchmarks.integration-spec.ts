/**
 * Benchmarks in the web app, in a real Chromium against the real api serving the built web app with the offline
 * engine, at a desktop and a phone size: an answer in the chat and a verified example on /knowledge join a benchmark
 * in one click; on /benchmarks "Run now" runs it in the background, the accuracy shows as a chart, and a wrong
 * question shows its reasons with the expected and answered SQL and rows side by side (stacked on a phone).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, saveScreenshot } from './support/page-helpers';
import { openWithKey, pageFitsWidth, VIEWPORTS, withViewportPage } from './support/viewports';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-benchmarks-key-0123456789';
const COUNT = 'How many customers are there?';

jest.setTimeout(120_000);

describe('web benchmarks page and one-click additions', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;
  let benchmarkId: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([launchChromium(), startWebStack(webDist, KEY)]);
    const created = await stack.api('/api/benchmarks', {
      body: {
        name: 'shop basics',
        questions: [
          { question: COUNT, expected_sql: 'SELECT COUNT(*) FROM customers' },
          // the answer counts every customer, the expected result only the French ones: different values
          { question: COUNT, expected_sql: "SELECT COUNT(*) FROM customers WHERE country = 'France'" },
        ],
      },
    });
    expect(created.status).toBe(201);
    benchmarkId = created.body.id;
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  const questionCount = async () => (await stack.api(`/api/benchmarks/${benchmarkId}`)).body.questions.length;

  it.each(VIEWPORTS)(
    'adds an answer and a verified example, runs, and shows failures side by side ($name)',
    async (viewport) => {
      await withViewportPage(browser, viewport, async (page) => {
        // an answer of the chat joins the benchmark in one click
        const before = await questionCount();
        await openWithKey(page, `${stack.url}/chat`, KEY, 'chat-input');
        const turn = await ask(page, 'How many orders are there?');
        await turn.getByTestId('add-to-benchmark-button').click();
        await turn.getByTestId('add-to-benchmark-done').waitFor();
        expect(await questionCount()).toBe(before + 1);

        // a verified example joins it in one click from /knowledge
        await turn.getByTestId('feedback-up').click();
        await turn.getByTestId('feedback-saved').waitFor();
        const candidates = (await stack.api('/api/knowledge/examples?status=candidate')).body.items;
        for (const c of candidates) await stack.api(`/api/knowledge/examples/${c.id}/promote`, { method: 'POST' });
        await openWithKey(page, `${stack.url}/knowledge`, KEY, 'example-status');
        await page.getByTestId('example-status').selectOption('verified');
        const row = page.getByTestId('example-row').first();
        await row.getByTestId('add-to-benchmark-button').click();
        await row.getByTestId('add-to-benchmark-done').waitFor();
        expect(await questionCount()).toBe(before + 2);

        // Run now: the run, its accuracy chart, the wrong question with expected and answered side by side
        await openWithKey(page, `${stack.url}/benchmarks`, KEY, 'benchmark-detail');
        const runsBefore = await page.getByTestId('benchmark-run-row').count();
        await page.getByTestId('benchmark-run-now').click();
        await page.getByTestId('benchmark-run-row').nth(runsBefore).waitFor();
        await page.getByTestId('accuracy-chart').locator('svg').first().waitFor();
        const failure = page.getByTestId('benchmark-failure').first();
        await failure.waitFor();
        expect(await failure.getByTestId('benchmark-failure-status').innerText()).toBe('wrong');
        expect(await failure.getByTestId('benchmark-failure-reasons').innerText()).toMatch(/different values/);
        const expected = failure.getByTestId('benchmark-expected');
        const actual = failure.getByTestId('benchmark-actual');
        expect(await expected.innerText()).toMatch(/France/);
        expect(await actual.innerText()).toMatch(/customers/i);
        const [e, a] = [await expected.boundingBox(), await actual.boundingBox()];
        if (!e || !a) throw new Error('the two sides are not shown');
        if (viewport.name === 'desktop') expect(a.x).toBeGreaterThan(e.x + e.width - 1);
        else expect(a.y).toBeGreaterThan(e.y + e.height - 1);
        expect(await pageFitsWidth(page)).toBe(true);
        await saveScreenshot(page, `benchmarks-${viewport.name}`);
      });
    },
  );

  it.each(VIEWPORTS)('sets a schedule, shows its next run and what started each run ($name)', async (viewport) => {
    const run = await stack.api(`/api/benchmarks/${benchmarkId}/runs`, { method: 'POST' });
    expect(run.status).toBe(201);
    await withViewportPage(browser, viewport, async (page) => {
      await openWithKey(page, `${stack.url}/benchmarks`, KEY, 'benchmark-detail');
      await page.getByTestId('benchmark-schedule-edit').click();
      await page.getByTestId('benchmark-schedule-cron').fill('not a cron');
      await page.getByTestId('benchmark-schedule-save').click();
      const refusal = page.getByRole('alert').filter({ hasText: /Cannot change the benchmark/ });
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(/schedule|cron/i);
      await page.getByTestId('benchmark-schedule-cron').fill('30 7 * * *');
      await page.getByTestId('benchmark-schedule-tz').fill('Europe/Berlin');
      await page.getByTestId('benchmark-schedule-save').click();
      const summary = page.getByTestId('benchmark-schedule');
      await summary.getByText(/30 7 \* \* \*/).waitFor();
      expect(await summary.innerText()).toMatch(/Europe\/Berlin\) · next /);
      const stored = (await stack.api(`/api/benchmarks/${benchmarkId}`)).body;
      expect(stored.schedule).toEqual({ cron: '30 7 * * *', timezone: 'Europe/Berlin' });
      expect(Date.parse(stored.next_run_at)).toBeGreaterThan(Date.now());
      const triggers = await page.getByTestId('benchmark-run-trigger').allInnerTexts();
      expect(triggers.length).toBeGreaterThan(0);
      expect(triggers.every((t) => t === 'Run now')).toBe(true);
      expect(await pageFitsWidth(page)).toBe(true);
      await stack.api(`/api/benchmarks/${benchmarkId}`, { method: 'PATCH', body: { schedule: null } });
    });
  });
});
