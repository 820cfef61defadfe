import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's chromium package (`apt-get install chromium`), which .ci/run installs. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags for a quiet, sandbox-free headless run in CI containers (STACK-NOTES.md "browser tests"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running chromium over a fresh, empty user-data dir, removed by `close()`. */
export interface RunningBrowser {
  /** The persistent context of the user-data dir (its pages share cookies and localStorage). */
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launch Debian's chromium ({@link CHROMIUM_PATH}) with playwright-core over a new empty user-data dir, 1280x900.
 * Never downloads a browser (no `npx playwright install`).
 * @throws Error saying that `.ci/run` installs chromium when the executable is missing.
 */
export async function launchChromium(): Promise<RunningBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: the browser tests drive Debian's chromium. .ci/run installs it ` +
        '(apt-get install -y chromium); install it the same way to run them.',
    );
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    timeout: 30_000,
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
