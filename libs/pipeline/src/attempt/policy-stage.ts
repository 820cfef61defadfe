import { failure } from '../outcome-recorder';
import { decidePolicy } from '../stages/policy';
import type { AttemptContext, AttemptState } from './attempt-context';
import { checkedSql } from './attempt-context';
import { RUN, type NextStep } from './next-step';

/**
 * Step 8, policy (docs/architecture.md): mode `user` runs reads only, mode `admin` holds every write or DDL for
 * approval (the `hold` step, with the policy span still open for the impact preview), anything else is refused.
 * Trace span `policy` (mode, kind).
 */
export function policyStage(ctx: AttemptContext, state: AttemptState): NextStep {
  const { sql, classification } = checkedSql(state);
  const { mode } = ctx.config;
  const span = ctx.run.rec.start('policy');
  const decision = decidePolicy(mode, classification);
  if (decision.action === 'deny') {
    span.end('error', { error: decision.error, detail: { mode, kind: classification.kind } });
    return { step: 'finish', ending: failure('refused', decision.error, sql, classification.kind) };
  }
  if (decision.action === 'hold') return { step: 'hold', span };
  span.end('ok', { detail: { mode, kind: classification.kind } });
  return RUN;
}
