import type { PendingOperation } from '../ports';
import type { Ending } from '../outcome-recorder';
import { recordId } from '../record-id';
import { impactDetail, pendingResponse, previewImpact } from '../stages/impact';
import type { OpenSpan } from '../trace-recorder';
import type { AttemptContext, AttemptState } from './attempt-context';
import { checkedSql } from './attempt-context';

/**
 * Hold a write for approval (docs/architecture.md "Approval"): count the rows it would change read-only (the impact
 * preview), save the pending operation of the session, end the open policy `span` as `pending` (operation id,
 * impact), publish `approval.pending` and end the request with `pending_approval`.
 */
export async function holdForApproval(ctx: AttemptContext, state: AttemptState, span: OpenSpan): Promise<Ending> {
  const { sql, classification } = checkedSql(state);
  const { run, target, config } = ctx;
  const kind = classification.kind;
  const impact = await previewImpact(target.driver, sql, kind, ctx.schema, config.statementTimeoutMs);
  const operation: PendingOperation = {
    id: recordId(),
    sessionId: run.input.sessionId,
    userId: run.input.userId,
    connectionId: target.connectionId,
    question: run.question,
    sql,
    kind,
    state: 'pending',
    queryEntryId: run.entryId,
    createdAt: new Date(ctx.clock()).toISOString(),
    decidedAt: null,
    decidedBy: null,
    estimatedRows: impact.rows,
    agentKey: run.input.agentKey ?? null,
  };
  await ctx.store.savePending(operation);
  span.end('pending', {
    detail: { mode: config.mode, kind, operationId: operation.id, impact: impactDetail(impact) },
  });
  run.rec.publish('approval.pending', {
    sql,
    kind,
    connectionId: target.connectionId,
    estimatedRows: impact.rows,
    impact: impact.phrase,
  });
  return {
    status: 'pending_approval',
    success: true,
    response: pendingResponse(kind, impact, run.input.sessionId),
    sql,
    error: null,
    kind,
    result: null,
    pendingApproval: true,
    cached: false,
    estimatedRows: impact.rows,
  };
}
