/**
 * Answers a person can check, in the web chat, in a real Chromium against the real api serving the built
 * web app:
 * - with the real OpenAI client against the scripted model server, which asks back in the SQL prompt's CLARIFY form
 *   for a question about "people": the chat shows the question and its options as buttons (not as an error); clicking
 *   one sends `clarification_option` in the same session through the event stream and shows its answer as the next
 *   turn, the option's label as the person's message; the answered clarification's buttons are disabled; a typed
 *   question instead of an option is answered as usual (libs/server/test/clarification.integration-spec.ts tests the
 *   same flow over HTTP);
 * - with the built-in offline engine: a list cut by the row limit says under its table how many rows there really
 *   are, and the answer says how nlq read the question.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import type { Locator, Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, giveKey, saveScreenshot } from './support/page-helpers';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const KEY = 'web-e2e-clarify-key-0123456789';
const EMPLOYEES = "SELECT COUNT(*) AS employees FROM employees WHERE city = 'London'";
const WEB_ORDERS = "SELECT COUNT(*) AS orders FROM orders WHERE channel = 'web'";
const ASK_BACK = 'CLARIFY: Which people in London do you mean?\n- customers in London\n- employees in London';
/** --bad of styles.css: the colour of error text. */
const ERROR_COLOUR = 'rgb(185, 28, 28)';

jest.setTimeout(90_000);

/** One number the sample shop database (`shop.db` of the stack's DATA_DIR) answers to `sql`. */
function count(stack: WebStack, sql: string): number {
  const db = new Database(path.join(stack.dataDir, 'shop.db'), { readonly: true });
  try {
    return Number(db.prepare(sql).pluck().get());
  } finally {
    db.close();
  }
}

/** Elements inside `root` drawn in the error style: the error paragraph, an error badge, or text in the error colour. */
async function errorStyled(root: Locator): Promise<string[]> {
  return root.evaluate((el, colour) => {
    const found: string[] = [];
    for (const node of [el, ...el.querySelectorAll('*')]) {
      const cls = node.getAttribute('class') ?? '';
      if (/error-text|badge-bad|outcome-rejected/.test(cls) || getComputedStyle(node).color === colour)
        found.push(`${node.tagName}.${cls}: ${node.textContent}`);
    }
    return found;
  }, ERROR_COLOUR);
}

/** Bodies of the POST /api/chat/stream requests the page sends from now on. */
function recordStreamBodies(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat/stream')
      bodies.push(request.postDataJSON());
  });
  return bodies;
}

