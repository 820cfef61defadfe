/**
 * Provenance that holds and definitions read as data (docs/knowledge.md "At question time") on real SQLite,
 * PostgreSQL and MariaDB (the latter two skipped only when unreachable) with the in-memory state store: an answer
 * names only the definitions its executed SQL applies, a stored definition whose text holds a comment never cuts the
 * SQL (the question is refused naming it), and a metric on a table whose name needs quoting works like any other.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { OfflineProvider, type SqlGenerationRequest } from '@nlq/llm-providers';
import { describeEachWith } from '@nlq/test-services';
import { revenueMetric } from './testing/knowledge-fixtures';
import { ScriptedLlmProvider } from './testing/scripted-llm-provider';
import { scriptedPipeline } from './testing/scripted-pipeline';

jest.setTimeout(30_000);

const FILTERED = "SELECT SUM(o.total) AS revenue FROM orders o WHERE o.status <> 'cancelled'";

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('definitions as data and their provenance on $name', (engine) => {
  const q = (sql: string) => (engine.dialect === 'mariadb' ? sql.replaceAll('"', '`') : sql);
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, status VARCHAR(20), total DECIMAL(10,2), channel VARCHAR(10))',
    "INSERT INTO orders (id, status, total, channel) VALUES (1, 'paid', 10, 'web'), (2, 'cancelled', 100, 'web'), (3, 'paid', 5, 'shop'), (4, 'paid', 1000, 'shop')",
    q(
      'CREATE TABLE "Order Details" (OrderID INTEGER, UnitPrice DECIMAL(10,2), Quantity INTEGER, Discount DECIMAL(4,2))',
    ),
    q('INSERT INTO "Order Details" (OrderID, UnitPrice, Quantity, Discount) VALUES (1, 2.5, 4, 0), (2, 10, 3, 0)'),
  ]);

  const modelPipeline = (sql: (request: SqlGenerationRequest) => string) => {
    const provider = new ScriptedLlmProvider({ sql });
    return { provider, ...scriptedPipeline({ driver: scratch.driver, provider }) };
  };

  it("a follow-up's answer names the definition only when its SQL applies it", async () => {
    const { pipeline, store } = modelPipeline((request) =>
      request.conversation?.length ? 'SELECT COUNT(*) AS n FROM orders' : FILTERED,
    );
    store.definitions.push(revenueMetric());
    const first = await pipeline.ask({ question: 'total revenue', sessionId: 'p', userId: 'u' });
    expect(first).toMatchObject({ success: true, knowledge: [{ id: 'rev', version: 1 }] });
    const followUp = await pipeline.ask({ question: 'and how many orders are there?', sessionId: 'p', userId: 'u' });
    expect(followUp).toMatchObject({ success: true, knowledge: [] });
    expect(followUp.reading ?? '').not.toMatch(/revenue/);
  });

  it('a stored definition whose text holds a comment never cuts the SQL: the question is refused naming it', async () => {
    const commented = revenueMetric({ filter: "orders.status <> 'cancelled' -- keeps live orders" });
    for (const provider of [
      new OfflineProvider({ now: () => new Date('2026-01-01T00:00:00Z') }),
      new ScriptedLlmProvider({ sql: () => FILTERED }),
    ]) {
      const { pipeline, store } = scriptedPipeline({ driver: scratch.driver, provider });
      store.definitions.push(structuredClone(commented));
      const out = await pipeline.ask({ question: 'total revenue by channel', sessionId: 'c', userId: 'u' });
      expect(out).toMatchObject({ success: false, result: null });
      expect(out.error).toMatch(/revenue \(v1, filter: comments .*\) cannot be used/);
    }
  });

  it('a metric on a table whose name needs quoting works like any other, in a model answer and offline', async () => {
    const sales = revenueMetric({
      id: 'sales',
      name: 'line sales',
      synonyms: [],
      expression: q('SUM("Order Details".UnitPrice * "Order Details".Quantity)'),
      filter: null,
    });
    const { pipeline, store } = modelPipeline(() =>
      q('SELECT SUM(od.UnitPrice * od.Quantity) AS line_sales FROM "Order Details" od'),
    );
    store.definitions.push(structuredClone(sales));
    const model = await pipeline.ask({ question: 'what are the total line sales?', sessionId: 'n', userId: 'u' });
    expect(model).toMatchObject({ success: true, knowledge: [{ id: 'sales', name: 'line sales' }] });
    expect(Number(model.result?.rows[0][0])).toBe(40);

    const offline = scriptedPipeline({
      driver: scratch.driver,
      provider: new OfflineProvider({ now: () => new Date('2026-01-01T00:00:00Z') }),
    });
    offline.store.definitions.push(structuredClone(sales));
    const out = await offline.pipeline.ask({ question: 'what are the total line sales?', sessionId: 'o', userId: 'u' });
    expect(out).toMatchObject({ success: true, knowledge: [{ id: 'sales', name: 'line sales' }] });
    expect(Number(out.result?.rows[0][0])).toBe(40);
  });
});
