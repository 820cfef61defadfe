import { isRole, type Role } from '../auth/role';

/** Environment variables of sign-in with OpenID Connect (docs/configuration.md "Sign-in"). */
export const OIDC_VARIABLE_NAMES = [
  'OIDC_ISSUER_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_REDIRECT_URL',
  'OIDC_SCOPES',
  'OIDC_GROUPS_CLAIM',
  'OIDC_ROLE_GROUPS',
  'OIDC_ATTRIBUTE_CLAIMS',
  'OIDC_SESSION_HOURS',
] as const;

type OidcVariables = Partial<Record<(typeof OIDC_VARIABLE_NAMES)[number], string>>;

/** Sign-in settings resolved from {@link OIDC_VARIABLE_NAMES}. */
export interface OidcSettings {
  /** The provider's issuer (its discovery document is `<issuer>/.well-known/openid-configuration`). */
  issuerUrl: string;
  clientId: string;
  /** Null for a public client (PKCE only, no client authentication). */
  clientSecret: string | null;
  /** Where the provider sends the browser back: this api's /api/auth/callback as the provider knows it. */
  redirectUrl: string;
  /** Scopes asked for (default `openid profile email`). */
  scopes: string;
  /** Claim holding the person's groups (default `groups`). */
  groupsClaim: string;
  /** Group -> role, from OIDC_ROLE_GROUPS `role:group,...`; a person in no listed group is a `viewer`. */
  roleGroups: ReadonlyMap<string, Role>;
  /** Claims copied into the principal's attributes (OIDC_ATTRIBUTE_CLAIMS, comma list). */
  attributeClaims: string[];
  /** How long a session lasts, in seconds (OIDC_SESSION_HOURS, default 8 hours). */
  sessionSeconds: number;
}

const DEFAULT_SESSION_HOURS = 8;

/**
 * Problems of the sign-in variables, each naming its variable: OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_REDIRECT_URL
 * go together and must be http(s) URLs (the client id excepted), OIDC_ROLE_GROUPS must be `role:group` pairs of
 * known roles, OIDC_SESSION_HOURS a positive number up to 720 (30 days).
 */
export function oidcSettingsProblems(vars: OidcVariables): string[] {
  const problems: string[] = [];
  const required = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_REDIRECT_URL'] as const;
  const given = required.filter((name) => vars[name]);
  if (given.length === 0) return problems;
  for (const name of required) {
    if (!vars[name]) problems.push(`${name}: must be set together with ${given.join(', ')} to enable sign-in`);
  }
  for (const name of ['OIDC_ISSUER_URL', 'OIDC_REDIRECT_URL'] as const) {
    if (vars[name] && !/^https?:\/\/[^\s]+$/i.test(vars[name] as string)) {
      problems.push(`${name}: must be an http(s) URL (got ${JSON.stringify(vars[name])})`);
    }
  }
  for (const pair of commaList(vars.OIDC_ROLE_GROUPS)) {
    const role = pair.slice(0, pair.indexOf(':'));
    if (pair.indexOf(':') < 1 || pair.indexOf(':') === pair.length - 1 || !isRole(role)) {
      problems.push(
        `OIDC_ROLE_GROUPS: "${pair}" must be role:group with a role of viewer, analyst, approver, admin (e.g. admin:nlq-admins)`,
      );
    }
  }
  const hours = Number(vars.OIDC_SESSION_HOURS ?? DEFAULT_SESSION_HOURS);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 720) {
    problems.push(
      `OIDC_SESSION_HOURS: must be a number of hours above 0 and at most 720 (got ${vars.OIDC_SESSION_HOURS})`,
    );
  }
  return problems;
}

/** The sign-in settings, or null when OIDC_ISSUER_URL is unset; call after {@link oidcSettingsProblems} found none. */
export function parseOidcSettings(vars: OidcVariables): OidcSettings | null {
  if (!vars.OIDC_ISSUER_URL || !vars.OIDC_CLIENT_ID || !vars.OIDC_REDIRECT_URL) return null;
  const roleGroups = new Map<string, Role>();
  for (const pair of commaList(vars.OIDC_ROLE_GROUPS)) {
    const at = pair.indexOf(':');
    roleGroups.set(pair.slice(at + 1), pair.slice(0, at) as Role);
  }
  return {
    issuerUrl: vars.OIDC_ISSUER_URL,
    clientId: vars.OIDC_CLIENT_ID,
    clientSecret: vars.OIDC_CLIENT_SECRET ?? null,
    redirectUrl: vars.OIDC_REDIRECT_URL,
    scopes: vars.OIDC_SCOPES ?? 'openid profile email',
    groupsClaim: vars.OIDC_GROUPS_CLAIM ?? 'groups',
    roleGroups,
    attributeClaims: commaList(vars.OIDC_ATTRIBUTE_CLAIMS),
    sessionSeconds: Math.round(Number(vars.OIDC_SESSION_HOURS ?? DEFAULT_SESSION_HOURS) * 3600),
  };
}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
