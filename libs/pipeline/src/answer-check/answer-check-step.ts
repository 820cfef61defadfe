import type { AnswerWarning, DatabaseSchema, Dialect } from '@nlq/contracts';
import type { DatabaseDriver } from '@nlq/db-drivers';
import type { TraceRecorder } from '../trace-recorder';
import { answerCheckParts } from './answer-check';
import { probeUnknownValue } from './value-probe';

/** What the `answer-check` step decided about one read. */
export type AnswerCheckDecision =
  | { action: 'pass'; warnings: AnswerWarning[] }
  | { action: 'retry'; error: string }
  | { action: 'refuse'; error: string };

/**
 * The `answer-check` step (docs/architecture.md "Answer check"), recorded as a span with the findings: the SQL about
 * to run is held against the question (checkAnswer). With findings, a model is asked once more with them as the
 * correction (`retry` when `mayRetry`), then answered with them as warnings (`pass`); the offline engine
 * (`refuse`: true), which never guesses, is refused naming them, so that the person can rephrase. With `probe`, at
 * most one read-only query under `probe.timeoutMs` (ms) looks for a value the schema's samples cannot settle
 * (value-probe.ts).
 */
export async function answerCheckStep(
  rec: TraceRecorder,
  input: {
    question: string;
    sql: string;
    dialect: Dialect;
    schema: DatabaseSchema;
    rowLimit: number;
    attempt: number;
    mayRetry: boolean;
    refuse: boolean;
    probe?: { driver: DatabaseDriver; timeoutMs: number };
  },
): Promise<AnswerCheckDecision> {
  const span = rec.start('answer-check');
  const parts = answerCheckParts(input);
  const probed = input.probe
    ? await probeUnknownValue(parts, input.probe.driver, { dialect: input.dialect, timeoutMs: input.probe.timeoutMs })
    : null;
  const findings = probed ? [...parts.findings, probed] : parts.findings;
  const action = findings.length === 0 ? 'pass' : input.refuse ? 'refuse' : input.mayRetry ? 'retry' : 'pass';
  span.end(action === 'pass' ? 'ok' : 'error', {
    error: findings.length ? findings.map((f) => f.message).join(' ') : null,
    detail: { findings, attempt: input.attempt, action },
  });
  if (action === 'pass') return { action, warnings: findings };
  const text = findings.map((f) => f.message).join(' ');
  if (action === 'retry')
    return {
      action,
      error: `${text} Write SQL that answers the question as asked: use each of these parts of the question in the role it gives them, and avoid what is found.`,
    };
  const words = findings.flatMap((f) => f.words ?? []);
  return {
    action,
    error: `The question was not answered: the SQL found for it may not mean what was asked (${text})${
      words.length
        ? ` Rephrase the question, saying more plainly what ${words.map((w) => `"${w}"`).join(', ')} should mean.`
        : ' Rephrase the question more plainly.'
    }`,
  };
}
