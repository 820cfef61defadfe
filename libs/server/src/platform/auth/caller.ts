import { createHash } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@nlq/contracts';
import type { FastifyRequest } from 'fastify';

/** How a {@link Principal} proved who it is. */
export type PrincipalVia = 'service-key' | 'user-key' | 'session';

/**
 * Who sent an /api request or opened a /ws/live socket (docs/http-api.md "Contract: authentication" rule 4; roles in docs/http-api.md "Roles and data
 * policies"). The authentication paths (an API key today, a sign-in session) each build one and leave it on the
 * request under {@link CALLER_PROPERTY}.
 */
export interface Principal {
  /** `service` for the service key, else the user id bound to the key or the session. */
  userId: string;
  /** What the caller may do; the service key is `admin`. */
  role: Role;
  /** The user's attributes (e.g. `country`), bound as parameters of the row filters of a data policy. */
  attributes: Readonly<Record<string, string>>;
  /** The authentication path that identified the caller. */
  via: PrincipalVia;
  /**
   * Fingerprint of the key presented (keyFingerprint: the first 32 hex digits of its SHA-256, never the key), which
   * tells two keys of one user apart; absent on callers without a key (a sign-in session).
   */
  keyId?: string;
  /**
   * true when the request came through /mcp (an AI agent): a write held for its question needs another caller to
   * approve (docs/mcp.md "Approval by a person").
   */
  agent?: boolean;
}

/** The fingerprint of an API key ({@link Principal.keyId}): the first 32 hex digits of its SHA-256 digest. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32);
}

/** The name used across the application surface for the {@link Principal} of a request. */
export type Caller = Principal;

/** User id of the service key. */
export const SERVICE_USER_ID = 'service';

/** The request property where the authentication guard leaves the principal. */
export const CALLER_PROPERTY = 'nlqCaller';

/** true for an `admin` caller: it sees every user's sessions, histories and traces. */
export function seesEveryone(caller: Principal): boolean {
  return caller.role === 'admin';
}

/** The role and attributes the pipeline's data policy applies to (QueryPipeline ask `access`). */
export function callerAccess(caller: Principal): { role: Role; attributes: Readonly<Record<string, string>> } {
  return { role: caller.role, attributes: caller.attributes };
}

/** Parameter decorator: the {@link Principal} the ApiAuthGuard identified (use only behind that guard). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<FastifyRequest & { [CALLER_PROPERTY]?: Principal }>();
  const caller = request[CALLER_PROPERTY];
  if (!caller) throw new Error('CurrentCaller used on a route without ApiAuthGuard');
  return caller;
});
