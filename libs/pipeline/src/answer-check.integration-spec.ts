/**
 * The answer check through the pipeline (docs/architecture.md "Answer check") on real SQLite, PostgreSQL and MariaDB
 * (the latter two skipped only when unreachable): a model's SQL that drops words of the question is asked again once
 * with the findings as the previous attempt's error, then answered with warnings; SQL that answers as asked carries
 * none; the offline engine's SQL with a finding is refused naming the words; the `answer-check` span, the history
 * entry and a cached answer keep the warnings.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { ScriptedLlmProvider } from './testing/scripted-llm-provider';
import { scriptedPipeline } from './testing/scripted-pipeline';

jest.setTimeout(30_000);

const DROPPED = 'SELECT total_amount FROM orders';
const GROUPED = 'SELECT status, SUM(total_amount) AS total FROM orders GROUP BY status';
const QUESTION = 'Total amount per status';

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('the answer check through the pipeline on $name', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, status VARCHAR(20), total_amount DECIMAL(10,2))',
    "INSERT INTO orders (order_id, status, total_amount) VALUES (1, 'shipped', 10), (2, 'pending', 20), (3, 'shipped', 5)",
    'CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, city VARCHAR(40))',
    "INSERT INTO suppliers (supplier_id, city) VALUES (1, 'Berlin'), (2, 'Lyon')",
    // more names than are sampled: whether a name is stored takes a look at the table
    'CREATE TABLE products (product_id INTEGER PRIMARY KEY, name VARCHAR(40))',
    `INSERT INTO products (product_id, name) VALUES ${Array.from({ length: 60 }, (_, i) => `(${i + 1}, 'Product ${i + 1}')`).join(', ')}`,
  ]);

  it('re-prompts a model once with the findings, then answers with a warning naming the unused words', async () => {
    const provider = new ScriptedLlmProvider({ sql: () => DROPPED });
    const { pipeline, store } = scriptedPipeline({ driver: scratch.driver, provider });
    const out = await pipeline.ask({ question: QUESTION, sessionId: 's', userId: 'u' });
    expect(out).toMatchObject({ success: true, sql: DROPPED });
    expect(out.result?.rowCount).toBe(3);
    expect(out.warnings).toEqual([
      {
        code: 'unused_words',
        message: 'The SQL does not use this part of the question: "per status".',
        words: ['per status'],
      },
    ]);
    expect(provider.sqlRequests).toHaveLength(2);
    expect(provider.sqlRequests[0].previousAttempt).toBeNull();
    expect(provider.sqlRequests[1].previousAttempt).toEqual({
      sql: DROPPED,
      error: expect.stringContaining('The SQL does not use this part of the question: "per status".'),
    });
    const spans = (await store.getTrace(out.traceId))!.spans.filter((s) => s.name === 'answer-check');
    expect(spans.map((s) => [s.outcome, (s.detail as { action: string }).action])).toEqual([
      ['error', 'retry'],
      ['ok', 'pass'],
    ]);
    expect((spans[1].detail as { findings: unknown[] }).findings).toEqual(out.warnings);
    const [entry] = await store.listHistory('s');
    expect(entry).toMatchObject({ status: 'ok', warnings: out.warnings });
    // the cached answer keeps its warnings
    const again = await pipeline.ask({ question: QUESTION, sessionId: 's', userId: 'u' });
    expect(again).toMatchObject({ cached: true, warnings: out.warnings });
  });

  it('answers without a warning when the second attempt uses every word, and never re-prompts right SQL', async () => {
    const provider = new ScriptedLlmProvider({ sql: [DROPPED, GROUPED] });
    const { pipeline } = scriptedPipeline({ driver: scratch.driver, provider });
    const out = await pipeline.ask({ question: QUESTION, sessionId: 'f', userId: 'u' });
    expect(out).toMatchObject({ success: true, sql: GROUPED, warnings: [] });
    expect(out.result?.rowCount).toBe(2);

    const right = new ScriptedLlmProvider({ sql: [GROUPED] });
    const direct = scriptedPipeline({ driver: scratch.driver, provider: right });
    expect(await direct.pipeline.ask({ question: QUESTION, sessionId: 'r', userId: 'u' })).toMatchObject({
      success: true,
      warnings: [],
    });
    expect(right.sqlRequests).toHaveLength(1);
  });

  it('looks a value up once in a column of many values, and warns when another column holds it instead', async () => {
    const wrong = "SELECT name FROM products WHERE name = 'Berlin'";
    const provider = new ScriptedLlmProvider({ sql: () => wrong });
    const { pipeline } = scriptedPipeline({ driver: scratch.driver, provider });
    const out = await pipeline.ask({ question: 'Which products come from Berlin?', sessionId: 'p', userId: 'u' });
    expect(out).toMatchObject({ success: true, sql: wrong });
    expect(out.warnings).toEqual([
      { code: 'unknown_value', message: "'Berlin' is not a value of products.name, but suppliers.city holds it." },
    ]);
    const stored = new ScriptedLlmProvider({ sql: () => "SELECT name FROM products WHERE name = 'Product 7'" });
    const fine = scriptedPipeline({ driver: scratch.driver, provider: stored });
    expect(
      await fine.pipeline.ask({ question: 'Which products are called Product 7?', sessionId: 'p', userId: 'u' }),
    ).toMatchObject({ success: true, warnings: [] });
  });

  it("refuses the offline engine's SQL with a finding, naming the words, and runs nothing", async () => {
    const provider = new ScriptedLlmProvider({ sql: [DROPPED], name: 'offline' });
    const { pipeline, store } = scriptedPipeline({ driver: scratch.driver, provider });
    const out = await pipeline.ask({ question: QUESTION, sessionId: 'o', userId: 'u' });
    expect(out).toMatchObject({ success: false, result: null, warnings: [] });
    expect(out.error).toMatch(/^The question was not answered: .*"per status"/);
    expect(provider.sqlRequests).toHaveLength(1);
    const [entry] = await store.listHistory('o');
    expect(entry.status).toBe('refused');
    const trace = (await store.getTrace(out.traceId))!;
    expect(trace.spans.map((s) => s.name)).not.toContain('execute');
  });
});
