import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/api.exception';
import { ApiKeyService } from './api-key.service';
import { CALLER_PROPERTY, type Caller } from './caller';
import { presentedApiKey } from './presented-key';
import { SessionAuth } from './session-auth';

/**
 * Guard of every /api route (spec 5.4) and of /mcp: X-API-Key (or `Authorization: Bearer <key>`, see
 * presentedApiKey) must be the service key or a user-bound key, else 401 UNAUTHORIZED in the error shape; without a
 * key, a sign-in session cookie counts ({@link SessionAuth}, 401 when it has expired). Leaves the {@link Caller} on the request for {@link CurrentCaller}.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly sessions: SessionAuth,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { [CALLER_PROPERTY]?: Caller }>();
    const given = presentedApiKey(request.headers);
    const session = given ? null : this.sessions.authenticate(request.headers);
    if (session) {
      request[CALLER_PROPERTY] = session;
      return true;
    }
    if (!given) throw ApiException.unauthorized('Missing X-API-Key header.');
    const caller = await this.keys.verify(given);
    if (!caller) throw ApiException.unauthorized('Invalid X-API-Key.');
    request[CALLER_PROPERTY] = caller;
    return true;
  }
}
