import type { ReadResult } from '@nlq/contracts';
import type { Ending } from '../outcome-recorder';
import { answerRows } from '../stages/answer-step';
import type { AttemptContext, AttemptState } from './attempt-context';
import { checkedSql } from './attempt-context';
import type { NextStep } from './next-step';

/**
 * Step 11, answer (docs/architecture.md): the rows in words (a template where it states them exactly, else the
 * active provider's, streamed as `answer.delta`), why an empty result is empty, notes on filter values and the
 * reading (stages/answer-step.ts). Ends the request; the answer is cacheable unless its wording failed.
 */
export async function answerStage(ctx: AttemptContext, state: AttemptState): Promise<NextStep> {
  const { sql, classification } = checkedSql(state);
  const result = executedRows(state);
  const { run, config, provider, schema } = ctx;
  const { answer, reading } = await answerRows(
    run.rec,
    state.active,
    ctx.target.driver,
    { question: run.question, sql, schema, result, answerPlan: state.answerPlan },
    {
      answerRowLimit: config.answerRowLimit,
      answerMode: config.answerMode ?? 'auto',
      statementTimeoutMs: config.statementTimeoutMs,
      explainEmpty: run.dataPolicy === null && run.databaseIdentity === null,
      maxResultRows: config.maxResultRows,
      definitions: run.knowledge.uses,
      knowledge: run.knowledge.definitions,
    },
  );
  const kind = classification.kind;
  const ending: Ending = {
    status: 'ok',
    success: true,
    response: answer.text,
    sql,
    error: null,
    kind,
    result,
    pendingApproval: false,
    cached: false,
    reading,
    examples: state.examplesUsed,
    warnings: state.warnings,
  };
  if (answer.error !== null) return { step: 'finish', ending: { ...ending, cacheable: undefined } };
  const value = {
    question: run.question,
    sql,
    response: answer.text,
    kind,
    result,
    modelId: provider.modelId,
    schemaVersion: schema.version,
    createdAt: new Date(ctx.clock()).toISOString(),
    reading,
    warnings: state.warnings,
  };
  return { step: 'finish', ending: { ...ending, cacheable: { key: ctx.cacheKey, value } } };
}

/** The rows the execute stage read. @throws Error when it has not run in this attempt (a misordered stage list) */
function executedRows(state: AttemptState): ReadResult {
  if (state.result === null) throw new Error('the SQL has not been executed yet');
  return state.result;
}
