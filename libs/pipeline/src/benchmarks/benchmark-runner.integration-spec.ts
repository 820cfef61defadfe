/**
 * Benchmark runs through a real QueryPipeline on SQLite, PostgreSQL and MariaDB query databases: a scripted model
 * writes known SQL per question, and each verdict and its reasons are checked against what was worked out by hand
 * from the five rows of the fixture (the comparison itself is result-comparison.ts).
 */
import type { BenchmarkQuestion } from '@nlq/contracts';
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { scriptedPipeline } from '../testing/scripted-pipeline';
import { ScriptedLlmProvider } from '../testing/scripted-llm-provider';
import { runBenchmarkQuestions } from './benchmark-runner';
import { accuracyOf } from './run-history';

const FIXTURE = [
  'CREATE TABLE cities (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, country VARCHAR(40) NOT NULL, population INTEGER NOT NULL)',
  "INSERT INTO cities (id, name, country, population) VALUES (1, 'Paris', 'France', 2100), (2, 'Lyon', 'France', 500), (3, 'Berlin', 'Germany', 3600), (4, 'Hamburg', 'Germany', 1800), (5, 'Rome', 'Italy', 2800)",
];

/** Question, the SQL the scripted model writes for it, the expected SQL, and the verdict worked out by hand. */
const CASES: Array<{
  q: string;
  model: string;
  expected: string;
  status: string;
  reasons: string[];
  context?: string[];
}> = [
  {
    q: 'count cities',
    model: 'SELECT COUNT(*) AS n FROM cities',
    expected: 'SELECT COUNT(*) FROM cities',
    status: 'right',
    reasons: [],
  },
  {
    q: 'french cities',
    model: "SELECT name FROM cities WHERE country = 'France'",
    expected: "SELECT name, population FROM cities WHERE country = 'France'",
    status: 'wrong',
    reasons: ['missing_columns'],
  },
  {
    q: 'cities by population',
    model: 'SELECT name FROM cities ORDER BY population',
    expected: 'SELECT name FROM cities ORDER BY population DESC',
    status: 'wrong',
    reasons: ['different_order'],
  },
  {
    q: 'italian cities',
    model: "SELECT name FROM cities WHERE country = 'Spain'",
    expected: "SELECT name FROM cities WHERE country = 'Italy'",
    status: 'wrong',
    reasons: ['empty_result'],
  },
  {
    q: 'german cities',
    model: "SELECT name FROM cities WHERE country IN ('Germany', 'Italy')",
    expected: "SELECT name FROM cities WHERE country = 'Germany'",
    status: 'wrong',
    reasons: ['extra_rows'],
  },
  {
    q: 'big cities',
    model: 'SELECT name FROM cities WHERE population > 2000',
    expected: 'SELECT name FROM cities WHERE population > 1000',
    status: 'wrong',
    reasons: ['missing_rows'],
  },
  {
    q: 'populations',
    model: 'SELECT name, population + 1 AS people FROM cities',
    expected: 'SELECT name, population FROM cities',
    status: 'wrong',
    reasons: ['different_values'],
  },
  { q: 'remove Rome', model: 'DELETE FROM cities WHERE id = 5', expected: 'SELECT 1', status: 'refused', reasons: [] },
  {
    q: 'and their populations?',
    context: ['french cities'],
    model: "SELECT name, population FROM cities WHERE country = 'France'",
    expected: "SELECT name, population FROM cities WHERE country = 'France'",
    status: 'right',
    reasons: [],
  },
  {
    q: 'broken expectation',
    model: 'SELECT name FROM cities',
    expected: 'SELECT nope FROM cities',
    status: 'error',
    reasons: [],
  },
];

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('benchmark runs on $name', (engine) => {
  const scratch = useScratchDriver(engine, FIXTURE);

  it('judges each question against its expected result, in a session of its own, with the reasons', async () => {
    const bySql = new Map(CASES.map((c) => [c.q, c.model]));
    const provider = new ScriptedLlmProvider({ sql: (request) => bySql.get(request.question) ?? 'SELECT 1' });
    const { pipeline, store } = scriptedPipeline({ driver: scratch.driver, provider });
    const questions: BenchmarkQuestion[] = CASES.map((c) => ({
      question: c.q,
      expected_sql: c.expected,
      ...(c.context ? { context: c.context } : {}),
    }));
    const results = await runBenchmarkQuestions(
      questions,
      { connectionId: 'c', userId: 'admin' },
      {
        pipeline,
        targets: {
          connection: async () => ({ connectionId: 'c', driver: scratch.driver }),
          provider: async () => provider,
        },
        store,
        limits: { maxResultRows: 100, statementTimeoutMs: 5000 },
      },
    );
    expect(results.map((r) => ({ q: r.question, status: r.status, reasons: r.reasons }))).toEqual(
      CASES.map((c) => ({ q: c.q, status: c.status, reasons: c.reasons })),
    );
    expect(accuracyOf(results)).toBeCloseTo(2 / 10);
    const wrong = results[1];
    expect(wrong).toMatchObject({ sql: CASES[1].model, expected_sql: CASES[1].expected });
    expect(wrong.rows).toHaveLength(2);
    expect(wrong.expected_rows).toHaveLength(2);
    expect(results[7].warnings.join(' ')).toMatch(/write/i);
    expect(results[9].warnings.join(' ')).toMatch(/expected SQL failed/);
    expect(results.every((r) => r.latency_ms >= 0)).toBe(true);

    // the follow-up saw its context question as an earlier turn; no other question saw another's turns
    const followUp = provider.sqlRequests.find((r) => r.question === 'and their populations?');
    expect(followUp?.conversation?.map((t) => t.question)).toEqual(['french cities']);
    const others = provider.sqlRequests.filter((r) => r.question !== 'and their populations?');
    expect(others.every((r) => (r.conversation ?? []).length === 0)).toBe(true);

    // nothing was written
    const rows = await scratch.driver.runRead('SELECT COUNT(*) AS n FROM cities', { maxRows: 1, timeoutMs: 5000 });
    expect(Number(rows.rows[0][0])).toBe(5);
  });
});
