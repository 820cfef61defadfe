import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Environment variable naming a Chromium or Chrome executable to use before any other. */
export const CHROMIUM_PATH_ENV = 'NLQ_CHROMIUM_PATH';

/** System browsers tried in order when NLQ_CHROMIUM_PATH is unset: Debian's chromium first, then Chrome. */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
];

/** Flags for a quiet, sandbox-free headless run in CI containers (STACK-NOTES.md "browser tests"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-zygote',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the browser came from: the explicit setting, a system install, or the npm package. */
export type ChromiumSource = 'NLQ_CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';

/** A browser executable and where it was found. */
export interface ResolvedChromium {
  executablePath: string;
  source: ChromiumSource;
}

/** Lock file that serializes @sparticuz/chromium's one-time extraction across jest workers. */
const EXTRACT_LOCK = path.join(os.tmpdir(), 'nlq-sparticuz-chromium.lock');
/** A lock older than this (ms) was left by a killed process and is taken over. */
const STALE_LOCK_MS = 120_000;

/**
 * Find the browser the tests drive, with no manual step and no download:
 * 1. `NLQ_CHROMIUM_PATH` when set (an error when it names no file);
 * 2. the first of {@link SYSTEM_CHROMIUM_PATHS} that exists;
 * 3. the Chromium that `npm install` brought in @sparticuz/chromium (its Linux x64 binary ships brotli-compressed
 *    inside the npm package and is extracted once to `os.tmpdir()/chromium`, about 2 s).
 * @throws Error when NLQ_CHROMIUM_PATH names a missing file, or the packaged binary lacks shared libraries
 *   (the message names them and the Debian package that carries them).
 */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedChromium> {
  const explicit = env[CHROMIUM_PATH_ENV]?.trim();
  if (explicit) {
    if (!fs.existsSync(explicit))
      throw new Error(`${CHROMIUM_PATH_ENV}=${explicit} names no file: point it at a Chromium or Chrome executable.`);
    return { executablePath: explicit, source: 'NLQ_CHROMIUM_PATH' };
  }
  const system = SYSTEM_CHROMIUM_PATHS.find((candidate) => fs.existsSync(candidate));
  if (system) return { executablePath: system, source: 'system' };
  const executablePath = await withExtractLock(async () => {
    const { default: packaged } = await import('@sparticuz/chromium');
    return packaged.executablePath();
  });
  const missing = missingSharedLibraries(executablePath);
  if (missing.length > 0) {
    throw new Error(
      `the Chromium of @sparticuz/chromium (${executablePath}) needs shared libraries this machine lacks: ${missing.join(', ')}. ` +
        `Install them (Debian: apt-get install -y libnss3), or install a browser (apt-get install -y chromium) or set ${CHROMIUM_PATH_ENV}.`,
    );
  }
  return { executablePath, source: '@sparticuz/chromium' };
}

/** Runs `task` while holding {@link EXTRACT_LOCK} (exclusive create), waiting up to 2 minutes for another holder. */
async function withExtractLock<T>(task: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + STALE_LOCK_MS;
  for (;;) {
    try {
      fs.writeFileSync(EXTRACT_LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(EXTRACT_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS || Date.now() > deadline) fs.rmSync(EXTRACT_LOCK, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await task();
  } finally {
    fs.rmSync(EXTRACT_LOCK, { force: true });
  }
}

/** Shared libraries `ldd` reports as "not found" for an executable; empty when ldd is unavailable. */
function missingSharedLibraries(executablePath: string): string[] {
  let output: string;
  try {
    output = execFileSync('ldd', [executablePath], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return [];
  }
  return output
    .split('\n')
    .filter((line) => line.includes('not found'))
    .map((line) => line.trim().split(/\s+/)[0]);
}

/** A running chromium over a fresh, empty user-data dir, removed by `close()`. */
export interface RunningBrowser {
  /** The persistent context of the user-data dir (its pages share cookies and localStorage). */
  context: BrowserContext;
  /** Where the browser came from (see {@link resolveChromium}). */
  browser: ResolvedChromium;
  close(): Promise<void>;
}

/**
 * Launch the browser {@link resolveChromium} finds with playwright-core over a new empty user-data dir, 1280x900.
 * Never downloads a browser (no `npx playwright install`).
 * @throws Error from {@link resolveChromium}, or playwright's launch error.
 */
export async function launchChromium(): Promise<RunningBrowser> {
  const browser = await resolveChromium();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: browser.executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    timeout: 30_000,
  });
  return {
    context,
    browser,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
