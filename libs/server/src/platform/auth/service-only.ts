import type { Caller } from './caller';
import { assertRole } from './required-role';

/**
 * Throws 403 FORBIDDEN unless the caller is an `admin` (the service key, or a key or sign-in with that role).
 * @param action what was attempted, for the message (e.g. "manage API keys").
 */
export function assertService(caller: Caller, action: string): void {
  assertRole(caller, 'admin', action);
}
