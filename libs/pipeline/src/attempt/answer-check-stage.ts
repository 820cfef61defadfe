import { answerCheckStep } from '../answer-check';
import { visibleSchema } from '../data-policy';
import { failure } from '../outcome-recorder';
import type { AttemptContext, AttemptState } from './attempt-context';
import { checkedSql } from './attempt-context';
import { RUN, type NextStep } from './next-step';

/**
 * The answer check of a read (docs/architecture.md "Answer check"): the SQL about to run is held against its question
 * (answer-check/answer-check-step.ts). Findings re-prompt a model once (the `answer-check` budget of the retry
 * policy), then the answer goes on with them as warnings (`state.warnings`); the offline engine, which never guesses,
 * is refused naming them. At most one read-only probe under the statement timeout looks for an unknown value. Under a
 * data policy the check sees only the permitted schema and never probes (a probe would read around the row filters).
 */
export async function answerCheckStage(ctx: AttemptContext, state: AttemptState): Promise<NextStep> {
  const { sql, classification } = checkedSql(state);
  state.warnings = [];
  if (classification.kind !== 'read') return RUN;
  const { policy, config, target } = ctx;
  const applied = ctx.run.dataPolicy;
  const decision = await answerCheckStep(ctx.run.rec, {
    question: ctx.run.question,
    sql,
    dialect: ctx.schema.dialect,
    schema: applied ? visibleSchema(ctx.schema, applied.policy) : ctx.schema,
    rowLimit: config.maxResultRows,
    attempt: policy.attempt,
    mayRetry: policy.mayReprompt('answer-check'),
    refuse: state.active.name === 'offline',
    ...(applied ? {} : { probe: { driver: target.driver, timeoutMs: config.statementTimeoutMs } }),
  });
  if (decision.action === 'retry') {
    policy.reprompt('answer-check');
    return { step: 'retry', reason: 'answer-check', previousAttempt: { sql, error: decision.error } };
  }
  if (decision.action === 'refuse')
    return { step: 'finish', ending: failure('refused', decision.error, sql, classification.kind) };
  state.warnings = decision.warnings;
  return RUN;
}
