import type { DatabaseError } from '@nlq/db-drivers';
import { failure } from '../outcome-recorder';
import { correctionFailure, isCorrectable } from '../stages/correct';
import { executeRead } from '../stages/execute';
import { countCutRows } from '../stages/row-total';
import type { AttemptContext, AttemptState } from './attempt-context';
import { checkedSql } from './attempt-context';
import { RUN, type NextStep } from './next-step';

/**
 * Step 9, execute (docs/architecture.md): the read runs under the row limit and the statement timeout; a list the
 * limit cut says so, with its uncapped rows counted read-only when they can be (stages/row-total.ts). A database
 * error goes to step 10, correct. Trace span `execute` (rows, truncated, totalRows, durationMs; or the error's kind,
 * engine code and attempt).
 */
export async function executeStage(ctx: AttemptContext, state: AttemptState): Promise<NextStep> {
  const { sql } = state.bound ?? checkedSql(state);
  const { config, target } = ctx;
  const limits = {
    maxRows: config.maxResultRows,
    timeoutMs: config.statementTimeoutMs,
    ...(state.bound ? { params: state.bound.params } : {}),
    ...(ctx.run.databaseIdentity ? { identity: ctx.run.databaseIdentity } : {}),
  };
  const span = ctx.run.rec.start('execute');
  const executed = await executeRead(target.driver, sql, limits);
  if (!executed.ok) {
    const { error } = executed;
    span.end('error', {
      error: error.message,
      detail: { kind: error.kind, engineCode: error.engineCode ?? null, attempt: ctx.policy.attempt },
    });
    return correct(ctx, state, error);
  }
  const cut = await countCutRows(target.driver, sql, ctx.schema.dialect, executed.result, limits);
  state.result = {
    ...executed.result,
    truncated: cut.truncated,
    ...(cut.totalRows !== null ? { totalRows: cut.totalRows } : {}),
  };
  span.end('ok', {
    detail: {
      rows: state.result.rowCount,
      truncated: state.result.truncated,
      totalRows: cut.totalRows,
      durationMs: state.result.durationMs,
    },
  });
  return RUN;
}

/**
 * Step 10, correct: an error a new statement may fix escalates once to the fallback provider (never for reused
 * SQL), else is retried with the engine's error text while the retry budget lasts; otherwise the request fails
 * with what happened (stages/correct.ts). Trace span `correct` (escalatedTo, or retry of, or retriesUsed).
 */
async function correct(ctx: AttemptContext, state: AttemptState, error: DatabaseError): Promise<NextStep> {
  const { sql, classification } = checkedSql(state);
  const { policy } = ctx;
  const correctable = isCorrectable(error);
  const decision = await policy.afterFailure({ escalate: correctable && !state.fromReuse, retry: correctable });
  const span = ctx.run.rec.start('correct');
  const previousAttempt = { sql, error: error.message };
  if (decision.action === 'escalate') {
    span.end('ok', { detail: { escalatedTo: decision.to.modelId, error: error.message } });
    return { step: 'escalate', to: decision.to, previousAttempt };
  }
  if (decision.action === 'retry') {
    span.end('ok', { detail: { retry: policy.retriesUsed, of: policy.maxRetries, error: error.message } });
    return { step: 'retry', reason: 'database', previousAttempt };
  }
  const failed = correctionFailure(error, policy.retriesUsed);
  span.end('error', { error: failed.error, detail: { retriesUsed: policy.retriesUsed } });
  return { step: 'finish', ending: failure(failed.status, failed.error, sql, classification.kind) };
}
