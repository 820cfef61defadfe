/**
 * Sign-in with OpenID Connect in a real Chromium: the api (serving the built web app) is configured against a real
 * OpenID provider (the `oidc-provider` package, started by the test). A person opens the app, sees "Sign in"
 * instead of the key dialog, signs in on the provider's own login page, is back in the app with their name and the
 * role of their groups, hears /ws/live with the session cookie, asks a question in the chat, and signs out.
 */
import { freePort, startOidcProvider, type OidcProvider } from '@nlq/server/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type RunningBrowser } from './support/chromium';
import { ask, saveScreenshot } from './support/page-helpers';
import { buildWebApp } from './support/web-build';
import { startWebStack, type WebStack } from './support/web-stack';

const SECRET = 'web-e2e-oidc-client-secret';

jest.setTimeout(90_000);

describe('sign-in with OpenID Connect in a browser', () => {
  let webDist: string;
  let provider: OidcProvider;
  let stack: WebStack;
  let browser: RunningBrowser;
  let page: Page;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-web-dist-'));
    await buildWebApp(webDist);
    const port = await freePort();
    const redirect = `http://127.0.0.1:${port}/api/auth/callback`;
    provider = await startOidcProvider({
      clients: [{ client_id: 'nlq-web', client_secret: SECRET, redirect_uris: [redirect] }],
      users: { ana: { name: 'Ana Analyst', groups: ['nlq-analysts'] } },
    });
    stack = await startWebStack(
      webDist,
      'web-e2e-sign-in-service-key-0123',
      {
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: 'nlq-web',
        OIDC_CLIENT_SECRET: SECRET,
        OIDC_REDIRECT_URL: redirect,
        OIDC_SCOPES: 'openid profile groups',
        OIDC_ROLE_GROUPS: 'admin:nlq-admins,analyst:nlq-analysts',
      },
      port,
    );
    browser = await launchChromium();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await provider?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('signs in on the provider page, shows the person and role, answers in the chat, and signs out', async () => {
    await page.goto(`${stack.url}/chat`);
    const signIn = page.getByTestId('sign-in');
    await signIn.waitFor({ state: 'visible' });
    expect(await page.getByTestId('key-dialog').count()).toBe(0);
    await saveScreenshot(page, 'sign-in-01-screen');

    await signIn.getByTestId('sign-in-button').click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill('ana');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();

    await page.waitForURL((url) => url.origin === stack.url && !url.pathname.startsWith('/api/'));
    await page.getByTestId('signed-in-user').filter({ hasText: 'Ana Analyst (analyst)' }).waitFor();
    const cookies = await browser.context.cookies(stack.url);
    const session = cookies.find((c) => c.name === 'nlq_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('nlq_session');

    // a person who is not an admin starts on the Chat page, not the Overview
    await page.goto(`${stack.url}/`);
    await page.getByTestId('chat-input').waitFor();
    expect(new URL(page.url()).pathname).toBe('/chat');
    expect(await page.getByTestId('nav-overview').count()).toBe(0);
    // the live channel is authenticated by the session cookie on its upgrade request
    await page.getByTestId('live-status').filter({ hasText: 'live' }).waitFor();

    await page.getByTestId('nav-chat').click();
    const turn = await ask(page, 'How many customers are there?');
    expect(await turn.getByTestId('chat-answer').innerText()).toMatch(/\d/);
    await saveScreenshot(page, 'sign-in-02-chat');

    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in').waitFor({ state: 'visible' });
    expect((await browser.context.cookies(stack.url)).some((c) => c.name === 'nlq_session')).toBe(false);
    await page.reload();
    await page.getByTestId('sign-in').waitFor({ state: 'visible' });
    expect(await page.getByTestId('signed-in-user').count()).toBe(0);
  });
});
