import { checkDefinitions } from '../knowledge/knowledge-step';
import { failure } from '../outcome-recorder';
import type { AttemptContext, AttemptState } from './attempt-context';
import { checkedSql } from './attempt-context';
import { RUN, type NextStep } from './next-step';

/**
 * The business-definitions check of a read (docs/architecture.md step 5, docs/knowledge.md): the parsed SQL must
 * contain every matched metric's expression with its filter and every matched filter's condition
 * (knowledge/definition-containment.ts). Missing ones re-prompt the model once with the difference (the
 * `definitions` budget of the retry policy; never the offline engine, which would write the same SQL again), then
 * refuse: never a number that ignores a definition. Trace span `definitions` (knowledge/knowledge-step.ts).
 */
export function definitionsStage(ctx: AttemptContext, state: AttemptState): NextStep {
  const { sql, classification } = checkedSql(state);
  if (classification.kind !== 'read') return RUN;
  const { policy } = ctx;
  const applied = checkDefinitions(ctx.run.rec, ctx.run.knowledge, {
    sql,
    dialect: ctx.schema.dialect,
    schema: ctx.schema,
    attempt: policy.attempt,
    mayRetry: policy.mayReprompt('definitions') && state.active.name !== 'offline',
  });
  if (applied.action === 'retry') {
    policy.reprompt('definitions');
    return { step: 'retry', reason: 'definitions', previousAttempt: { sql, error: applied.error } };
  }
  if (applied.action === 'refuse')
    return { step: 'finish', ending: failure('refused', applied.error, sql, classification.kind) };
  // provenance: only the definitions the executed SQL shows (docs/knowledge.md "At question time")
  ctx.run.knowledge = applied.knowledge;
  return RUN;
}
