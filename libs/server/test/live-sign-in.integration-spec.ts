/**
 * /ws/live with the sign-in session cookie (docs/http-api.md "Live updates: /ws/live"): a real api signed in
 * through a real OpenID provider, real WebSocket clients sending the cookie on the upgrade request, and each
 * event filtered by the person's role.
 */
import {
  SIGN_IN_CLIENT_SECRET,
  call,
  freePort,
  openLive,
  providerEnv,
  removeDataDir,
  signIn,
  startOidcProvider,
  startScriptedShopModel,
  startSignInApp,
  type LiveSocket,
  type OidcProvider,
  type ScriptedModelServer,
  type SignInApp,
} from '../src/testing';

const SERVICE_KEY = 'service-key-0123456789abcdef';
const SQL_BY_QUESTION: Record<string, string> = {
  'How many orders are cancelled?': "SELECT COUNT(*) AS n FROM orders WHERE status = 'cancelled'",
  'Archive the cancelled orders': "UPDATE orders SET status = 'archived' WHERE status = 'cancelled'",
};
const USERS = {
  ana: { name: 'Ana Admin', groups: ['nlq-admins'] },
  paula: { name: 'Paula Approver', groups: ['nlq-approvers'] },
  vera: { name: 'Vera Viewer', groups: ['sales'] },
};

describe('/ws/live with the sign-in session cookie', () => {
  let provider: OidcProvider;
  let model: ScriptedModelServer;
  let api: SignInApp;
  let shortApi: SignInApp;
  const sockets: LiveSocket[] = [];

  async function liveAs(target: SignInApp, login: string): Promise<{ socket: LiveSocket; cookie: string }> {
    const cookie = (await signIn(target.url, login)).header();
    const socket = await openLive(target.url, undefined, { cookie });
    sockets.push(socket);
    return { socket, cookie };
  }

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
    model = await startScriptedShopModel('openai', (q) => SQL_BY_QUESTION[q] ?? 'SELECT 1');
    const env = { SERVICE_MODE: 'admin', ...providerEnv('openai', model) };
    api = await startSignInApp(provider, port, '1', env);
    // 0.0008 hours: a session of 2.9 seconds
    shortApi = await startSignInApp(provider, shortPort, '0.0008', env);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await api?.app.close();
    await shortApi?.app.close();
    await model?.close();
    await provider?.close();
    for (const a of [api, shortApi]) if (a) removeDataDir(a.dataDir);
  });

  it('is ready at once as the signed-in person, and filters every event by the role', async () => {
    const vera = await liveAs(api, 'vera');
    const paula = await liveAs(api, 'paula');
    const ana = await liveAs(api, 'ana');
    expect(await vera.socket.waitFor((m) => m.type === 'ready')).toEqual({ type: 'ready', user_id: 'vera' });
    expect(await paula.socket.waitFor((m) => m.type === 'ready')).toEqual({ type: 'ready', user_id: 'paula' });
    expect(await ana.socket.waitFor((m) => m.type === 'ready')).toEqual({ type: 'ready', user_id: 'ana' });

    const read = await call(`${api.url}/api/chat`, {
      headers: { cookie: vera.cookie },
      body: { question: 'How many orders are cancelled?' },
    });
    expect(read.body).toMatchObject({ success: true });
    const write = await call(`${api.url}/api/chat`, {
      headers: { 'x-api-key': SERVICE_KEY },
      body: { question: 'Archive the cancelled orders' },
    });
    expect(write.body).toMatchObject({ success: true, pending_approval: true });
    const veraSession = read.body.session_id;
    const serviceSession = write.body.session_id;

    // the admin hears both people's events
    await ana.socket.waitFor((m) => m.type === 'answer.ready' && m.sessionId === veraSession);
    await ana.socket.waitFor((m) => m.type === 'approval.pending' && m.sessionId === serviceSession);
    // the approver hears the held write of another person, but none of their other events
    await paula.socket.waitFor((m) => m.type === 'approval.pending' && m.sessionId === serviceSession);
    // the viewer hears its own session only
    await vera.socket.waitFor((m) => m.type === 'answer.ready' && m.sessionId === veraSession);
    await new Promise((r) => setTimeout(r, 300));
    const sessionsHeard = (s: LiveSocket) => new Set(s.messages.filter((m) => m.sessionId).map((m) => m.sessionId));
    expect(sessionsHeard(vera.socket)).toEqual(new Set([veraSession]));
    expect(sessionsHeard(paula.socket)).toEqual(new Set([serviceSession]));
    expect(paula.socket.messages.filter((m) => m.sessionId).every((m) => m.type.startsWith('approval.'))).toBe(true);
    expect(vera.socket.messages.some((m) => m.type === 'stage.started')).toBe(true);
  });

  it('closes with 4401 when the session ends, and refuses an expired or altered cookie with 4401', async () => {
    const { socket, cookie } = await liveAs(shortApi, 'vera');
    await socket.waitFor((m) => m.type === 'ready');
    expect(await socket.closed).toEqual({ code: 4401, reason: 'sign-in session expired' });
    expect(socket.messages.at(-1)).toMatchObject({ type: 'error', message: expect.stringMatching(/expired/) });

    const late = await openLive(shortApi.url, undefined, { cookie });
    expect(await late.closed).toEqual({ code: 4401, reason: 'sign-in session not valid' });
    expect(late.messages).toEqual([{ type: 'error', message: expect.stringMatching(/expired/) }]);

    const sealed = cookie.slice('nlq_session='.length);
    const altered = `nlq_session=${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = await openLive(shortApi.url, undefined, { cookie: altered });
    expect(await forged.closed).toMatchObject({ code: 4401 });
    expect(forged.messages).toEqual([{ type: 'error', message: expect.stringMatching(/not valid/) }]);
  }, 15_000);

  it('ignores the cookie of an upgrade sent by a foreign page, which must then authenticate with a key', async () => {
    const cookie = (await signIn(api.url, 'ana')).header();
    const foreign = await openLive(api.url, undefined, { cookie, origin: 'http://evil.example' });
    sockets.push(foreign);
    await new Promise((r) => setTimeout(r, 400));
    expect(foreign.messages).toEqual([]);
    foreign.socket.send(JSON.stringify({ type: 'auth', api_key: 'nlq_wrong' }));
    expect(await foreign.closed).toMatchObject({ code: 4401 });

    const own = await openLive(api.url, undefined, { cookie, origin: api.url });
    sockets.push(own);
    expect(await own.waitFor((m) => m.type === 'ready')).toEqual({ type: 'ready', user_id: 'ana' });
  });
});
