import type { AttemptContext, AttemptState } from './attempt-context';
import { answerCheckStage } from './answer-check-stage';
import { answerStage } from './answer-stage';
import { checkStage } from './check-stage';
import { dataPolicyStage } from './data-policy-stage';
import { definitionsStage } from './definitions-stage';
import { executeStage } from './execute-stage';
import { generateStage } from './generate-stage';
import type { NextStep } from './next-step';
import { policyStage } from './policy-stage';

/** One stage of an attempt: reads and updates the attempt's state, and says what comes next. */
export interface AttemptStage {
  /** For errors and documentation; the stage's trace span names are its own. */
  readonly name: string;
  run(ctx: AttemptContext, state: AttemptState): NextStep | Promise<NextStep>;
}

/**
 * The stages every attempt runs in order (docs/architecture.md steps 6-11) until one returns a step other than
 * `run`. Generate does nothing when the attempt already has SQL (a reused near-duplicate's).
 *
 * Extension point for post-checks of the checked SQL: insert the stage after `definitions` and before `policy`. A
 * check that may ask the model once more with its findings takes a re-prompt reason and budget in
 * retry-policy.ts (REPROMPT_BUDGET); while the budget lasts it returns `{ step: 'retry', reason, previousAttempt:
 * { sql, error: findings } }`, afterwards `run` (the answer goes on, with its findings as a warning).
 */
export const ATTEMPT_STAGES: readonly AttemptStage[] = [
  { name: 'generate', run: generateStage },
  { name: 'check', run: checkStage },
  { name: 'definitions', run: definitionsStage },
  { name: 'data-policy', run: dataPolicyStage },
  { name: 'answer-check', run: answerCheckStage },
  { name: 'policy', run: policyStage },
  { name: 'execute', run: executeStage },
  { name: 'answer', run: answerStage },
];
