import type { AnswerWarning, DatabaseSchema, ReadResult, SqlClassification, SqlKind } from '@nlq/contracts';
import type { LlmProvider } from '@nlq/llm-providers';
import type { Run } from '../outcome-recorder';
import type { PipelineConfig, QueryTarget, StateStore } from '../ports';
import type { CheckCache } from '../stages/check';
import type { PromptContext } from '../stages/prompt-context';
import type { PreviousAttempt } from './next-step';
import type { RetryPolicy } from './retry-policy';

/** What every attempt of one question shares; nothing here changes between attempts except the policy's counts. */
export interface AttemptContext {
  run: Run;
  target: QueryTarget;
  /** The configured provider (the first to write SQL; `escalated` on spans compares with it). */
  provider: LlmProvider;
  schema: DatabaseSchema;
  /** The result cache key of this question (docs/architecture.md step 2). */
  cacheKey: string;
  config: PipelineConfig;
  store: StateStore;
  /** Epoch milliseconds. */
  clock: () => number;
  checks: CheckCache;
  policy: RetryPolicy;
  /** Linked schema and few-shot examples, prepared once a question when SQL is first needed (steps 4 and 5). */
  prompt: () => Promise<PromptContext>;
}

/** The state of the current attempt, carried from stage to stage and into the next attempt. */
export interface AttemptState {
  /** The provider writing SQL: the configured one, the fallback after an escalation. */
  active: LlmProvider;
  /** The SQL of this attempt (after the check, as repaired); null while it is still to be generated. */
  sql: string | null;
  /** True while the SQL is a near-duplicate question's, reused without generation (docs/architecture.md step 2). */
  fromReuse: boolean;
  /** The failed attempt the next generation is told about. */
  previousAttempt: PreviousAttempt | null;
  /** Ids of the verified examples the SQL was written with. */
  examplesUsed: string[];
  /**
   * The provider's data for wording the answer, returned with the generated SQL and handed back to it with the rows
   * (SqlGenerationResult.answerPlan); null for reused SQL and before generation.
   */
  answerPlan: unknown;
  /** The kind of the last checked statement (null before any check). */
  lastKind: SqlKind | null;
  /** The check's classification of `sql`; null until the check stage ran in this attempt. */
  classification: SqlClassification | null;
  /** The rows read, with the row-limit facts; null until the execute stage succeeded. */
  result: ReadResult | null;
  /** The answer check's findings on `sql` that a re-prompt did not clear, answered as warnings. */
  warnings: AnswerWarning[];
  /**
   * The statement as the data policy lets it run (masked, row-filtered) with its bound parameters; null when no
   * policy applies or the data-policy stage has not run in this attempt. Execute runs this instead of `sql`.
   */
  bound: { sql: string; params: string[] } | null;
}

/** The state before the first attempt: the near-duplicate's SQL when one is reused, else SQL to generate. */
export function firstAttempt(provider: LlmProvider, reusedSql: string | null): AttemptState {
  return {
    active: provider,
    sql: reusedSql,
    fromReuse: reusedSql !== null,
    previousAttempt: null,
    examplesUsed: [],
    answerPlan: null,
    lastKind: null,
    classification: null,
    result: null,
    warnings: [],
    bound: null,
  };
}

/** Start the next attempt: SQL to generate again, told about `previousAttempt`. */
export function nextAttempt(state: AttemptState, previousAttempt: PreviousAttempt | null): void {
  state.sql = null;
  state.answerPlan = null;
  state.previousAttempt = previousAttempt;
  state.classification = null;
  state.result = null;
  state.warnings = [];
  state.bound = null;
}

/**
 * The checked SQL and its classification, for the stages after the check.
 * @throws Error when the check stage has not run in this attempt (a misordered stage list)
 */
export function checkedSql(state: AttemptState): { sql: string; classification: SqlClassification } {
  if (state.sql === null || state.classification === null) throw new Error('the SQL has not been checked yet');
  return { sql: state.sql, classification: state.classification };
}
