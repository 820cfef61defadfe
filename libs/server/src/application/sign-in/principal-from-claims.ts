import { higherRole, type Role } from '../../platform/auth/role';
import type { SessionPrincipal } from '../../platform/auth/session-principal';
import type { OidcSettings } from '../../platform/config/oidc-settings';

/**
 * The groups a claim value names: an array of strings, or one string (some providers send a single group as a
 * string). A leading `/` (Keycloak's full group paths) is dropped, so `/nlq-admins` matches `nlq-admins`.
 */
export function groupsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.filter((g): g is string => typeof g === 'string').map((g) => g.replace(/^\//, ''));
}

/** The highest role any of `groups` maps to in OIDC_ROLE_GROUPS; `viewer` when none does. */
export function roleOfGroups(groups: string[], roleGroups: ReadonlyMap<string, Role>): Role {
  let role: Role = 'viewer';
  for (const group of groups) {
    const mapped = roleGroups.get(group);
    if (mapped) role = higherRole(role, mapped);
  }
  return role;
}

/**
 * The principal of a signed-in person (docs/http-api.md "Sign-in") from the claims of the ID token merged with the
 * UserInfo answer: userId is `sub` (unique and stable per provider, OpenID Connect Core 1.0 section 5.7), the role
 * comes from the groups claim (OIDC_GROUPS_CLAIM), attributes from OIDC_ATTRIBUTE_CLAIMS (strings, numbers and
 * booleans, as strings), the display name from `name`, `preferred_username` or `email`.
 */
export function principalFromClaims(
  claims: Record<string, unknown>,
  settings: Pick<OidcSettings, 'groupsClaim' | 'roleGroups' | 'attributeClaims' | 'sessionSeconds'>,
  nowSeconds: number,
): SessionPrincipal {
  const subject = String(claims.sub);
  const claim = (name: string): unknown => (Object.hasOwn(claims, name) ? claims[name] : undefined);
  const attributes: Record<string, string> = Object.fromEntries(
    settings.attributeClaims.flatMap((name) => {
      const value = claim(name);
      const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
      return scalar ? [[name, String(value)]] : [];
    }),
  );
  const display = [claims.name, claims.preferred_username, claims.email].find((v) => typeof v === 'string');
  return {
    userId: subject,
    role: roleOfGroups(groupsOf(claim(settings.groupsClaim)), settings.roleGroups),
    attributes,
    via: 'session',
    name: (display as string | undefined) ?? null,
    subject,
    expiresAt: Math.floor(nowSeconds) + settings.sessionSeconds,
  };
}
