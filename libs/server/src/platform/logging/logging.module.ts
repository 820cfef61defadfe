import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { PinoAuditLogger } from '../common/audit.logger';
import { ROOT_LOGGER } from './logger.factory';

/** Provides the root pino logger (token ROOT_LOGGER) and the audit logger everywhere. */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      providers: [{ provide: ROOT_LOGGER, useValue: logger }, PinoAuditLogger],
      exports: [ROOT_LOGGER, PinoAuditLogger],
    };
  }
}
