import { Global, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { QueryPipeline } from '@nlq/pipeline';
import { ReplicaCoherenceService, schemaTopic } from './replica-coherence.service';

/** Applies another replica's schema refresh here: reload the schema, which also forgets its cached answers and near-duplicates. */
@Injectable()
export class SchemaRefreshFollower implements OnModuleInit {
  constructor(
    private readonly coherence: ReplicaCoherenceService,
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
  ) {}

  onModuleInit(): void {
    this.coherence.onTopic(schemaTopic(''), async (topic) => {
      await this.pipeline.refreshSchema(topic.slice(schemaTopic('').length));
    });
  }
}

/**
 * Replica coherence: {@link ReplicaCoherenceService} for every module that changes shared settings
 * (connections, model settings, schema refreshes), and the follower of schema refreshes.
 */
@Global()
@Module({ providers: [ReplicaCoherenceService, SchemaRefreshFollower], exports: [ReplicaCoherenceService] })
export class CoherenceModule {}
