import { askedBack, type Ending } from '../outcome-recorder';
import { firstAttempt, nextAttempt, type AttemptContext, type AttemptState } from './attempt-context';
import { ATTEMPT_STAGES, type AttemptStage } from './attempt-stages';
import { holdForApproval } from './hold';
import type { NextStep } from './next-step';

/**
 * Steps 6-11 of docs/architecture.md for one question: run the attempt stages in order; on `retry` or `escalate`
 * start a new attempt (with the fallback provider after an escalation), until a stage holds the write for
 * approval, asks back or finishes. The retry policy in `ctx.policy` bounds the attempts; `reusedSql` is a
 * near-duplicate question's SQL, checked and run without generation first.
 */
export async function runAttempts(
  ctx: AttemptContext,
  reusedSql: string | null,
  stages: readonly AttemptStage[] = ATTEMPT_STAGES,
): Promise<Ending> {
  const state = firstAttempt(ctx.provider, reusedSql);
  for (;;) {
    const step = await runStages(ctx, state, stages);
    switch (step.step) {
      case 'retry':
        nextAttempt(state, step.previousAttempt);
        break;
      case 'escalate':
        state.active = step.to;
        nextAttempt(state, step.previousAttempt ?? state.previousAttempt);
        break;
      case 'hold':
        return holdForApproval(ctx, state, step.span);
      case 'ask-back':
        return askedBack(step.clarification);
      case 'finish':
        return step.ending;
    }
  }
}

/** One attempt: the stages in order until one returns a step other than `run`. */
async function runStages(
  ctx: AttemptContext,
  state: AttemptState,
  stages: readonly AttemptStage[],
): Promise<Exclude<NextStep, { step: 'run' }>> {
  for (const stage of stages) {
    const step = await stage.run(ctx, state);
    if (step.step !== 'run') return step;
  }
  throw new Error(`the attempt stages (${stages.map((s) => s.name).join(', ')}) ended without an ending`);
}
