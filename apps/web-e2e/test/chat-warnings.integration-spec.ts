/**
 * An answer to check, in the web chat, in a real Chromium against the real api serving the built web app, with the
 * real OpenAI client against the scripted model server: the model answers "Total amount per status" with SQL that
 * drops "per status" twice (the answer check re-prompts it once with the finding, then answers with a warning), so
 * the turn shows an amber "check this" badge instead of the green ok, with the warning's message; a question the SQL
 * answers as asked keeps the green ok and shows no warning.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import type { Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, giveKey, saveScreenshot } from './support/page-helpers';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-warnings-key-0123456789';
const DROPPED = 'SELECT total_amount FROM orders';
const WEB_ORDERS = "SELECT COUNT(*) AS orders FROM orders WHERE channel = 'web'";
/** --warn of styles.css: the text colour of the amber badge. */
const AMBER = 'rgb(146, 64, 14)';

jest.setTimeout(90_000);

describe('web chat answers to check', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let model: ScriptedModelServer;
  let stack: WebStack;
  let page: Page;
  let sqlCalls = 0;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    model = await startScriptedModelServer({
      protocol: 'openai',
      reply: ({ user }) => {
        if (!user.startsWith('Database schema')) return 'Here are the amounts.';
        const question = /\nQuestion: (.*)\s*$/.exec(user)?.[1] ?? '';
        if (question.includes('per status')) {
          sqlCalls++;
          return `\`\`\`sql\n${DROPPED}\n\`\`\``;
        }
        return `\`\`\`sql\n${WEB_ORDERS}\n\`\`\``;
      },
    });
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([
      launchChromium(),
      startWebStack(webDist, KEY, {
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: model.url,
        LLM_API_KEY: 'test-key-not-secret',
        LLM_MODEL: 'scripted-model',
      }),
    ]);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await model?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('shows an amber "check this" badge with the message on an answer that drops words of the question', async () => {
    await page.goto(`${stack.url}/chat`);
    await giveKey(page, KEY);

    const turn = await ask(page, 'Total amount per status');
    expect(await turn.getAttribute('data-state')).toBe('done');
    const badge = turn.getByTestId('chat-status');
    expect(await badge.innerText()).toBe('check this');
    expect(await badge.getAttribute('class')).toContain('badge-warn');
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe(AMBER);
    const warnings = turn.getByRole('note', { name: 'Check this answer' });
    expect(await warnings.innerText()).toContain('The SQL does not use this part of the question: "per status".');
    // the model was asked once more with the finding, then answered with the warning
    expect(sqlCalls).toBe(2);
    await saveScreenshot(page, '35-chat-check-this');

    const fine = await ask(page, 'How many orders came from the web channel?');
    expect(await fine.getByTestId('chat-status').innerText()).toBe('ok');
    expect(await fine.getByTestId('chat-status').getAttribute('class')).toContain('badge-good');
    expect(await fine.getByTestId('chat-warnings').count()).toBe(0);
  });
});
