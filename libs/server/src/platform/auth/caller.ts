import { createHash } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who sent an /api request or opened a /ws/live socket, as the X-API-Key identified them (spec 5.5). */
export interface Caller {
  /** `service` for the service key, else the user id bound to the key. */
  userId: string;
  /** true for the service key: it may issue and revoke user keys and sees every session. */
  service: boolean;
  /**
   * Fingerprint of the key presented (keyFingerprint: the first 32 hex digits of its SHA-256, never the key), which
   * tells two keys of one user apart; absent on callers built without a key.
   */
  keyId?: string;
  /**
   * `mcp` when the request came through /mcp (an agent): a write held for its question needs another key to approve;
   * `session` for a person signed in with OpenID Connect (session-principal.ts).
   */
  via?: 'mcp' | 'session';
}

/** The fingerprint of an API key ({@link Caller.keyId}): the first 32 hex digits of its SHA-256 digest. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32);
}

/** User id of the service key. */
export const SERVICE_USER_ID = 'service';

/** The request property where {@link ApiAuthGuard} leaves the caller. */
export const CALLER_PROPERTY = 'nlqCaller';

/** Parameter decorator: the {@link Caller} the ApiAuthGuard identified (use only behind that guard). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const request = context.switchToHttp().getRequest<FastifyRequest & { [CALLER_PROPERTY]?: Caller }>();
  const caller = request[CALLER_PROPERTY];
  if (!caller) throw new Error('CurrentCaller used on a route without ApiAuthGuard');
  return caller;
});
