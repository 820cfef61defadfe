import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiKeyService } from '../auth/api-key.service';
import { assertService } from '../auth/service-only';
import { ApiException } from '../common/api.exception';
import { NlqMetrics } from './nlq-metrics';

/**
 * GET /metrics: the Prometheus text exposition of {@link NlqMetrics}, for the service key only, given as
 * `X-API-Key: <key>` or `Authorization: Bearer <key>` (Prometheus's `authorization` scrape setting). 401 without a
 * valid key, 403 for a user key, both in the one error shape.
 */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: NlqMetrics,
    private readonly keys: ApiKeyService,
  ) {}

  @Get('metrics')
  async scrape(
    @Headers('x-api-key') apiKey: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const given = apiKey ?? bearer;
    if (!given) throw ApiException.unauthorized('Missing X-API-Key header or Authorization: Bearer key.');
    const caller = await this.keys.verify(given);
    if (!caller) throw ApiException.unauthorized('Invalid API key.');
    assertService(caller, 'read metrics');
    const { contentType, body } = await this.metrics.render();
    await reply.header('content-type', contentType).send(body);
  }
}
