import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../app.factory';
import type { AppEnv } from '../platform/config/environment-variables';
import type { OidcProvider } from './oidc-provider';
import { makeDataDir } from './test-app';

/** The client secret {@link startSignInApp} registers (give it to startOidcProvider's clients). */
export const SIGN_IN_CLIENT_SECRET = 'nlq-test-client-secret';

/** A running api whose OIDC_REDIRECT_URL points at itself (client id `nlq-<port>`), signed in through the provider. */
export interface SignInApp {
  app: NestFastifyApplication;
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  dataDir: string;
}

/**
 * Boot the real app on 127.0.0.1:`port` with sign-in configured against `provider` (roles from the groups
 * `nlq-admins`, `nlq-approvers`, `nlq-analysts`; the `country` claim as an attribute; the service key
 * `service-key-0123456789abcdef`). `env` adds or overrides variables.
 */
export async function startSignInApp(
  provider: OidcProvider,
  port: number,
  sessionHours = '1',
  env: AppEnv = {},
): Promise<SignInApp> {
  const dataDir = makeDataDir();
  const url = `http://127.0.0.1:${port}`;
  const app = await createApp({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SERVICE_API_KEY: 'service-key-0123456789abcdef',
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: `nlq-${port}`,
    OIDC_CLIENT_SECRET: SIGN_IN_CLIENT_SECRET,
    OIDC_REDIRECT_URL: `${url}/api/auth/callback`,
    OIDC_SCOPES: 'openid profile groups',
    OIDC_ROLE_GROUPS: 'admin:nlq-admins,approver:nlq-approvers,analyst:nlq-analysts',
    OIDC_ATTRIBUTE_CLAIMS: 'country',
    OIDC_SESSION_HOURS: sessionHours,
    ...env,
  });
  await app.listen(port, '127.0.0.1');
  return { app, url, dataDir };
}

/** A browser's cookie jar, enough for one host: name -> value, deletions by Max-Age=0. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Keep the cookies a response sets (and forget the ones it deletes). */
  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(pair.indexOf('=') + 1));
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie request header of every kept cookie. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Follow redirects by hand, keeping cookies, until a response that is not a redirect or one to `stopAt`. */
export async function follow(jar: CookieJar, url: string, init: RequestInit = {}, stopAt?: string): Promise<Response> {
  let response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header() } });
  jar.take(response.headers);
  for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
    const next = new URL(response.headers.get('location')!, url).href;
    if (next === stopAt) return response;
    url = next;
    response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response.headers);
  }
  return response;
}

/**
 * login -> the provider's login page -> submit `login` -> callback -> back at the web app; answers the jar holding
 * the session cookie.
 * @throws Error when a step does not answer as a successful sign-in does
 */
export async function signIn(api: string, login: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const page = await follow(jar, `${api}/api/auth/login`);
  if (page.status !== 200) throw new Error(`the provider's login page answered ${page.status}`);
  const action = /<form[^>]*action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error("the provider's login page has no form");
  const done = await follow(
    jar,
    new URL(action, page.url || api).href,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    },
    `${api}/`,
  );
  if (done.status !== 302 || done.headers.get('location') !== '/')
    throw new Error(`the callback answered ${done.status} to ${done.headers.get('location')}`);
  return jar;
}
