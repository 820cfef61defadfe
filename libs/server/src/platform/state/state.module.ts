import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { openStateDataSource } from './state-data-source.factory';
import { StateRetentionService } from './state-retention.service';
import { TypeOrmStateStore } from './typeorm-state.store';

/** Closes the state DataSource when the app shuts down, after a pruning run in progress has stopped. */
@Injectable()
export class StateDataSourceCloser implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(StateRetentionService) private readonly retention: StateRetentionService,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.retention.onApplicationShutdown();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * The state store: a TypeORM DataSource from STATE_DATABASE_URL (initialized and migrated under a lock before the
 * app starts, so replicas may start together) and the {@link TypeOrmStateStore} on it, pruned by
 * {@link StateRetentionService}. No @nestjs/typeorm: the DataSource is a plain async provider.
 */
@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => openStateDataSource(config.stateDatabaseUrl),
    },
    {
      provide: TypeOrmStateStore,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new TypeOrmStateStore(dataSource),
    },
    StateDataSourceCloser,
    StateRetentionService,
  ],
  exports: [DataSource, TypeOrmStateStore],
})
export class StateModule {}
