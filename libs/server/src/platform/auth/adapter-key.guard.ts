import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../common/api.exception';

/** Header carrying the key (docs/http-api.md "Contract: authentication" rule 1). */
export const API_KEY_HEADER = 'x-api-key';

/**
 * Guard of the query adapter surface (docs/http-api.md "Contract: authentication" rule 2): when SERVICE_API_KEY is set every request must carry it in
 * X-API-Key, else 401 UNAUTHORIZED in the error shape; when unset the surface is open. The comparison hashes both
 * values with SHA-256 and compares the digests with crypto.timingSafeEqual, so neither the key's content nor its
 * length leaks through timing.
 */
@Injectable()
export class AdapterKeyGuard implements CanActivate {
  private readonly expected: Buffer | null;

  constructor(config: AppConfig) {
    this.expected = config.serviceApiKey === null ? null : sha256(config.serviceApiKey);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.expected === null) return true;
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers[API_KEY_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (!given) throw ApiException.unauthorized('Missing X-API-Key header.');
    if (!timingSafeEqual(sha256(given), this.expected)) throw ApiException.unauthorized('Invalid X-API-Key.');
    return true;
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
