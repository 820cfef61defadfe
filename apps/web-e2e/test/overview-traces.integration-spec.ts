/**
 * Overview and traces in a browser: Chromium against the real api (createApp, admin mode, offline
 * engine, sample shop database) serving the built web app. The overview counts refusals apart from errors, cuts a
 * 10,000-character question to one line (the whole question in its title) and keeps session ids on one line; the
 * trace of an approved write says approved; a trace names the offline engine as the author of its SQL and answer.
 * Each page is checked at 1400x900 and at 390x844 (a phone) for overlap and clipped text, and saved under
 * test-artifacts/web/.
 */
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

const KEY = 'overview-traces-key-0123456789';
/** A question of exactly 10,000 characters, within MAX_QUESTION_CHARS below so the pipeline reads it. */
const LONG_QUESTION =
  `Show me the total sales per category ${'for every single product that we sell in every shop '.repeat(200)}`.slice(
    0,
    10_000,
  );
const LONG_SESSION = 'quarterly-review-of-the-north-east-region-sales-2026';
/** Longer than MAX_QUESTION_CHARS: refused at intake as an error. */
const TOO_LONG_QUESTION = 'How many customers are there? '.repeat(500);
const WRITE_QUESTION = 'delete reviews with rating 1';

/** The page's table shows whole in its frame: no sideways scrolling inside `.table-wrap`. */
async function tableFits(page: Page): Promise<boolean> {
  return page
    .locator('.table-wrap')
    .first()
    .evaluate((el) => el.scrollWidth <= el.clientWidth);
}

/** Height of one line of text in `testId`'s first element, in CSS pixels. */
async function lineHeight(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.2 : parseFloat(style.lineHeight);
    });
}

