// A real OpenID provider (the `oidc-provider` package) for tests, run as its own Node process because the package
// is ESM-only. Reads its settings as JSON from the OIDC_TEST_SETTINGS environment variable:
//   { "clients": [{ client_id, client_secret, redirect_uris }], "users": { "<login>": { "<claim>": value } },
//     "sessionSeconds": 60 }
// Listens on 127.0.0.1 and an ephemeral port, prints `READY <issuer>` on stdout. Its login page (the package's
// development interactions) accepts any password; the login names the account, whose claims come from `users`
// (an unknown login gets only `sub`). Consent is granted automatically, so login -> code needs no second page.
import http from 'node:http';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.env.OIDC_TEST_SETTINGS ?? '{}');
const users = new Map(Object.entries(settings.users ?? {}));

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: (settings.clients ?? []).map((c) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: c.client_secret ? 'client_secret_basic' : 'none',
      ...c,
    })),
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'groups'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'country'],
      email: ['email'],
      groups: ['groups'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['nlq-test-provider-cookie-key'] },
    ttl: { Session: settings.sessionSeconds ?? 60, Interaction: 600, Grant: 600, IdToken: 600, AccessToken: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(users.get(id) ?? {}) }),
    }),
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        accountId: ctx.oidc.session.accountId,
        clientId: ctx.oidc.client.clientId,
      });
      grant.addOIDCScope(String(ctx.oidc.params.scope ?? 'openid'));
      grant.addOIDCClaims(['sub', 'name', 'preferred_username', 'country', 'email', 'groups']);
      await grant.save();
      return grant;
    },
  });
  provider.proxy = false;
  server.on('request', provider.callback());
  process.stdout.write(`READY ${issuer}\n`);
});
