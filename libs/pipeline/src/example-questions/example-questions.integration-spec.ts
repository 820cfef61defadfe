/**
 * Example questions checked by reading them back: a question is offered only when the offline engine's SQL for it
 * returns the result of the SQL it was made from. SQLite always; PostgreSQL and MariaDB in fresh databases, skipped
 * only when unreachable.
 */
import type { DatabaseSchema } from '@nlq/contracts';
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { candidateQuestions, type CandidateQuestion } from './candidate-questions';
import { ExampleQuestions } from './example-questions';

jest.setTimeout(60_000);

/** A lending library: nothing like the sample shop. */
const FIXTURE = [
  'CREATE TABLE branch (branch_id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, city VARCHAR(40) NOT NULL)',
  'CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, branch_id INTEGER NOT NULL REFERENCES branch (branch_id), ' +
    'late_fee DECIMAL(8,2) NOT NULL, status VARCHAR(20) NOT NULL)',
  "INSERT INTO branch VALUES (1, 'Central', 'Leeds'), (2, 'Riverside', 'York'), (3, 'Hilltop', 'Leeds')",
  "INSERT INTO loan VALUES (1, 1, 2.50, 'open'), (2, 1, 0.00, 'returned'), (3, 2, 7.25, 'open'), " +
    "(4, 3, 1.00, 'lost'), (5, 2, 3.75, 'returned'), (6, 1, 12.00, 'lost'), (7, 3, 0.50, 'open')",
];

const LIMITS = { want: 6, maxAttempts: 40, timeoutMs: 5000, budgetMs: 30_000 };

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('example questions read back on $name', (engine) => {
  const scratch = useScratchDriver(engine, FIXTURE);
  let schema: DatabaseSchema;

  beforeAll(async () => {
    schema = await scratch.driver.introspect();
  });

  it('offers questions built from the schema whose reading gives the SQL they were made from', async () => {
    const offered = await new ExampleQuestions(LIMITS).build(schema, scratch.driver);
    expect(offered.length).toBeGreaterThanOrEqual(3);
    expect(offered).toEqual(expect.arrayContaining(['How many loans are there?', 'Total late fee per status']));
  });

  it('never offers a question whose reading returns another result than its SQL', async () => {
    const made = candidateQuestions(schema);
    const perStatus = made.find((c) => c.question === 'Total late fee per status')!;
    const count = made.find((c) => c.question === 'How many loans are there?')!;
    // the same questions said to be made from other SQL: the engine's reading no longer gives it
    const otherSql: CandidateQuestion[] = [
      { ...perStatus, sql: count.sql },
      { ...count, question: 'How many loans are there?', sql: perStatus.sql },
      { ...count, table: 'branch', question: 'How many branches are there?', sql: count.sql },
    ];
    const offered = await new ExampleQuestions(LIMITS, () => [...otherSql, perStatus]).build(schema, scratch.driver);
    expect(offered).toEqual(['Total late fee per status']);
  });
});
