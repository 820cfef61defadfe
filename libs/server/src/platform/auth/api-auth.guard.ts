import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/api.exception';
import { ApiKeyService } from './api-key.service';
import { CALLER_PROPERTY, type Caller } from './caller';
import { presentedApiKey } from './presented-key';

/**
 * Guard of every /api route (spec 5.4) and of /mcp: X-API-Key (or `Authorization: Bearer <key>`, see
 * presentedApiKey) must be the service key or a user-bound key, else 401 UNAUTHORIZED in the error shape. Leaves the {@link Caller} on the request for {@link CurrentCaller}.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(private readonly keys: ApiKeyService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { [CALLER_PROPERTY]?: Caller }>();
    const given = presentedApiKey(request.headers);
    if (!given) throw ApiException.unauthorized('Missing X-API-Key header.');
    const caller = await this.keys.verify(given);
    if (!caller) throw ApiException.unauthorized('Invalid X-API-Key.');
    request[CALLER_PROPERTY] = caller;
    return true;
  }
}