describe('overview and traces', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;
  let writeTraceId: string;
  let readTraceId: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, KEY, { SERVICE_MODE: 'admin', MAX_QUESTION_CHARS: '12000' }),
    ]);

    const chat = async (question: string, session: string) => {
      const res = await stack.api('/api/chat', { body: { question, session_id: session } });
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(await chat('How many customers are there?', 'count-customers')).toMatchObject({ success: true });
    expect(await chat('What will the weather be like in Paris tomorrow?', 'weather')).toMatchObject({ success: false });
    expect(await chat(TOO_LONG_QUESTION, 'too-long')).toMatchObject({ success: false });
    await chat(LONG_QUESTION, LONG_SESSION);
    expect(await chat(WRITE_QUESTION, 'cleanup')).toMatchObject({ pending_approval: true });
    expect(await stack.api('/api/sessions/cleanup/approve', { method: 'POST' })).toMatchObject({
      status: 200,
      body: { status: 'approved' },
    });

    const trace = async (session: string) =>
      (await stack.api(`/api/traces?session_id=${session}`)).body.items[0].id as string;
    writeTraceId = await trace('cleanup');
    readTraceId = await trace('count-customers');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(VIEWPORTS)(
    'the overview counts refusals apart from errors and keeps questions and ids on one line ($name)',
    async (viewport) => {
      const refused = (await stack.api('/api/traces?status=refused&page_size=1')).body.total;
      const errors = (await stack.api('/api/traces?status=error&page_size=1')).body.total;
      expect(refused).toBeGreaterThanOrEqual(1); // "What will the weather be like ...": an honest cannot-answer
      expect(errors).toBe(1); // only the question over MAX_QUESTION_CHARS failed

      await withViewportPage(browser, viewport, async (page) => {
        await openWithKey(page, `${stack.url}/`, KEY, 'sessions-table');
        expect(Number(await page.getByTestId('refusal-count').innerText())).toBe(refused);
        expect(Number(await page.getByTestId('error-count').innerText())).toBe(errors);

        // the 10,000-character question: one shortened line, the whole question in its title
        const row = page.getByTestId('session-row').filter({ has: page.locator(`a[title*="${LONG_SESSION}"]`) });
        const cell = row.getByTestId('session-last-question');
        expect(await cell.getAttribute('title')).toBe(LONG_QUESTION);
        const shown = await cell.innerText();
        expect(shown.endsWith('…')).toBe(true);
        expect(shown.length).toBeLessThanOrEqual(121);
        const line = await lineHeight(page, 'session-last-question');
        const [cellBox] = await boxes(cell);
        expect(cellBox.height).toBeLessThan(line * 1.5);

        // session ids on one line; a long one cut, whole in the link's title
        for (const box of await boxes(page.getByTestId('session-id'))) expect(box.height).toBeLessThan(line * 1.5);
        const longId = await row.getByTestId('session-id').innerText();
        expect(longId.endsWith('…')).toBe(true);
        expect(await row.getByTestId('session-id').getAttribute('title')).toContain(LONG_SESSION);

        // the counts: nothing clipped, no two overlapping, the page no wider than the window
        expect(await clippedTexts(page, '.counts dt, .counts dd')).toEqual([]);
        const counts = await boxes(page.locator('.counts > div'));
        expect(counts).toHaveLength(4);
        for (let i = 0; i < counts.length; i++)
          for (let j = i + 1; j < counts.length; j++) expect(overlaps(counts[i], counts[j])).toBe(false);
        expect(await pageFitsWidth(page)).toBe(true);
        // the whole table shows, no column behind a sideways scroll (on a phone each session is a block of values)
        expect(await tableFits(page)).toBe(true);
        await saveScreenshot(page, `24-overview-${viewport.name}`);
      });
    },
  );

  it.each(VIEWPORTS)(
    'the trace of an approved write says approved, in the list and on its page ($name)',
    async (viewport) => {
      await withViewportPage(browser, viewport, async (page) => {
        await openWithKey(page, `${stack.url}/traces`, KEY, 'traces-table');
        const row = page
          .getByTestId('trace-row')
          .filter({ has: page.getByTestId('trace-link').filter({ hasText: WRITE_QUESTION }) });
        expect(await row.locator('.badge').innerText()).toBe('approved');
        // the long question: one line in the list, whole in its title
        const long = page.getByTestId('trace-link').filter({ hasText: 'Show me the total sales per category' });
        expect(await long.getAttribute('title')).toBe(LONG_QUESTION);
        const line = await lineHeight(page, 'trace-link');
        for (const box of await boxes(long)) expect(box.height).toBeLessThan(line * 1.5);
        expect(await pageFitsWidth(page)).toBe(true);
        expect(await tableFits(page)).toBe(true);
        expect(await clippedTexts(page, '[data-testid="trace-row"] .badge')).toEqual([]);
        // every session id starts inside its cell (a long one is cut at its end, never pushed out of sight)
        for (const cell of await page.locator('[data-testid="trace-row"] td[data-label="Session"]').all()) {
          const [cellBox] = await boxes(cell);
          const [idBox] = await boxes(cell.locator('code'));
          expect(idBox.x).toBeLessThan(cellBox.x + cellBox.width - 30);
        }
        // only the long id may be cut; the short ones show whole
        const cut = await clippedTexts(page, '[data-testid="trace-row"] td[data-label="Session"] button');
        expect(cut.filter((id) => !id.startsWith('quarterly-review'))).toEqual([]);
        await saveScreenshot(page, `24-traces-${viewport.name}`);

        await page.goto(`${stack.url}/traces/${writeTraceId}`);
        await page.getByTestId('trace-detail').waitFor();
        expect(await page.getByTestId('trace-status').innerText()).toBe('approved');
        expect(await page.getByTestId('trace-sql-author').innerText()).toBe('the offline engine');
        expect(await pageFitsWidth(page)).toBe(true);
        await saveScreenshot(page, `24-trace-approved-${viewport.name}`);
      });
    },
  );

  it.each(VIEWPORTS)(
    'a trace names the offline engine as the author of its SQL and answer; its timeline fits ($name)',
    async (viewport) => {
      await withViewportPage(browser, viewport, async (page) => {
        await openWithKey(page, `${stack.url}/traces/${readTraceId}`, KEY, 'trace-detail');
        await page.getByTestId('trace-timeline').waitFor();
        expect(await page.getByTestId('trace-sql-author').innerText()).toBe('the offline engine');
        expect(await page.getByTestId('trace-answer-author').innerText()).toBe('the offline engine');
        expect(await page.getByTestId('trace-timeline').innerText()).toContain('"answeredBy":"offline"');
        expect(
          await clippedTexts(page, '.facts dd, .timeline-row > [role="cell"], .timeline-row > [role="columnheader"]'),
        ).toEqual([]);
        const timeline = await page
          .getByTestId('trace-timeline')
          .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(timeline.scroll).toBeLessThanOrEqual(timeline.client);
        // each stage's cells side by side, none over another
        const span = page.getByTestId('trace-span').first();
        const cells = (await boxes(span.locator('> [role="cell"]'))).filter((b) => b.width > 0);
        for (let i = 0; i < cells.length; i++)
          for (let j = i + 1; j < cells.length; j++) expect(overlaps(cells[i], cells[j])).toBe(false);
        expect(await pageFitsWidth(page)).toBe(true);
        await saveScreenshot(page, `24-trace-offline-engine-${viewport.name}`);
      });
    },
  );
});
