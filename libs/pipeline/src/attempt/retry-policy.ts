import type { LlmProvider } from '@nlq/llm-providers';

/**
 * Failures that spend the shared retry budget (`MAX_RETRIES`, docs/configuration.md) after the one escalation to the
 * fallback provider: unknown tables or columns found by the check (`reference`), a database error a new statement
 * may fix (`database`). A provider that writes no SQL (`generation`) only escalates.
 */
export type FailureReason = 'generation' | 'reference' | 'database';

/**
 * Post-checks that may re-prompt the provider a fixed number of times per question, outside the retry budget
 * (see {@link REPROMPT_BUDGET}): `definitions`, the business-definitions containment check
 * (docs/architecture.md step 5), and `answer-check`, the answer check (docs/architecture.md "Answer check").
 */
export type RepromptReason = 'definitions' | 'answer-check';

/** Why SQL is written again. */
export type RetryReason = FailureReason | RepromptReason;

/**
 * Re-prompts each post-check may ask for in one question. Extension point: a new post-check that asks the model
 * once more with its findings and otherwise lets the answer go on with a warning adds its reason to
 * {@link RepromptReason} with a budget of 1 here, and its stage to ATTEMPT_STAGES (attempt-stages.ts) after the
 * definitions check; the stage asks {@link RetryPolicy.mayReprompt}, spends with {@link RetryPolicy.reprompt} and
 * returns a `retry` step, or `run` once the budget is spent.
 */
export const REPROMPT_BUDGET: ReadonlyMap<RepromptReason, number> = new Map([
  ['definitions', 1],
  ['answer-check', 1],
]);

/** What the policy grants after a failure. */
export type FailureDecision = { action: 'escalate'; to: LlmProvider } | { action: 'retry' } | { action: 'stop' };

/** The limits {@link RetryPolicy} enforces and where the fallback provider comes from. */
export interface RetryPolicyOptions {
  /** Retries after the first attempt for `reference` and `database` failures (`MAX_RETRIES`). */
  maxRetries: number;
  /** The fallback provider of the local-first cascade (docs/configuration.md), or null when none is configured. */
  fallback: () => Promise<LlmProvider | null>;
  /** Re-prompts per post-check; default {@link REPROMPT_BUDGET}. */
  reprompts?: ReadonlyMap<RepromptReason, number>;
}

/**
 * The one owner of retry limits and order for one question (docs/architecture.md steps 6-10). After a failure:
 * first one escalation to the fallback provider (once a question, whether or not a fallback exists; asked only
 * when the failing stage allows it), then a retry while fewer than `maxRetries` were used, else stop. Post-check
 * re-prompts have their own budget per reason and spend neither the retries nor the escalation.
 */
export class RetryPolicy {
  private used = 0;
  private escalated = false;
  private readonly repromptsLeft: Map<RepromptReason, number>;

  constructor(private readonly options: RetryPolicyOptions) {
    this.repromptsLeft = new Map(options.reprompts ?? REPROMPT_BUDGET);
  }

  /** Retries granted so far (escalations and re-prompts are not counted). */
  get retriesUsed(): number {
    return this.used;
  }

  /** The retry limit (`MAX_RETRIES`). */
  get maxRetries(): number {
    return this.options.maxRetries;
  }

  /** The number of the current attempt, from 1, as trace spans show it (`attempt`). */
  get attempt(): number {
    return this.used + 1;
  }

  /**
   * Decide after a failure: `escalate` when `allow.escalate` and the escalation is unspent and a fallback exists
   * (the escalation is spent by asking, even when none exists), else `retry` when `allow.retry` and the budget has
   * room (counted at once), else `stop`.
   */
  async afterFailure(allow: { escalate: boolean; retry: boolean }): Promise<FailureDecision> {
    if (allow.escalate && !this.escalated) {
      this.escalated = true;
      const fallback = await this.options.fallback();
      if (fallback) return { action: 'escalate', to: fallback };
    }
    if (allow.retry && this.used < this.options.maxRetries) {
      this.used++;
      return { action: 'retry' };
    }
    return { action: 'stop' };
  }

  /** True while the post-check `reason` has a re-prompt left. */
  mayReprompt(reason: RepromptReason): boolean {
    return (this.repromptsLeft.get(reason) ?? 0) > 0;
  }

  /** Spend one re-prompt of `reason`. @throws Error when none is left (ask {@link mayReprompt} first) */
  reprompt(reason: RepromptReason): void {
    const left = this.repromptsLeft.get(reason) ?? 0;
    if (left <= 0) throw new Error(`no ${reason} re-prompt left`);
    this.repromptsLeft.set(reason, left - 1);
  }
}
