import type { Caller } from './caller';
import type { Role } from './role';

/**
 * Who a signed-in person is (docs/http-api.md "Sign-in"): the {@link Caller} the guard leaves on the request, with
 * the role mapped from the provider's groups and the attributes copied from configured claims.
 */
export interface SessionPrincipal extends Caller {
  /** The ID token's `preferred_username`, else its `sub`. */
  userId: string;
  role: Role;
  /** Claim name -> value of OIDC_ATTRIBUTE_CLAIMS (values as strings; absent claims are left out). */
  attributes: Record<string, string>;
  /** How the principal was authenticated. */
  via: 'session';
  /** The provider's `name` claim, for display; null when absent. */
  name: string | null;
  /** The provider's `sub` (stable subject identifier). */
  subject: string;
  /** When the session ends, epoch seconds. */
  expiresAt: number;
}
