import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** test-artifacts/web/ at the repository root (gitignored): one screenshot a page under test. */
export const ARTIFACT_DIR = path.resolve(__dirname, '..', '..', '..', '..', 'test-artifacts', 'web');

/**
 * Save a full-page PNG of `page` as test-artifacts/web/<name>.png; answers the file path. The chat's sticky question
 * bar is laid out in place for the shot (a full-page capture would otherwise paint it over the middle of a long
 * conversation, where the first viewport ended).
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACT_DIR, { recursive: true });
  const file = path.join(ARTIFACT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, style: '.ask { position: static !important; }' });
  return file;
}

/**
 * Answer the key dialog the web app shows when no key is stored: check it is there, type `key`, save, and wait
 * until the dialog is gone and the live channel reports "live" (so stage events of the next question arrive).
 */
export async function giveKey(page: Page, key: string): Promise<void> {
  const dialog = page.getByTestId('key-dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByLabel('Key').fill(key);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('live-status').filter({ hasText: 'live' }).waitFor();
}

/**
 * Type `question` into /chat, send it and wait until its turn (the last one) has finished; answers that turn's
 * locator.
 */
export async function ask(page: Page, question: string) {
  const before = await page.getByTestId('chat-turn').count();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-ask').click();
  const turn = page.getByTestId('chat-turn').nth(before);
  await turn.getByTestId('chat-question').filter({ hasText: question }).waitFor();
  await turn.and(page.locator('[data-testid="chat-turn"]:not([data-state="running"])')).waitFor();
  return turn;
}
