/**
 * Execution-accuracy runner (`npm run eval -- --set chinook --limit 10`): asks the questions of a shared
 * evaluation set (<repo>/../shared/eval) through the real QueryPipeline with the chosen
 * provider (offline by default), runs the gold SQL on the same SQLite database and compares the results as the
 * Spider test-suite EX does. Prints per set: total, answered, refused, correct, execution accuracy
 * (correct / total) and precision (correct / answered). With `--mode oracle` (gold SQL) or `--mode replay
 * --predictions FILE` (recorded predictions) a local stand-in OpenAI-protocol model serves the SQL instead
 * (stand-in-runner.ts) and the table gives questions, gold runs, answered and correct. Exits 1 with a message when
 * the data is absent; exits 2 when an oracle or replay run lost questions that should be answered right.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createProvider } from '@nlq/llm-providers';
import { defaultEvalDir, loadEvalSet, spreadSample } from './eval-data';
import { EVAL_USAGE, parseEvalOptions, type EvalOptions } from './eval-options';
import { runEvalSet, type SetReport } from './eval-runner';
import { readKnowledgeFile } from './knowledge-file';
import { formatStandInTable, readPredictions, runStandInSet, type StandInReport } from './stand-in-runner';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Plain table of the set reports, one line a set. */
export function formatEvalTable(reports: readonly SetReport[]): string {
  const header = ['set', 'total', 'answered', 'refused', 'correct', 'EX', 'precision', 'gold errors', 'seconds'];
  const rows = reports.map((r) =>
    [
      r.set,
      r.total,
      r.answered,
      r.refused,
      r.correct,
      pct(r.accuracy),
      pct(r.precision),
      r.goldErrors,
      r.seconds.toFixed(1),
    ].map(String),
  );
  const table = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(options: EvalOptions): Promise<void> {
  const dataDir = path.resolve(options.dataDir ?? defaultEvalDir());
  if (!existsSync(dataDir)) {
    process.stderr.write(
      `evaluation data not found at ${dataDir}: the shared set lives beside the repository (../shared/eval); pass --data DIR to use another place.\n`,
    );
    process.exit(1);
  }
  if (options.mode !== 'model') return standIn(options, dataDir);
  const provider = createProvider({
    provider: options.provider,
    baseUrl: options.baseUrl,
    model: options.model,
    apiKey: process.env.LLM_API_KEY ?? null,
  });
  const reports: SetReport[] = [];
  for (const set of options.sets) {
    const items = spreadSample(loadEvalSet(set, dataDir), options.limit);
    const knowledgeFile = options.knowledge[set];
    const knowledge = knowledgeFile ? readKnowledgeFile(path.resolve(knowledgeFile)) : undefined;
    process.stderr.write(
      `[eval] ${set}: ${items.length} questions, provider ${provider.modelId}${knowledgeFile ? `, knowledge ${knowledgeFile}` : ''}\n`,
    );
    reports.push(
      await runEvalSet(
        set,
        items,
        provider,
        (o) => {
          if (options.verbose)
            process.stderr.write(
              `${o.verdict.padEnd(10)} ${o.id}  ${o.question.replace(/\s+/g, ' ').slice(0, 80)}${o.error ? `  (${o.error.slice(0, 120)})` : ''}\n`,
            );
        },
        knowledge,
      ),
    );
  }
  const table = `${formatEvalTable(reports)}\nprovider ${provider.modelId}; EX = correct / total, precision = correct / answered (Spider test-suite comparison)`;
  if (options.json) process.stderr.write(`${table}\n`);
  const out = options.json ? `${JSON.stringify({ provider: provider.modelId, reports }, null, 2)}\n` : `${table}\n`;
  // stdout is asynchronous on pipes: wait for the write before process.exit
  await new Promise<void>((resolve) => process.stdout.write(out, () => resolve()));
}

/** `--mode oracle` and `--mode replay`: the stand-in model serves gold SQL or recorded predictions. */
async function standIn(options: EvalOptions, dataDir: string): Promise<void> {
  const mode = options.mode === 'replay' ? 'replay' : 'oracle';
  const predictions = options.predictions ? readPredictions(path.resolve(options.predictions)) : null;
  const sets = options.sets.map((set) => ({ set, items: spreadSample(loadEvalSet(set, dataDir), options.limit) }));
  const total = sets.reduce((n, s) => n + s.items.length, 0);
  if (predictions && predictions.length !== total) {
    throw new Error(
      `${options.predictions} has ${predictions.length} predictions for ${total} questions (${sets.map((s) => `${s.set} ${s.items.length}`).join(', ')}): one SQL a line, in question order`,
    );
  }
  const reports: StandInReport[] = [];
  let offset = 0;
  for (const { set, items } of sets) {
    process.stderr.write(`[eval] ${set}: ${items.length} questions, mode ${mode}\n`);
    const own = predictions?.slice(offset, offset + items.length);
    offset += items.length;
    reports.push(
      await runStandInSet(set, items, mode, {
        predictions: own,
        onItem: (o) => {
          const verdict = o.correct ? 'correct' : o.answered ? 'wrong' : 'refused';
          const lost = (mode === 'oracle' ? o.goldRuns : o.rightDirectly) && !o.correct;
          if (options.verbose || lost) {
            process.stderr.write(
              `${(lost ? `LOST ${verdict}` : verdict).padEnd(13)} ${o.id} [${o.style}] ${o.question.replace(/\s+/g, ' ').slice(0, 70)}${o.error ? `  (${o.error.slice(0, 160)})` : ''}\n`,
            );
          }
        },
      }),
    );
  }
  const table = formatStandInTable(reports);
  if (options.json) process.stderr.write(`${table}\n`);
  const out = options.json ? `${JSON.stringify({ mode, reports }, null, 2)}\n` : `${table}\n`;
  await new Promise<void>((resolve) => process.stdout.write(out, () => resolve()));
  // Success is required of the oracle (and of replay on what runs right directly): exit 2 when nlq lost any.
  const lost = reports.reduce((n, r) => n + (mode === 'oracle' ? r.goldRuns - r.correct : r.lost), 0);
  if (lost > 0) {
    process.stderr.write(
      `[eval] ${lost} question(s) ${mode === 'oracle' ? 'whose gold SQL runs' : 'whose prediction runs right directly'} were not answered right through nlq (lines marked LOST above)\n`,
    );
    exitCode = 2;
  }
}

/** Exit code of a finished run: 0, or 2 when an oracle or replay run lost questions. */
let exitCode = 0;

if (require.main === module) {
  let options: EvalOptions;
  try {
    options = parseEvalOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  main(options).then(
    () => process.exit(exitCode),
    (error: unknown) => {
      process.stderr.write(`[eval] failed: ${error instanceof Error ? error.message : String(error)}\n${EVAL_USAGE}\n`);
      process.exit(1);
    },
  );
}
