/**
 * Saving answers and the chat that reopens its conversation, in real Chromium against the real api (offline engine,
 * sample shop database), at 1400x900 and 390x844: export says how many rows it wrote; "Save" under an answer keeps it
 * (checked on the server); the session is in the URL and the conversation is back after leaving the Chat page and
 * after a reload; the Saved page runs the saved answer again and shows its answer in words, when it was read and its
 * table. Then definitions created and edited on the Knowledge page, the API's problems shown by field, at both sizes. Screenshots go
 * to test-artifacts/web/ (git-ignored), named saved-*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, saveScreenshot } from './support/page-helpers';
import { openWithKey, pageFitsWidth, VIEWPORTS, withViewportPage } from './support/viewports';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-saved-key-0123456789';
const QUESTION = 'How many customers are there?';

jest.setTimeout(180_000);

describe('saved answers and the chat that keeps its conversation', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([launchChromium(), startWebStack(webDist, KEY)]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(VIEWPORTS)('saves an answer, keeps the session across navigation and reload, runs it ($name)', (viewport) =>
    withViewportPage(browser, viewport, async (page) => {
      await openWithKey(page, `${stack.url}/chat`, KEY, 'chat-input');
      await page.getByTestId('chat-new').click();
      const turn = await ask(page, QUESTION);
      const answer = await turn.getByTestId('chat-answer').innerText();
      const session = new URL(page.url()).searchParams.get('session');
      expect(session).toMatch(/^[0-9a-f-]{36}$/);

      // Export says how many rows it wrote
      await turn.getByTestId('export-csv').click();
      expect(await turn.getByTestId('export-written').innerText()).toBe('Wrote 1 row to CSV.');

      // Save, under a name of one's own
      const name = `Customers (${viewport.name})`;
      await turn.getByTestId('save-answer').click();
      await turn.getByTestId('save-answer-name').fill(name);
      await turn.getByTestId('save-answer-confirm').click();
      await turn.getByTestId('answer-saved').waitFor();
      const saved = (await stack.api('/api/saved')).body.items.find((s: any) => s.name === name);
      expect(saved).toMatchObject({ question: QUESTION, source: { session_id: session } });

      // leaving the chat and coming back, then a reload: the same conversation, its session in the URL
      await page.getByTestId('nav-overview').click();
      await page.getByTestId('nav-chat').click();
      await page.getByTestId('chat-turn').first().waitFor();
      expect(new URL(page.url()).searchParams.get('session')).toBe(session);
      await page.reload();
      const reloaded = page.getByTestId('chat-turn');
      await reloaded.first().waitFor();
      expect(await reloaded.count()).toBe(1);
      expect(await reloaded.first().getByTestId('chat-answer').innerText()).toBe(answer);
      expect(new URL(page.url()).searchParams.get('session')).toBe(session);
      expect(await pageFitsWidth(page)).toBe(true);
      await saveScreenshot(page, `saved-01-chat-reloaded-${viewport.name}`);

      // the Saved page runs it again: the answer in words, when it was read, the table
      await page.getByTestId('nav-saved').click();
      const item = page.getByTestId('saved-item').filter({ hasText: name });
      await item.getByTestId('saved-run').click();
      await item.getByTestId('saved-result').waitFor();
      const rows = item.getByTestId('result-table').locator('tbody tr');
      expect(await rows.count()).toBe(1);
      const count = await rows.first().locator('td').first().innerText();
      expect(count).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(await item.getByTestId('saved-answer').innerText()).toMatch(new RegExp(`: ${count}\\.$`));
      expect(await item.getByTestId('saved-read-at').innerText()).toMatch(/^Read /);
      expect(await pageFitsWidth(page)).toBe(true);
      await saveScreenshot(page, `saved-02-saved-page-${viewport.name}`);
    }),
  );

  it.each(VIEWPORTS)(
    "creates and edits a definition on the Knowledge page, the API's problems shown by field ($name)",
    (viewport) =>
      withViewportPage(browser, viewport, async (page) => {
        const name = `revenue ${viewport.name}`;
        await openWithKey(page, `${stack.url}/knowledge`, KEY, 'definition-new');
        await page.getByTestId('definition-new').click();
        await page.getByTestId('definition-name').fill(name);
        await page.getByTestId('definition-expression').fill('SUM(order_items.price_total)');
        await page.getByTestId('definition-save').click();
        // the server's check, shown under the field it names
        const problem = page.getByTestId('definition-problem-expression');
        await problem.waitFor();
        expect(await problem.innerText()).toContain('unknown column "price_total"');
        expect(await page.getByTestId('definition-form-error').innerText()).not.toBe('');
        expect(await pageFitsWidth(page)).toBe(true);

        await page.getByTestId('definition-expression').fill('SUM(order_items.line_total)');
        await page.getByTestId('definition-save').click();
        const row = page.getByTestId('definition-row').filter({ hasText: name });
        await row.waitFor();
        expect(await row.getByTestId('definition-version-number').innerText()).toBe('v1');

        const edit = row.getByTestId('definition-edit');
        await edit.scrollIntoViewIfNeeded();
        expect(await edit.isVisible()).toBe(true);
        await edit.click();
        await page.getByTestId('definition-synonyms').fill(`sales ${viewport.name}, turnover ${viewport.name}`);
        await page.getByTestId('definition-save').click();
        await row.getByTestId('definition-version-number').filter({ hasText: 'v2' }).waitFor();
        const stored = (await stack.api('/api/knowledge/definitions')).body.items.filter((d: any) => d.name === name);
        expect(stored).toMatchObject([
          {
            kind: 'metric',
            name,
            synonyms: [`sales ${viewport.name}`, `turnover ${viewport.name}`],
            expression: 'SUM(order_items.line_total)',
          },
        ]);
        expect(await pageFitsWidth(page)).toBe(true);
        await saveScreenshot(page, `saved-03-definition-edited-${viewport.name}`);
      }),
  );
});
