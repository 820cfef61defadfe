import { failure } from '../outcome-recorder';
import { describeReferenceErrors, type CheckResult } from '../stages/check';
import { exhaustedMessage } from '../stages/correct';
import type { AttemptContext, AttemptState } from './attempt-context';
import { RUN, type NextStep } from './next-step';

/**
 * Step 7, check (docs/architecture.md): parse and classify the SQL in the dialect's grammar, with the deterministic
 * repairs (the repaired SQL is the attempt's SQL from here on, its repairs go with the outcome). Unknown tables or
 * columns are a `reference` failure: the retry policy escalates (never for reused SQL) or retries with the
 * feedback, else the request fails. Trace span `check` (kind, statement type, tables, reused, repairs, unknown).
 */
export async function checkStage(ctx: AttemptContext, state: AttemptState): Promise<NextStep> {
  const { run, policy } = ctx;
  const span = run.rec.start('check');
  const checked = checkOrRefuse(ctx, state.sql ?? '');
  const { sql, classification } = checked;
  state.sql = sql;
  state.classification = classification;
  state.lastKind = classification.kind;
  run.repairs = checked.repairs;
  const repairDetail = {
    ...(checked.repairs.length > 0 ? { repairs: checked.repairs } : {}),
    ...(checked.doubleQuoted ? { doubleQuoted: checked.doubleQuoted } : {}),
  };
  if (checked.referenceErrors.length > 0) {
    const feedback = describeReferenceErrors(checked.referenceErrors);
    span.end('error', {
      error: feedback,
      detail: { kind: classification.kind, unknown: checked.referenceErrors, attempt: policy.attempt, ...repairDetail },
    });
    const decision = await policy.afterFailure({ escalate: !state.fromReuse, retry: true });
    const previousAttempt = { sql, error: feedback };
    if (decision.action === 'escalate') return { step: 'escalate', to: decision.to, previousAttempt };
    if (decision.action === 'retry') return { step: 'retry', reason: 'reference', previousAttempt };
    const error = exhaustedMessage(policy.retriesUsed, feedback);
    return { step: 'finish', ending: failure('error', error, sql, classification.kind) };
  }
  const refused = classification.kind === 'refused';
  span.end(refused ? 'error' : 'ok', {
    error: refused ? (classification.reason ?? 'refused') : null,
    detail: {
      kind: classification.kind,
      statementType: classification.statementType ?? null,
      tables: classification.tables,
      reused: state.fromReuse,
      ...repairDetail,
    },
  });
  return RUN;
}

/** The check of `sql`; a checker that throws makes a refusal that says the SQL could not be checked, and why. */
function checkOrRefuse(ctx: AttemptContext, sql: string): CheckResult {
  try {
    return ctx.checks.check(sql, ctx.schema.dialect, ctx.schema);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      sql,
      classification: { kind: 'refused', reason: `the SQL could not be checked (${reason})`, tables: [] },
      referenceErrors: [],
      repairs: [],
    };
  }
}
