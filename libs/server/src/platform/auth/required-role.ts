import { SetMetadata } from '@nestjs/common';
import { ErrorCode, roleAtLeast, type Role } from '@nlq/contracts';
import { ApiException } from '../common/api.exception';
import type { Principal } from './caller';

/** Metadata key of {@link RequireRole}. */
export const REQUIRED_ROLE = 'nlqRequiredRole';

/**
 * Class or method decorator: the weakest role that may call the route (docs/http-api.md "Roles and data
 * policies"). ApiAuthGuard answers 403 FORBIDDEN to a weaker caller; a method's role overrides its class's; a
 * route without one is open to every role (`viewer`).
 */
export const RequireRole = (role: Role) => SetMetadata(REQUIRED_ROLE, role);

/**
 * Throws 403 FORBIDDEN in the error shape unless the caller's role is `needed` or stronger.
 * @param action what was attempted, for the message (e.g. "approve writes").
 */
export function assertRole(caller: Principal, needed: Role, action: string): void {
  if (!roleAtLeast(caller.role, needed)) {
    throw new ApiException(
      403,
      ErrorCode.FORBIDDEN,
      `Role "${caller.role}" may not ${action}; it needs the role "${needed}" or stronger.`,
    );
  }
}
