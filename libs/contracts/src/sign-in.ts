import type { Role } from './roles';

/** GET /api/auth/config: whether the web app offers "Sign in" (OpenID Connect) instead of the API key dialog. */
export interface SignInConfig {
  oidc: boolean;
}

/**
 * GET /api/auth/me: the signed-in person (docs/http-api.md "Sign-in"). `role` is one of viewer, analyst, approver,
 * admin (from the provider's groups); `attributes` holds the configured claims; `expires_at` is ISO 8601.
 */
export interface SignedInUser {
  user_id: string;
  name: string | null;
  role: Role;
  attributes: Record<string, string>;
  via: 'session';
  expires_at: string;
}