describe('web chat clarifications with a model that asks back', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let model: ScriptedModelServer;
  let stack: WebStack;
  let page: Page;
  let employees: number;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    model = await startScriptedModelServer({
      protocol: 'openai',
      reply: ({ user }) => {
        if (!user.startsWith('Database schema')) return `There are ${employees} employees in London.`;
        const question = /\nQuestion: (.*)\s*$/.exec(user)?.[1] ?? '';
        if (question.includes('(meaning: employees')) return `\`\`\`sql\n${EMPLOYEES}\n\`\`\``;
        if (question.includes('people') && !question.includes('(meaning:')) return ASK_BACK;
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
    employees = count(stack, EMPLOYEES);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await model?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('shows the question asked back with option buttons; clicking one answers it as the next turn', async () => {
    const streamed = recordStreamBodies(page);
    await page.goto(`${stack.url}/chat`);
    await giveKey(page, KEY);

    const asked = await ask(page, 'How many people are in London?');
    expect(await asked.getAttribute('data-state')).toBe('done');
    const clarification = asked.getByRole('group', { name: 'Which people in London do you mean?' });
    expect(await clarification.getByTestId('clarification-question').innerText()).toBe(
      'Which people in London do you mean?',
    );
    const options = clarification.getByRole('button');
    expect(await options.allInnerTexts()).toEqual(['customers in London', 'employees in London']);
    for (const option of await options.all()) expect(await option.isEnabled()).toBe(true);
    // A clarification is not an error: no error text, badge or colour, no error toast, no SQL, no numbered restatement.
    expect(await asked.getByTestId('chat-status').innerText()).toBe('clarification');
    expect(await errorStyled(asked)).toEqual([]);
    expect(await asked.getByTestId('chat-error').count()).toBe(0);
    expect(await page.locator('[data-testid="toast"][data-kind="error"]').count()).toBe(0);
    expect(await asked.getByTestId('sql-block').count()).toBe(0);
    expect(await asked.innerText()).not.toContain('Reply with the number');
    const sessionId = await page.getByTestId('chat-session').locator('code').innerText();
    await saveScreenshot(page, '30-chat-clarification');

    await clarification.getByRole('button', { name: 'employees in London' }).click();
    const answered = page.getByTestId('chat-turn').nth(1);
    await answered
      .getByTestId('chat-question')
      .filter({ hasText: /^employees in London$/ })
      .waitFor();
    await answered.and(page.locator('[data-testid="chat-turn"]:not([data-state="running"])')).waitFor();
    expect(await answered.getAttribute('data-state')).toBe('done');
    expect(await answered.getByTestId('chat-status').innerText()).toBe('ok');
    expect(await answered.getByTestId('chat-answer').innerText()).toContain(String(employees));
    expect(await answered.getByTestId('result-table').locator('thead th').allInnerTexts()).toEqual(['Employees']); // headers in words
    expect(await answered.getByTestId('result-table').locator('tbody td').allInnerTexts()).toEqual([
      employees.toLocaleString('en-US'),
    ]);
    // The option went through the event stream, in the same session, without a question.
    expect(streamed).toEqual([
      { question: 'How many people are in London?' },
      { clarification_option: '2', session_id: sessionId },
    ]);
    // The answered clarification's buttons are disabled; the chosen one is marked.
    for (const option of await options.all()) expect(await option.isDisabled()).toBe(true);
    expect(await clarification.getByRole('button', { name: 'employees in London' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByTestId('chat-session').locator('code').innerText()).toBe(sessionId);
    await saveScreenshot(page, '31-chat-clarification-answered');
    // Needs the api's `reading` wiring (landing in parallel): until it lands the api answers reading null and
    // this last assertion fails (the turn is finished, so the note is there or not: 5 s is plenty).
    expect(await answered.getByRole('note', { name: 'How nlq read it' }).innerText({ timeout: 5000 })).toMatch(
      /^How nlq read it: \S/,
    );
  });

  it('answers a question typed instead of choosing an option, and disables the options it leaves behind', async () => {
    const asked = await ask(page, 'Count the people in London');
    const options = asked.getByTestId('clarification-option');
    expect(await options.count()).toBe(2);
    expect(await options.first().isEnabled()).toBe(true);

    const typed = await ask(page, 'How many orders came from the web channel?');
    expect(await typed.getAttribute('data-state')).toBe('done');
    expect(await typed.getByTestId('result-table').locator('tbody td').allInnerTexts()).toEqual([
      count(stack, WEB_ORDERS).toLocaleString('en-US'),
    ]);
    for (const option of await options.all()) expect(await option.isDisabled()).toBe(true);
    expect(await asked.getByTestId('clarification-hint').innerText()).toBe('Answered by a later question.');
  });
});

describe('web chat honest counts and readings with the offline engine', () => {
  let webDist: string;
  let browser: RunningBrowser;
  let stack: WebStack;
  let page: Page;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    [browser, stack] = await Promise.all([launchChromium(), startWebStack(webDist, KEY)]);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('says under a table the row limit cut how many rows there really are, and how nlq read the question', async () => {
    await page.goto(`${stack.url}/chat`);
    await giveKey(page, KEY);
    const turn = await ask(page, 'List orders from the web channel');
    expect(await turn.getAttribute('data-state')).toBe('done');
    const total = count(stack, WEB_ORDERS);
    expect(total).toBeGreaterThan(1000);
    const table = turn.getByTestId('result-table');
    expect(await table.locator('caption').innerText()).toBe('1,000 rows');
    expect(await turn.getByTestId('table-footer').innerText()).toBe(
      `Showing 1,000 of ${total.toLocaleString('en-US')} rows. Export for more.`,
    );
    await saveScreenshot(page, '32-chat-truncated-reading');
    // Needs the api's `reading` wiring (landing in parallel): until it lands the api answers reading null and
    // these last assertions fail; the footer above does not depend on it.
    const reading = turn.getByRole('note', { name: 'How nlq read it' });
    expect(await reading.innerText({ timeout: 5000 })).toMatch(/^How nlq read it: \S.*orders/i);
    // The reading sits right under the answer.
    expect(await turn.locator('[data-testid="chat-answer"] + [data-testid="chat-reading"]').count()).toBe(1);
  });
});
