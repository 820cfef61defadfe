import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { registerWebApp } from './web-app.routes';

/** Registers the built web app (WEB_DIST_DIR) on the api's Fastify instance before it starts listening. */
@Injectable()
export class WebAppServer implements OnModuleInit {
  constructor(
    private readonly httpAdapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    const served = await registerWebApp(
      this.httpAdapterHost.httpAdapter.getInstance<FastifyInstance>(),
      this.config.webDistDir,
    );
    if (served) this.logger.info({ dir: this.config.webDistDir }, 'serving the web app at /');
    else this.logger.debug({ dir: this.config.webDistDir }, 'no built web app found; / is not served');
  }
}

/** The built web app at / (docs/http-api.md "Contract: application surface": same-origin /api in production). */
@Module({ providers: [WebAppServer] })
export class WebAppModule {}
