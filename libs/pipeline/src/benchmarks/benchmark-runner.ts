import type { BenchmarkFingerprint, BenchmarkQuestion, BenchmarkResult, KnowledgeDefinition } from '@nlq/contracts';
import { classifySql } from '@nlq/db-drivers';
import { performance } from 'node:perf_hooks';
import type { StateStore, TargetResolver } from '../ports';
import type { QueryPipeline } from '../query-pipeline';
import { recordId } from '../record-id';
import { judgeAnswer, type ExpectedResult } from './benchmark-verdict';

/** Questions of one benchmark run answered at the same time (the pipeline's own work is mostly waiting on I/O). */
export const BENCHMARK_CONCURRENCY = 4;

/** What a benchmark run needs: the pipeline /api/chat asks, the targets, the state store and the read limits. */
export interface BenchmarkRunnerDeps {
  pipeline: Pick<QueryPipeline, 'ask' | 'connectionSchema'>;
  targets: TargetResolver;
  store: Pick<StateStore, 'listDefinitions'>;
  /** The pipeline's row limit and statement timeout (ms), applied to the expected SQL too. */
  limits: { maxResultRows: number; statementTimeoutMs: number };
}

/** Who runs the benchmark and on which connection. */
export interface BenchmarkRunScope {
  connectionId: string;
  /** The audited user of every question (the caller). */
  userId: string;
  concurrency?: number;
}

/**
 * Runs every question through `pipeline.ask` as POST /api/chat does (the connection's current model, definitions and
 * verified examples), each in a fresh session of its own whose context questions are asked first, and judges it
 * against its expected SQL's result, read-only under the same limits ({@link judgeAnswer}). Results keep the order of
 * `questions`. Never rejects for a question's failure (that question is `error`); rejects when the connection is
 * unknown.
 */
export async function runBenchmarkQuestions(
  questions: readonly BenchmarkQuestion[],
  scope: BenchmarkRunScope,
  deps: BenchmarkRunnerDeps,
): Promise<BenchmarkResult[]> {
  const target = await deps.targets.connection(scope.connectionId);
  const results: BenchmarkResult[] = new Array(questions.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < questions.length) {
      const index = next++;
      results[index] = await runOne(questions[index], scope, deps, target.driver);
    }
  };
  const workers = Math.max(1, Math.min(scope.concurrency ?? BENCHMARK_CONCURRENCY, questions.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

/** One question in its own session: context first, then the question (timed), then the expected SQL. */
async function runOne(
  question: BenchmarkQuestion,
  scope: BenchmarkRunScope,
  deps: BenchmarkRunnerDeps,
  driver: Awaited<ReturnType<TargetResolver['connection']>>['driver'],
): Promise<BenchmarkResult> {
  const sessionId = `benchmark-${recordId()}`;
  const ask = (text: string) =>
    deps.pipeline.ask({ question: text, sessionId, userId: scope.userId, connectionId: scope.connectionId });
  try {
    for (const earlier of question.context ?? []) await ask(earlier);
    const started = performance.now();
    const outcome = await ask(question.question);
    const latency = performance.now() - started;
    return judgeAnswer(question, outcome, await expectedResult(question.expected_sql, driver, deps.limits), latency);
  } catch (error) {
    return {
      question: question.question,
      context: question.context ?? [],
      status: 'error',
      reasons: [],
      sql: '',
      expected_sql: question.expected_sql,
      latency_ms: 0,
      warnings: [error instanceof Error ? error.message : String(error)],
      definitions: [],
      columns: [],
      rows: [],
      expected_columns: [],
      expected_rows: [],
    };
  }
}

/** The expected SQL's result, run read-only only when it still classifies as a read in the connection's dialect. */
async function expectedResult(
  sql: string,
  driver: Awaited<ReturnType<TargetResolver['connection']>>['driver'],
  limits: BenchmarkRunnerDeps['limits'],
): Promise<ExpectedResult> {
  const classification = classifySql(sql, driver.dialect);
  if (classification.kind !== 'read')
    return { ok: false, error: `it is not a read (${classification.reason ?? classification.kind})` };
  try {
    return {
      ok: true,
      result: await driver.runRead(sql, { maxRows: limits.maxResultRows, timeoutMs: limits.statementTimeoutMs }),
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * What a run runs with: the provider and model answering now, the connection's live definitions (id, name, version,
 * sorted by id) and its schema version (null when the schema cannot be read).
 */
export async function benchmarkFingerprint(
  connectionId: string,
  deps: Pick<BenchmarkRunnerDeps, 'pipeline' | 'targets' | 'store'>,
): Promise<BenchmarkFingerprint> {
  const provider = await deps.targets.provider();
  const definitions: KnowledgeDefinition[] = (await deps.store.listDefinitions?.(connectionId)) ?? [];
  let schemaVersion: string | null = null;
  try {
    schemaVersion = (await deps.pipeline.connectionSchema(connectionId)).schema.version;
  } catch {
    schemaVersion = null;
  }
  return {
    provider: provider.name,
    model: provider.modelId,
    definitions: definitions
      .map((d) => ({ id: d.id, name: 'name' in d && typeof d.name === 'string' ? d.name : null, version: d.version }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    schema_version: schemaVersion,
  };
}
