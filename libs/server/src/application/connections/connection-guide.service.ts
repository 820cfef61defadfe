import { Inject, Injectable } from '@nestjs/common';
import type { ConnectionSchemaResponse, ExampleQuestionsResponse } from '@nlq/contracts';
import { ExampleQuestions, QueryPipeline } from '@nlq/pipeline';
import { callerAccess, type Principal } from '../../platform/auth/caller';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { schemaView } from './schema-view';

/**
 * What helps a person find their way in a connection's data: its schema from the schema cache
 * (introspected once if not cached yet, as a question would) and example questions built from that schema and
 * checked read-only with the offline engine, kept per connection and schema version (pipeline example-questions/).
 * An unknown connection rejects with PipelineError NOT_FOUND (404); an unreachable database with the driver's
 * DatabaseError (502).
 */
@Injectable()
export class ConnectionGuideService {
  private readonly examples = new ExampleQuestions();

  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly targets: TargetResolverService,
  ) {}

  /** GET /api/connections/{id}/schema: what the caller's data policy lets it see. */
  async schema(caller: Principal, connectionId: string): Promise<ConnectionSchemaResponse> {
    const { schema } = await this.pipeline.visibleConnectionSchema(callerAccess(caller), connectionId);
    return schemaView(connectionId, schema);
  }

  /** GET /api/connections/{id}/example-questions: at most 6 checked questions (possibly none for an empty database). */
  async exampleQuestions(caller: Principal, connectionId: string): Promise<ExampleQuestionsResponse> {
    const { schema } = await this.pipeline.visibleConnectionSchema(callerAccess(caller), connectionId);
    const { driver } = await this.targets.connection(connectionId);
    return {
      connection_id: connectionId,
      schema_version: schema.version,
      questions: await this.examples.questions(connectionId, schema, driver),
    };
  }
}
