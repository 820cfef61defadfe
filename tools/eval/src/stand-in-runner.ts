import { readFileSync } from 'node:fs';
import type { ReadResult } from '@nlq/contracts';
import type { EvalItem } from './eval-data';
import { createEvalHarness, runDirect } from './eval-runner';
import { resultsMatch, sqlHasOrderBy } from '@nlq/pipeline';
import { REPLY_STYLES, startStandInModel, type ReplyStyle, type StandInModel } from './stand-in-model';

/**
 * `oracle`: each question's gold SQL (the first alternative that runs) is what the stand-in model writes;
 * `replay`: a recorded prediction of some model is.
 */
export type StandInMode = 'oracle' | 'replay';

/** How one question ended in an oracle or replay run. */
export interface StandInOutcome {
  id: string;
  db: string;
  question: string;
  /** The SQL the stand-in model wrote, and the style it was written in. */
  served: string;
  style: ReplyStyle;
  /** Some gold alternative runs directly on the database. */
  goldRuns: boolean;
  /** The served SQL, run directly on the database (as the sqlite3 shell reads it), matches a gold result. */
  rightDirectly: boolean;
  /** nlq answered (success true). */
  answered: boolean;
  /** nlq's rows match a gold result. */
  correct: boolean;
  /** The SQL nlq ran, its error when it did not answer, the repairs it made, and the model calls it spent. */
  sql: string;
  error: string | null;
  repairs: number;
  sqlCalls: number;
  answerCalls: number;
  /** The answer check's warnings on nlq's answer, each `code: words` or `code: message` (empty when none). */
  warnings: string[];
}

/** Figures of one set in an oracle or replay run. */
export interface StandInReport {
  set: string;
  mode: StandInMode;
  questions: number;
  /** Questions with a gold alternative that runs directly on the database. */
  goldRuns: number;
  /** Questions whose served SQL, run directly, matches gold (oracle: equals goldRuns when the gold is stable). */
  rightDirectly: number;
  answered: number;
  correct: number;
  /** Right directly but not correct through nlq: what nlq loses (0 is the target). */
  lost: number;
  /** Questions where nlq repaired the served SQL deterministically. */
  repaired: number;
  /** Answered questions that carry an answer-check warning, right ones and wrong ones. */
  warnedCorrect: number;
  warnedWrong: number;
  /** SQL-writing model calls over all questions (one a question when nothing needs a retry). */
  sqlCalls: number;
  seconds: number;
  items: StandInOutcome[];
}

/**
 * Reads a predictions file: one SQL statement a line, in the order of the questions; a line's text after a tab
 * (Spider's `SQL<TAB>db_id` format) is ignored, a blank line is an empty prediction. A trailing empty line at the
 * end of the file is dropped.
 * @throws Error when the file cannot be read
 */
export function readPredictions(file: string): string[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t')[0].trim());
}

/**
 * Runs one set through the whole pipeline with the stand-in model (stand-in-model.ts: real HTTP, the real OpenAI
 * client, reply styles rotating fenced, bare, chatty, <think> by question number) and scores it (Spider
 * test-suite EX against every gold alternative that runs). `predictions` (replay only) holds one SQL per item, in
 * order. Each question runs in its own session, so no answer is reused. Sequential.
 * @throws Error in replay mode when `predictions` is missing or its length differs from `items`
 */
