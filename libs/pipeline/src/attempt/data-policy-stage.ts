import { enforceDataPolicy } from '../data-policy/enforce-data-policy';
import { failure } from '../outcome-recorder';
import type { AttemptContext, AttemptState } from './attempt-context';
import { checkedSql } from './attempt-context';
import { RUN, type NextStep } from './next-step';

/** How the error of every answer the data policy refused begins (docs/http-api.md "Roles and data policies"). */
export const DATA_POLICY_REFUSAL = 'Refused by your data policy: ';

/** true when an answer's error is a refusal of the caller's data policy (it begins with {@link DATA_POLICY_REFUSAL}). */
export function refusedByDataPolicy(error: string | null | undefined): boolean {
  return typeof error === 'string' && error.startsWith(DATA_POLICY_REFUSAL);
}

/**
 * The data policy of the caller's role (docs/http-api.md "Roles and data policies"), on the checked statement of
 * every answer whoever wrote it (model, offline engine, verified example, reused SQL): a statement reaching outside
 * it is refused naming the table or column, nothing executed; otherwise the masked and row-filtered statement with
 * its bound parameters is what execute runs. Does nothing when no policy applies. Trace span `data-policy`
 * (role policy applied, parameters bound, or the refusal).
 */
export function dataPolicyStage(ctx: AttemptContext, state: AttemptState): NextStep {
  const applied = ctx.run.dataPolicy;
  if (!applied) return RUN;
  const { sql, classification } = checkedSql(state);
  const span = ctx.run.rec.start('data-policy');
  const enforced = enforceDataPolicy(sql, ctx.schema.dialect, applied.policy, applied.attributes);
  if (!enforced.ok) {
    const error = `${DATA_POLICY_REFUSAL}${enforced.problem}.`;
    span.end('error', { error, detail: { kind: classification.kind } });
    return { step: 'finish', ending: failure('refused', error, sql, classification.kind) };
  }
  state.bound = { sql: enforced.sql, params: enforced.params };
  span.end('ok', { detail: { parameters: enforced.params.length, rewritten: enforced.sql !== sql } });
  return RUN;
}
