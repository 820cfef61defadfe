import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type ExampleStatus, type VerifiedExample, type VerifiedExampleList } from '@nlq/contracts';
import { QueryPipeline, type ExampleDecision } from '@nlq/pipeline';
import type { Caller } from '../../../platform/auth/caller';
import { assertService } from '../../../platform/auth/service-only';
import { ApiException } from '../../../platform/common/api.exception';

/**
 * The admin side of verified examples (docs/http-api.md "Verified examples"): list by status, promote
 * (re-run and checked again) and reject. Service key only (nlq has no admin users besides it).
 */
@Injectable()
export class ExamplesService {
  constructor(@Inject(QueryPipeline) private readonly pipeline: QueryPipeline) {}

  /** Examples newest change first, after the candidate checks in flight on this replica have ended. @throws 403 */
  async list(caller: Caller, filter: { status?: ExampleStatus; connectionId?: string }): Promise<VerifiedExampleList> {
    assertService(caller, 'manage verified examples');
    await this.pipeline.examples.settled();
    return { items: await this.pipeline.examples.list(filter) };
  }

  /** Re-run and promote a candidate. @throws 403, 404 unknown id, 409 not a candidate or its check failed (reason) */
  async promote(caller: Caller, id: string): Promise<VerifiedExample> {
    assertService(caller, 'manage verified examples');
    return decided(await this.pipeline.examples.promote(id));
  }

  /** Reject an example. @throws 403, 404 unknown id, 409 already rejected */
  async reject(caller: Caller, id: string): Promise<VerifiedExample> {
    assertService(caller, 'manage verified examples');
    return decided(await this.pipeline.examples.reject(id, caller.userId));
  }
}

function decided(decision: ExampleDecision): VerifiedExample {
  if (decision.ok) return decision.example;
  throw new ApiException(
    decision.status,
    decision.status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.CONFLICT,
    decision.reason,
  );
}
