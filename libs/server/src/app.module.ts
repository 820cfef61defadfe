import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { ApprovalModule } from './adapter/approval/approval.module';
import { AllExceptionsFilter } from './platform/common/all-exceptions.filter';
import { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { FeedbackModule } from './adapter/feedback/feedback.module';
import { HealthModule } from './adapter/health/health.module';
import { LoggingModule } from './platform/logging/logging.module';
import { PipelineModule } from './platform/pipeline/pipeline.module';
import { QueryModule } from './adapter/query/query.module';
import { SchemaModule } from './adapter/schema/schema.module';
import { SessionsModule } from './adapter/sessions/sessions.module';
import { StateModule } from './platform/state/state.module';
import { ApiAuthModule } from './platform/auth/api-auth.module';
import { ApiHealthModule } from './application/api-health/api-health.module';
import { ApiSessionsModule } from './application/api-sessions/api-sessions.module';
import { ChatModule } from './application/chat/chat.module';
import { CoherenceModule } from './platform/coherence/coherence.module';
import { SecurityModule } from './platform/security/security.module';
import { SessionAccessModule } from './platform/sessions/session-access.module';
import { ConnectionsModule } from './application/connections/connections.module';
import { DataPoliciesModule } from './application/policies/data-policies.module';
import { ExportModule } from './application/export/export.module';
import { KeysModule } from './application/keys/keys.module';
import { KnowledgeDefinitionsModule } from './application/knowledge/definitions/knowledge-definitions.module';
import { ExamplesModule } from './application/knowledge/examples/examples.module';
import { BenchmarksModule } from './application/benchmarks/benchmarks.module';
import { BoardsModule } from './application/boards/boards.module';
import { SavedAnswersModule } from './application/saved/saved-answers.module';
import { SchedulesModule } from './application/schedules/schedules.module';
import { LiveModule } from './application/live/live.module';
import { LlmsModule } from './application/llms/llms.module';
import { McpModule } from './application/mcp/mcp.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { TracesModule } from './application/traces/traces.module';
import { WebAppModule } from './application/web-app/web-app.module';
import { SignInModule } from './application/sign-in/sign-in.module';

/**
 * Root module: configuration, logging, state store and pipeline (global), then one module per endpoint group of
 * the query adapter surface (docs/http-api.md "Contract: query adapter"). The one exception filter is registered globally here.
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
        SessionAccessModule,
        QueryModule,
        ApprovalModule,
        FeedbackModule,
        SessionsModule,
        SchemaModule,
        HealthModule,
        // application surface (docs/http-api.md "Contract: application surface"; docs/http-api.md "Contract: authentication" rule 2; docs/http-api.md "Contract: authentication" rule 4; docs/http-api.md "Contract: events") and the web app
        ApiAuthModule,
        KeysModule,
        ExamplesModule,
        ConnectionsModule,
        DataPoliciesModule,
        LlmsModule,
        ApiSessionsModule,
        ChatModule,
        ApiHealthModule,
        TracesModule,
        ExportModule,
        KnowledgeDefinitionsModule,
        BenchmarksModule,
        SavedAnswersModule,
        BoardsModule,
        SchedulesModule,
        LiveModule,
        McpModule,
        SignInModule,
        WebAppModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
