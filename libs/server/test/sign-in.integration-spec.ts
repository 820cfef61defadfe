import { createApp } from '../src/app.factory';
import {
  CookieJar,
  SIGN_IN_CLIENT_SECRET,
  freePort,
  makeDataDir,
  removeDataDir,
  signIn,
  startOidcProvider,
  startSignInApp,
  type OidcProvider,
  type SignInApp,
} from '../src/testing';

const USERS = {
  ana: { name: 'Ana Admin', groups: ['nlq-admins'], country: 'Germany' },
  aaron: { name: 'Aaron Analyst', groups: ['nlq-analysts', 'other'] },
  paula: { name: 'Paula', groups: ['/nlq-analysts', '/nlq-approvers'] },
  vera: { name: 'Vera Viewer', groups: ['sales'] },
};

async function get(url: string, jar: CookieJar | null, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...headers, ...(jar ? { cookie: jar.header() } : {}) } });
  return { status: response.status, body: await response.json().catch(() => null), headers: response.headers };
}

describe('sign-in with OpenID Connect against a real provider', () => {
  let provider: OidcProvider;
  let api: SignInApp;
  let shortApi: SignInApp;

  beforeAll(async () => {
    const [port, shortPort] = [await freePort(), await freePort()];
    provider = await startOidcProvider({
      clients: [port, shortPort].map((p) => ({
        client_id: `nlq-${p}`,
        client_secret: SIGN_IN_CLIENT_SECRET,
        redirect_uris: [`http://127.0.0.1:${p}/api/auth/callback`],
      })),
      users: USERS,
      sessionSeconds: 30,
    });
    api = await startSignInApp(provider, port);
    // 0.0005 hours: a session of 1.8 seconds
    shortApi = await startSignInApp(provider, shortPort, '0.0005');
  });

  afterAll(async () => {
    await api?.app.close();
    await shortApi?.app.close();
    await provider?.close();
    for (const a of [api, shortApi]) if (a) removeDataDir(a.dataDir);
  });

  it('says sign-in is configured, sends the browser to the provider with PKCE S256 and a state', async () => {
    expect((await get(`${api.url}/api/auth/config`, null)).body).toEqual({ oidc: true });
    const response = await fetch(`${api.url}/api/auth/login`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/nlq_signin=[^;]+; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax/);
  });

  it('login -> callback -> /api/auth/me -> logout, the session cookie being httpOnly and SameSite=Lax', async () => {
    const jar = await signIn(api.url, 'ana');
    expect(jar.get('nlq_session')).toBeTruthy();
    const me = await get(`${api.url}/api/auth/me`, jar);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user_id: 'ana',
      name: 'Ana Admin',
      role: 'admin',
      attributes: { country: 'Germany' },
      via: 'session',
    });
    expect(Date.parse(me.body.expires_at) - Date.now()).toBeGreaterThan(3500_000);
    // the guard of every /api route takes the session when no key is sent
    expect((await get(`${api.url}/api/me`, jar)).body).toMatchObject({ user_id: 'ana', service: false });
    const out = await fetch(`${api.url}/api/auth/logout`, { method: 'POST', headers: { cookie: jar.header() } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/nlq_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
    jar.take(out.headers);
    expect((await get(`${api.url}/api/auth/me`, jar)).status).toBe(401);
    expect((await get(`${api.url}/api/me`, jar)).status).toBe(401);
  });

  it.each([
    ['aaron', 'analyst'],
    ['paula', 'approver'],
    ['vera', 'viewer'],
    ['nobody', 'viewer'],
  ])('maps the groups of %s to the role %s (highest listed group wins, default viewer)', async (login, role) => {
    const jar = await signIn(api.url, login);
    const me = await get(`${api.url}/api/auth/me`, jar);
    expect(me.body).toMatchObject({ user_id: login, role });
  });

  it('answers 401 for an expired session, on /api/auth/me and on every /api route', async () => {
    const jar = await signIn(shortApi.url, 'ana');
    expect((await get(`${shortApi.url}/api/me`, jar)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2200));
    for (const path of ['/api/auth/me', '/api/me', '/api/connections']) {
      const answer = await get(`${shortApi.url}${path}`, jar);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/expired/) });
    }
  });

  it('refuses an altered cookie, and a session of one api on another with a different key', async () => {
    const jar = await signIn(api.url, 'vera');
    const sealed = jar.get('nlq_session')!;
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(`${api.url}/api/me`, null, { cookie: `nlq_session=${altered}` })).status).toBe(401);
    expect((await get(`${shortApi.url}/api/me`, jar)).status).toBe(401);
  });

  it('keeps the cross-site protection for cookie-authenticated state changes', async () => {
    const jar = await signIn(api.url, 'ana');
    const foreign = { cookie: jar.header(), origin: 'http://evil.example', 'content-type': 'application/json' };
    const chat = await fetch(`${api.url}/api/chat`, { method: 'POST', headers: foreign, body: '{"question":"x"}' });
    expect(chat.status).toBe(403);
    const out = await fetch(`${api.url}/api/auth/logout`, { method: 'POST', headers: foreign });
    expect(out.status).toBe(403);
    expect((await get(`${api.url}/api/auth/me`, jar)).status).toBe(200);
  });

  it('refuses a callback without the login it belongs to', async () => {
    const answer = await get(`${api.url}/api/auth/callback?code=forged&state=forged`, null);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('without OIDC settings', () => {
  it('reports sign-in off and answers 404 for /api/auth/login', async () => {
    const dataDir = makeDataDir();
    const app = await createApp({ LOG_LEVEL: 'warn', DATA_DIR: dataDir });
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    try {
      expect((await get(`${url}/api/auth/config`, null)).body).toEqual({ oidc: false });
      expect((await get(`${url}/api/auth/login`, null)).status).toBe(404);
      expect((await get(`${url}/api/auth/me`, null)).status).toBe(401);
    } finally {
      await app.close();
      removeDataDir(dataDir);
    }
  });
});

describe('CORS and the sign-in cookie', () => {
  it.each([
    ['https://web.example', 'https://web.example', 'true'],
    ['*', '*', null],
  ])('with CORS_ORIGINS=%s answers allow-origin %s and allow-credentials %s', async (cors, origin, credentials) => {
    const dataDir = makeDataDir();
    const app = await createApp({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, CORS_ORIGINS: cors });
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    try {
      const response = await fetch(`${url}/api/auth/me`, {
        method: 'OPTIONS',
        headers: { origin: 'https://web.example', 'access-control-request-method': 'GET' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBe(credentials);
    } finally {
      await app.close();
      removeDataDir(dataDir);
    }
  });
});
