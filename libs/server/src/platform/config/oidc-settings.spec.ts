import { AppConfig, ConfigValidationError } from './app-config';

const BASE = {
  OIDC_ISSUER_URL: 'https://login.example/realms/nlq',
  OIDC_CLIENT_ID: 'nlq',
  OIDC_REDIRECT_URL: 'https://nlq.example/api/auth/callback',
};

describe('AppConfig: sign-in variables', () => {
  it('leaves sign-in off without OIDC_ISSUER_URL', () => {
    expect(AppConfig.fromEnv({}).oidc).toBeNull();
  });

  it('resolves defaults and the role groups', () => {
    const oidc = AppConfig.fromEnv({ ...BASE, OIDC_ROLE_GROUPS: 'admin:nlq-admins, analyst:nlq-analysts' }).oidc!;
    expect(oidc).toMatchObject({
      clientSecret: null,
      scopes: 'openid profile email',
      groupsClaim: 'groups',
      attributeClaims: [],
      sessionSeconds: 8 * 3600,
    });
    expect([...oidc.roleGroups]).toEqual([
      ['nlq-admins', 'admin'],
      ['nlq-analysts', 'analyst'],
    ]);
  });

  it.each([
    [{ OIDC_ISSUER_URL: BASE.OIDC_ISSUER_URL }, 'OIDC_CLIENT_ID'],
    [{ ...BASE, OIDC_REDIRECT_URL: 'nlq.example/cb' }, 'OIDC_REDIRECT_URL'],
    [{ ...BASE, OIDC_ROLE_GROUPS: 'owner:nlq-owners' }, 'OIDC_ROLE_GROUPS'],
    [{ ...BASE, OIDC_ROLE_GROUPS: 'admin:' }, 'OIDC_ROLE_GROUPS'],
    [{ ...BASE, OIDC_SESSION_HOURS: '0' }, 'OIDC_SESSION_HOURS'],
    [{ ...BASE, OIDC_SESSION_HOURS: 'soon' }, 'OIDC_SESSION_HOURS'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => AppConfig.fromEnv(env)).toThrow(ConfigValidationError);
    expect(() => AppConfig.fromEnv(env)).toThrow(new RegExp(`${name}: `));
  });
});