export async function runStandInSet(
  set: string,
  items: readonly EvalItem[],
  mode: StandInMode,
  options: { predictions?: readonly string[]; onItem?: (o: StandInOutcome) => void; model?: StandInModel } = {},
): Promise<StandInReport> {
  if (mode === 'replay' && options.predictions?.length !== items.length) {
    throw new Error(
      `replay needs one prediction per question: ${options.predictions?.length ?? 0} predictions for ${items.length} questions of ${set}`,
    );
  }
  const started = performance.now();
  const model = options.model ?? (await startStandInModel());
  const harness = createEvalHarness(model.provider);
  const outcomes: StandInOutcome[] = [];
  try {
    for (const [k, item] of items.entries()) {
      const db = await harness.open(item);
      const golds: Array<{ sql: string; result: ReadResult }> = [];
      for (const gold of item.goldSql) {
        const ran = await runDirect(db, gold);
        if (ran.ok) golds.push({ sql: gold, result: ran.result });
      }
      const matchesGold = (result: ReadResult | null) =>
        !!result && golds.some((g) => resultsMatch(g.result, result, sqlHasOrderBy(g.sql)));
      const served = mode === 'oracle' ? (golds[0]?.sql ?? item.goldSql[0] ?? '') : (options.predictions?.[k] ?? '');
      const direct = mode === 'oracle' ? null : served ? await runDirect(db, served) : null;
      const rightDirectly = mode === 'oracle' ? golds.length > 0 : !!direct?.ok && matchesGold(direct.result);
      const style = REPLY_STYLES[k % REPLY_STYLES.length];
      model.serve(served, style);
      const out = await harness.pipeline.ask({
        question: item.question,
        sessionId: `${mode}-${set}-${k}`,
        userId: 'eval',
        connectionId: item.db,
      });
      const predicted = out.success && out.kind === 'read' ? out.result : null;
      const outcome: StandInOutcome = {
        id: item.id,
        db: item.db,
        question: item.question,
        served,
        style,
        goldRuns: golds.length > 0,
        rightDirectly,
        answered: out.success,
        correct: matchesGold(predicted),
        sql: out.sql,
        error: out.error,
        repairs: out.repairs?.length ?? 0,
        sqlCalls: model.sqlCalls,
        answerCalls: model.answerCalls,
        warnings: out.warnings.map((w) => `${w.code}: ${w.words?.join(', ') ?? w.message}`),
      };
      outcomes.push(outcome);
      options.onItem?.(outcome);
    }
  } finally {
    await harness.close();
    if (!options.model) await model.close();
  }
  const count = (f: (o: StandInOutcome) => boolean) => outcomes.filter(f).length;
  return {
    set,
    mode,
    questions: outcomes.length,
    goldRuns: count((o) => o.goldRuns),
    rightDirectly: count((o) => o.rightDirectly),
    answered: count((o) => o.answered),
    correct: count((o) => o.correct),
    lost: count((o) => o.rightDirectly && !o.correct),
    repaired: count((o) => o.repairs > 0),
    warnedCorrect: count((o) => o.correct && o.warnings.length > 0),
    warnedWrong: count((o) => o.answered && !o.correct && o.warnings.length > 0),
    sqlCalls: outcomes.reduce((n, o) => n + o.sqlCalls, 0),
    seconds: (performance.now() - started) / 1000,
    items: outcomes,
  };
}

/** Plain table of oracle or replay reports, one line a set, with the definitions underneath. */
export function formatStandInTable(reports: readonly StandInReport[]): string {
  const mode = reports[0]?.mode ?? 'oracle';
  const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)}%` : '-');
  const header =
    mode === 'oracle'
      ? [
          'set',
          'questions',
          'gold runs',
          'answered',
          'correct',
          'correct/gold runs',
          'repaired',
          'warned right',
          'sql calls',
          'seconds',
        ]
      : [
          'set',
          'questions',
          'gold runs',
          'right directly',
          'answered',
          'correct',
          'lost',
          'repaired',
          'warned right',
          'warned wrong',
          'sql calls',
          'seconds',
        ];
  const rows = reports.map((r) =>
    (mode === 'oracle'
      ? [
          r.set,
          r.questions,
          r.goldRuns,
          r.answered,
          r.correct,
          pct(r.correct, r.goldRuns),
          r.repaired,
          r.warnedCorrect,
          r.sqlCalls,
          r.seconds.toFixed(1),
        ]
      : [
          r.set,
          r.questions,
          r.goldRuns,
          r.rightDirectly,
          r.answered,
          r.correct,
          r.lost,
          r.repaired,
          r.warnedCorrect,
          r.warnedWrong,
          r.sqlCalls,
          r.seconds.toFixed(1),
        ]
    ).map(String),
  );
  const table = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const note =
    mode === 'oracle'
      ? 'oracle: the gold SQL served by a stand-in OpenAI-protocol model (fenced, bare, chatty, <think> replies in turn) through the whole pipeline; correct = rows match gold (Spider test-suite EX); warned right = right answers carrying an answer-check warning (false alarms)'
      : 'replay: recorded predictions served by a stand-in OpenAI-protocol model; right directly = the prediction run on the database (on SQLite as the sqlite3 shell reads it) matches gold; lost = right directly but not correct through nlq; warned right / wrong = answers carrying an answer-check warning';
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), note].join('\n');
}
