import { ErrorCode } from '@nlq/contracts';
import { ApiException } from '../common/api.exception';
import type { Caller } from './caller';

/**
 * Throws 403 FORBIDDEN unless the caller holds the service key.
 * @param action what was attempted, for the message (e.g. "manage API keys").
 */
export function assertService(caller: Caller, action: string): void {
  if (!caller.service) throw new ApiException(403, ErrorCode.FORBIDDEN, `Only the service key may ${action}.`);
}
