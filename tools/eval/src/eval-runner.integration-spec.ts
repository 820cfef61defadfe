/**
 * The runner end to end on the shared evaluation data (real SQLite files through the real driver, the real
 * QueryPipeline and checker), with a scripted provider: answering with the gold SQL must score as correct, a
 * constant wrong query must not. Skips with a message when <repo>/../shared/eval is absent.
 */
import { existsSync } from 'node:fs';
import { ScriptedLlmProvider } from '@nlq/pipeline/testing';
import { defaultEvalDir, loadEvalSet, spreadSample, type EvalItem } from './eval-data';
import { runEvalSet } from './eval-runner';

const dataDir = defaultEvalDir();
const present = existsSync(dataDir);
if (!present) console.warn(`skipping eval-runner integration tests: no evaluation data at ${dataDir}`);
const describeIfData = present ? describe : describe.skip;

/** A provider that writes the first gold alternative of whichever item asks. */
function goldProvider(items: readonly EvalItem[]): ScriptedLlmProvider {
  const gold = new Map(items.map((i) => [i.question.trim(), i.goldSql[0]]));
  return new ScriptedLlmProvider({ sql: (request) => gold.get(request.question.trim()) ?? 'SELECT 1' });
}

describeIfData('runEvalSet on the shared data', () => {
  it('scores the gold SQL itself as correct on defog (2 questions from each of 11 databases)', async () => {
    const items = spreadSample(loadEvalSet('defog', dataDir), 22);
    const report = await runEvalSet('defog', items, goldProvider(items));
    expect(report.total).toBe(22);
    expect(report.goldErrors).toBe(0);
    expect(report.correct).toBe(report.answered);
    expect(report.answered).toBeGreaterThanOrEqual(20);
    expect(report.accuracy).toBeCloseTo(report.correct / 22);
  }, 90_000);

  it('scores a constant wrong query as wrong, and counts refusals apart', async () => {
    const items = spreadSample(loadEvalSet('chinook', dataDir), 6);
    // half the questions always get a constant query (answered, with the answer check's warnings after one re-prompt),
    // the other half a model failure (refused)
    const down = new Set(items.filter((_item, i) => i % 2 === 1).map((i) => i.question.trim()));
    const provider = new ScriptedLlmProvider({
      sql: (request) => (down.has(request.question.trim()) ? new Error('model down') : "SELECT 'nothing' AS x"),
    });
    const report = await runEvalSet('chinook', items, provider);
    expect(report.total).toBe(6);
    expect(report.correct).toBe(0);
    expect(report.refused).toBe(3);
    expect(report.answered).toBe(3);
    expect(report.items.filter((i) => i.verdict === 'wrong')).toHaveLength(3);
    expect(report.precision).toBe(0);
  });
});
