export { createApp, type CreateAppOptions } from './app.factory';
export { requestIdFor, REQUEST_ID_HEADER } from './common/request-id';
export { AppModule } from './app.module';
export { AppConfig, ConfigValidationError, sqliteUrl } from './config/app-config';
export { ENV_VARIABLE_NAMES, type AppEnv } from './config/environment-variables';
export { TypeOrmStateStore } from './state/typeorm-state.store';
export { createStateDataSource, openStateDataSource } from './state/state-data-source.factory';
export { TargetResolverService, DEFAULT_CONNECTION_ID } from './targets/target-resolver.service';
