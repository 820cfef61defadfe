/**
 * Business definitions through the pipeline (docs/knowledge.md "At question time") on real
 * SQLite, PostgreSQL and MariaDB (the latter two skipped only when unreachable) with the in-memory state store: the
 * offline engine applies a metric's filter in its own SQL ("What was the total revenue in 2024?"); the matched definitions reach the provider, SQL that ignores a matched
 * metric is asked again once with the difference and then refused, the offline engine is refused at once (asking a
 * deterministic engine again changes nothing), provenance is on the outcome and the reading, and a new version of a
 * definition is never answered from the cache or by reused SQL.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { OfflineProvider, type SqlGenerationRequest } from '@nlq/llm-providers';
import { describeEachWith } from '@nlq/test-services';
import { revenueMetric } from './testing/knowledge-fixtures';
import { ScriptedLlmProvider } from './testing/scripted-llm-provider';
import { scriptedPipeline } from './testing/scripted-pipeline';

jest.setTimeout(30_000);

const UNFILTERED = 'SELECT SUM(orders.total) AS revenue FROM orders';
const FILTERED = "SELECT SUM(o.total) AS revenue FROM orders o WHERE o.status <> 'cancelled'";
const revenue = revenueMetric();

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('business definitions through the pipeline on $name', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, status VARCHAR(20), total DECIMAL(10,2), order_date DATE)',
    "INSERT INTO orders (id, status, total, order_date) VALUES (1, 'paid', 10, '2024-03-01'), (2, 'cancelled', 100, '2024-05-02'), (3, 'paid', 5, '2024-07-03'), (4, 'paid', 1000, '2023-07-03')",
  ]);

  const setUp = (sql: (request: SqlGenerationRequest, call: number) => string, name?: string) => {
    const provider = new ScriptedLlmProvider({ sql, ...(name ? { name } : {}) });
    const scripted = scriptedPipeline({ driver: scratch.driver, provider });
    scripted.store.definitions.push(structuredClone(revenue));
    return { provider, ...scripted };
  };

  it('passes the matched definitions, re-prompts once with the difference and answers with the definition', async () => {
    const { provider, pipeline } = setUp((request) => (request.previousAttempt ? FILTERED : UNFILTERED));
    const out = await pipeline.ask({ question: 'What is the total sales?', sessionId: 's', userId: 'u' });
    expect(out).toMatchObject({
      success: true,
      sql: FILTERED,
      knowledge: [{ kind: 'metric', id: 'rev', name: 'revenue', version: 1 }],
    });
    expect(Number(out.result?.rows[0][0])).toBe(1015);
    expect(out.reading).toMatch(/, using the definition of revenue \(v1\)\.$/);
    expect(provider.sqlRequests.map((r) => r.knowledge?.map((d) => d.id))).toEqual([['rev'], ['rev']]);
    expect(provider.sqlRequests[1].previousAttempt?.error).toContain(
      "the definition of revenue requires SUM(orders.total) with orders.status <> 'cancelled'",
    );
  });

  it('the offline engine answers "What was the total revenue in 2024?" with the definition\'s filter', async () => {
    const offline = scriptedPipeline({
      driver: scratch.driver,
      provider: new OfflineProvider({ now: () => new Date('2026-01-01T00:00:00Z') }),
    });
    offline.store.definitions.push(structuredClone(revenue));
    const out = await offline.pipeline.ask({
      question: 'What was the total revenue in 2024?',
      sessionId: 'o',
      userId: 'u',
    });
    expect(out).toMatchObject({
      success: true,
      knowledge: [{ kind: 'metric', id: 'rev', name: 'revenue', version: 1 }],
    });
    expect(out.sql).toMatch(/status <> 'cancelled'/);
    expect(Number(out.result?.rows[0][0])).toBe(15);
    expect(out.reading).toMatch(/using the definition of revenue \(v1\)\.$/);
  });

  it('a follow-up keeps the definition its previous question used, and a new question is not held to it', async () => {
    const offline = scriptedPipeline({
      driver: scratch.driver,
      provider: new OfflineProvider({ now: () => new Date('2026-01-01T00:00:00Z') }),
    });
    offline.store.definitions.push(structuredClone(revenue));
    expect(
      await offline.pipeline.ask({ question: 'What was the total revenue in 2024?', sessionId: 'f', userId: 'u' }),
    ).toMatchObject({ success: true });
    const followUp = await offline.pipeline.ask({ question: 'and in 2023?', sessionId: 'f', userId: 'u' });
    expect(followUp).toMatchObject({ success: true, knowledge: [{ id: 'rev', version: 1 }] });
    expect(followUp.sql).toMatch(/status <> 'cancelled'/);
    expect(Number(followUp.result?.rows[0][0])).toBe(1000);
    expect(
      await offline.pipeline.ask({ question: 'how many orders are there?', sessionId: 'f', userId: 'u' }),
    ).toMatchObject({ success: true, result: { rows: [[4]] } });

    // a model's follow-up SQL that computes the metric without its filter is asked again, then refused
    const { provider, pipeline } = setUp((request) =>
      request.conversation?.length
        ? "SELECT SUM(orders.total) AS revenue FROM orders WHERE order_date < '2024-01-01'"
        : FILTERED,
    );
    expect(await pipeline.ask({ question: 'total revenue', sessionId: 'm', userId: 'u' })).toMatchObject({
      success: true,
    });
    const refused = await pipeline.ask({ question: 'and before 2024?', sessionId: 'm', userId: 'u' });
    expect(refused).toMatchObject({ success: false, result: null });
    expect(refused.error).toContain('the business definition of revenue (v1)');
    expect(provider.sqlRequests[1].knowledge?.map((d) => d.id)).toEqual(['rev']);
  });

  it('refuses SQL that still ignores the definition, and the offline engine at once', async () => {
    for (const name of ['scripted', 'offline']) {
      const { provider, pipeline } = setUp(() => UNFILTERED, name);
      const out = await pipeline.ask({ question: 'total revenue', sessionId: `s-${name}`, userId: 'u' });
      expect(out).toMatchObject({ success: false, result: null, reading: null });
      expect(out.error).toContain('the business definition of revenue (v1)');
      expect(provider.sqlRequests).toHaveLength(name === 'offline' ? 1 : 2);
    }
  });

  it('a question no definition matches is not checked and keeps its key', async () => {
    const { provider, pipeline } = setUp(() => 'SELECT COUNT(*) AS n FROM orders');
    const out = await pipeline.ask({ question: 'how many orders', sessionId: 's2', userId: 'u' });
    expect(out).toMatchObject({ success: true, knowledge: [] });
    expect(provider.sqlRequests[0].knowledge).toEqual([]);
  });

  it('never answers a new version from the cache or by reusing SQL', async () => {
    const sqlByVersion = (request: SqlGenerationRequest) =>
      request.knowledge?.some((d) => d.kind === 'metric' && d.filter?.includes('refunded'))
        ? "SELECT SUM(o.total) AS revenue FROM orders o WHERE o.status NOT IN ('cancelled', 'refunded')"
        : FILTERED;
    const { provider, pipeline, store } = setUp(sqlByVersion);
    const first = await pipeline.ask({ question: 'total revenue', sessionId: 's3', userId: 'u' });
    expect(first).toMatchObject({ success: true, cached: false });
    expect((await pipeline.ask({ question: 'total revenue', sessionId: 's3', userId: 'u' })).cached).toBe(true);
    store.definitions[0] = revenueMetric({ version: 2, filter: "orders.status NOT IN ('cancelled', 'refunded')" });
    // neither the exact question nor a near-identical one reuses what version 1 produced
    for (const question of ['total revenue', 'the total revenue']) {
      const out = await pipeline.ask({ question, sessionId: 's3', userId: 'u' });
      expect(out).toMatchObject({ success: true, cached: false, knowledge: [{ id: 'rev', version: 2 }] });
      expect(out.sql).toContain("NOT IN ('cancelled', 'refunded')");
    }
    expect(provider.sqlRequests.length).toBeGreaterThanOrEqual(2);
  });
});
