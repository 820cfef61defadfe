import { failure } from '../outcome-recorder';
import { generateSql } from '../stages/generate';
import type { AttemptContext, AttemptState } from './attempt-context';
import { RUN, type NextStep } from './next-step';

/**
 * Step 6, generate (docs/architecture.md): when the attempt has no SQL yet, the active provider writes it from the
 * linked schema, the few-shot examples, the conversation, the business definitions and the previous attempt. A
 * provider that asks back ends the request with its clarification; one that fails escalates once to the fallback
 * provider, else ends the request (an honest "cannot answer" on the first attempt is a refusal, any other failure an
 * error). Trace span `generate` (attempt, provider, model, escalated, examplesUsed or clarification).
 */
export async function generateStage(ctx: AttemptContext, state: AttemptState): Promise<NextStep> {
  if (state.sql !== null) return RUN;
  const { run, policy } = ctx;
  const { linked, examples } = await ctx.prompt();
  const span = run.rec.start('generate');
  const generated = await generateSql(state.active, {
    question: run.question,
    dialect: ctx.schema.dialect,
    schema: linked.schema,
    examples,
    previousAttempt: state.previousAttempt,
    maxRows: ctx.config.maxResultRows,
    conversation: run.conversation,
    knowledge: run.knowledge.definitions,
  });
  const who = {
    provider: state.active.name,
    model: state.active.modelId,
    ...(state.active !== ctx.provider ? { escalated: true } : {}),
  };
  if (!generated.ok && 'clarification' in generated) {
    const { question, options } = generated.clarification;
    span.end('ok', {
      detail: { attempt: policy.attempt, ...who, clarification: { question, options: options.length } },
    });
    return { step: 'ask-back', clarification: generated.clarification };
  }
  if (!generated.ok) {
    span.end('error', {
      error: generated.error,
      detail: { attempt: policy.attempt, ...who, unanswerable: generated.unanswerable },
    });
    const decision = await policy.afterFailure({ escalate: true, retry: false });
    if (decision.action === 'escalate') return { step: 'escalate', to: decision.to };
    const refused = generated.unanswerable && state.previousAttempt === null;
    const sql = state.previousAttempt?.sql ?? '';
    return { step: 'finish', ending: failure(refused ? 'refused' : 'error', generated.error, sql, state.lastKind) };
  }
  span.end('ok', {
    tokens: generated.tokens,
    detail: {
      attempt: policy.attempt,
      ...who,
      ...(generated.examplesUsed.length ? { examplesUsed: generated.examplesUsed } : {}),
    },
  });
  state.sql = generated.sql;
  state.examplesUsed = generated.examplesUsed;
  state.answerPlan = generated.answerPlan;
  state.fromReuse = false;
  return RUN;
}
