import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@nlq/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/api.exception';
import { ApiKeyService } from './api-key.service';
import { CALLER_PROPERTY, type Principal } from './caller';
import { presentedApiKey } from './presented-key';
import { REQUIRED_ROLE, assertRole } from './required-role';
import { SessionAuth } from './session-auth';

/** A request as the guard sees it, with the principal it leaves. */
export type AuthRequest = FastifyRequest & { [CALLER_PROPERTY]?: Principal };

/**
 * Guard of every /api route (docs/http-api.md "Contract: authentication" rule 2) and of /mcp. Authentication: X-API-Key (or `Authorization: Bearer <key>`,
 * see presentedApiKey) must be the service key or a user-bound key; without a key, a sign-in session cookie counts
 * ({@link SessionAuth}); else 401 UNAUTHORIZED in the error shape (also for an expired session). Each authentication
 * path is one step of {@link authenticate}. Authorization: the route's {@link RequireRole} (default
 * `viewer`), else 403 FORBIDDEN. Leaves the {@link Principal} on the request for CurrentCaller.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly reflector: Reflector,
    private readonly sessions: SessionAuth,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthRequest>();
    const principal = await this.authenticate(request);
    request[CALLER_PROPERTY] = principal;
    const needed = this.reflector.getAllAndOverride<Role | undefined>(REQUIRED_ROLE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (needed) assertRole(principal, needed, 'call this endpoint');
    return true;
  }

  /**
   * The principal of a request: the first authentication path that recognises it.
   * @throws ApiException 401 when no path does (missing or invalid key, expired session).
   */
  async authenticate(request: FastifyRequest): Promise<Principal> {
    const given = presentedApiKey(request.headers);
    const session = given ? null : this.sessions.authenticate(request.headers);
    if (session) return session;
    if (!given) throw ApiException.unauthorized('Missing X-API-Key header.');
    const principal = await this.keys.verify(given);
    if (!principal) throw ApiException.unauthorized('Invalid X-API-Key.');
    return principal;
  }
}
