import type { StoredClarification } from '@nlq/contracts';
import type { LlmProvider } from '@nlq/llm-providers';
import type { Ending } from '../outcome-recorder';
import type { OpenSpan } from '../trace-recorder';
import type { RetryReason } from './retry-policy';

/** The SQL of a failed attempt and why it failed, sent with the next generation so the provider can correct it. */
export interface PreviousAttempt {
  sql: string;
  error: string;
}

/**
 * What an attempt stage (attempt-stages.ts) tells the driver to do next (attempt-loop.ts):
 * - `run`: go on to the next stage of this attempt;
 * - `retry`: write the SQL again with `previousAttempt` (the retry policy already granted it, for `reason`);
 * - `escalate`: write the SQL again with the fallback provider `to`, with `previousAttempt` when given (else the
 *   previous attempt so far is kept);
 * - `hold`: the statement is a write held for approval; `span` is the policy span, still open;
 * - `ask-back`: the provider asked back instead of writing SQL (docs/architecture.md "Readings and clarifications");
 * - `finish`: the request ends with `ending` (an answer, a refusal or a failure).
 */
export type NextStep =
  | { step: 'run' }
  | { step: 'retry'; reason: RetryReason; previousAttempt: PreviousAttempt }
  | { step: 'escalate'; to: LlmProvider; previousAttempt?: PreviousAttempt }
  | { step: 'hold'; span: OpenSpan }
  | { step: 'ask-back'; clarification: StoredClarification }
  | { step: 'finish'; ending: Ending };

/** The step that runs the next stage of the same attempt. */
export const RUN: NextStep = { step: 'run' };
