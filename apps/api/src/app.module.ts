import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { ApprovalModule } from './approval/approval.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { FeedbackModule } from './feedback/feedback.module';
import { HealthModule } from './health/health.module';
import { LoggingModule } from './logging/logging.module';
import { PipelineModule } from './pipeline/pipeline.module';
import { QueryModule } from './query/query.module';
import { SchemaModule } from './schema/schema.module';
import { SessionsModule } from './sessions/sessions.module';
import { StateModule } from './state/state.module';
import { ApiAuthModule } from './api-auth/api-auth.module';
import { ApiHealthModule } from './api-health/api-health.module';
import { ApiSessionsModule } from './api-sessions/api-sessions.module';
import { ChatModule } from './chat/chat.module';
import { CoherenceModule } from './coherence/coherence.module';
import { SecurityModule } from './security/auth-throttle.service';
import { ConnectionsModule } from './connections/connections.module';
import { ExportModule } from './export/export.module';
import { KeysModule } from './keys/keys.module';
import { LiveModule } from './live/live.module';
import { LlmsModule } from './llms/llms.module';
import { MetricsModule } from './metrics/metrics.module';
import { TracesModule } from './traces/traces.module';
import { WebAppModule } from './web-app/web-app.module';

/**
 * Root module: configuration, logging, state store and pipeline (global), then one module per endpoint group of
 * the query adapter surface (spec 4.1). The one exception filter is registered globally here.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        StateModule,
        MetricsModule,
        PipelineModule,
        CoherenceModule,
        SecurityModule,
        QueryModule,
        ApprovalModule,
        FeedbackModule,
        SessionsModule,
        SchemaModule,
        HealthModule,
        // application surface (spec 4.2, 5.4, 5.5, 6) and the web app
        ApiAuthModule,
        KeysModule,
        ConnectionsModule,
        LlmsModule,
        ApiSessionsModule,
        ChatModule,
        ApiHealthModule,
        TracesModule,
        ExportModule,
        LiveModule,
        WebAppModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
