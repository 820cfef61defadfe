/**
 * Empty results explained on real engines: the probe says which condition falls outside the data,
 * with the column's range or the nearest existing values, reading only. SQLite always; PostgreSQL and MariaDB in
 * fresh databases, skipped with the reason printed only when the server is unreachable.
 */
import type { DatabaseSchema } from '@nlq/contracts';
import { describeEachWith } from '@nlq/test-services';
import { createDriver, type DatabaseDriver } from './index';
import { findLiteralFilters, probeEmptyResult } from './empty-result-probe';
import { SCRATCH_ENGINES, type ScratchDatabase } from './testing/scratch-database';

// Servers and engines under load: Jest's multi-project run ignores the per-project testTimeout (default 5 s).
jest.setTimeout(30_000);

const FIXTURE = [
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, country VARCHAR(40))',
  'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, amount NUMERIC(10,2), order_date DATE NOT NULL, note VARCHAR(200))',
  "INSERT INTO customers (id, name, country) VALUES (1, 'Ada', 'France'), (2, 'Bob', 'Peru'), (3, 'Cy', 'Germany'), (4, 'Di', 'Finland')",
  'INSERT INTO orders (id, customer_id, amount, order_date, note) VALUES ' +
    "(1, 1, 10.50, '2023-01-01', 'gift wrap'), (2, 2, 20.25, '2024-06-15', 'leave at door'), (3, 3, 5.25, '2025-12-31', NULL), (4, 1, 99.75, '2024-02-29', 'fragile')",
];

const TIMEOUT = { timeoutMs: 5000 };

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('empty result probe on $name', (engine) => {
  let db: ScratchDatabase;
  let driver: DatabaseDriver;
  let schema: DatabaseSchema;
  /** The schema without stored sample values, so nearest values come from the bounded DISTINCT query. */
  let unsampled: DatabaseSchema;
  let before: unknown[];

  beforeAll(async () => {
    db = await engine.create();
    driver = createDriver(db.url);
    await driver.connect();
    for (const sql of FIXTURE) await driver.runWrite(sql, TIMEOUT);
    schema = await driver.introspect();
    unsampled = {
      ...schema,
      tables: schema.tables.map((t) => ({ ...t, columns: t.columns.map(({ sampleValues: _omit, ...c }) => c) })),
    };
    before = await contents();
  });
  afterAll(async () => {
    expect(await contents()).toEqual(before); // probing never changes data
    await driver?.close();
    await db?.drop();
  });

  async function contents() {
    return Promise.all(
      ['SELECT * FROM orders ORDER BY id', 'SELECT * FROM customers ORDER BY id'].map(
        async (sql) => (await driver.runRead(sql, { maxRows: 100, ...TIMEOUT })).rows,
      ),
    );
  }
  async function explain(sql: string, s: DatabaseSchema = schema) {
    expect((await driver.runRead(sql, { maxRows: 10, ...TIMEOUT })).rowCount).toBe(0);
    return probeEmptyResult(driver, sql, s, TIMEOUT);
  }

  it('a date range past the data states the column range', async () => {
    const probe = await explain("SELECT id FROM orders WHERE order_date BETWEEN '2026-03-01' AND '2026-03-31'");
    expect(probe.explanation).toBe(
      "No row of orders has order_date between '2026-03-01' and '2026-03-31': orders.order_date runs from 2023-01-01 to 2025-12-31.",
    );
  });

  it('a date bound after an alias and a join, and a number range, state their ranges', async () => {
    const probe = await explain(
      "SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.country = 'France' AND o.order_date >= '2026-01-01'",
    );
    expect(probe.findings.map((f) => f.matches)).toEqual([true, false]);
    expect(probe.explanation).toBe(
      "No row of orders has order_date >= '2026-01-01': orders.order_date runs from 2023-01-01 to 2025-12-31.",
    );
    const amount = await explain('SELECT id FROM orders WHERE amount > 1000');
    expect(amount.explanation).toMatch(
      /^No row of orders has amount > 1000: orders\.amount runs from 5\.25 to 99\.75\.$/,
    );
  });

  it('a LIKE on a date states the range', async () => {
    const probe = await explain(
      engine.dialect === 'postgresql'
        ? "SELECT id FROM orders WHERE CAST(order_date AS text) LIKE '2026-03%' AND order_date > '2026-01-01'"
        : "SELECT id FROM orders WHERE order_date LIKE '2026-03%'",
    );
    expect(probe.explanation).toContain('orders.order_date runs from 2023-01-01 to 2025-12-31.');
  });

  it('a text value not present names the nearest existing values, from sample values or a DISTINCT query', async () => {
    const sql = "SELECT name FROM customers WHERE country = 'Frnace'";
    const sampled = await explain(sql);
    expect(sampled.explanation).toMatch(
      /^No row of customers has country = 'Frnace'; the nearest existing values are 'France', /,
    );
    const distinct = await explain(sql, unsampled);
    expect(distinct.findings[0]).toMatchObject({ matches: false, nearestFrom: 'distinct-query' });
    expect(distinct.findings[0].nearest?.[0]).toBe('France');
    const list = await explain("SELECT name FROM customers WHERE country IN ('Peruu', 'Atlantis')");
    expect(list.findings[0].nearest?.[0]).toBe('Peru');
  });

  it('conditions that each match rows but not together say so', async () => {
    const probe = await explain("SELECT id FROM customers WHERE country = 'France' AND name = 'Bob'");
    expect(probe.explanation).toBe(
      "Each condition (country = 'France' and name = 'Bob') matches rows on its own, but no row meets all of them together.",
    );
  });

  it('stops probing when its time budget is spent', async () => {
    const probe = await probeEmptyResult(driver, "SELECT id FROM orders WHERE order_date > '2030-01-01'", schema, {
      timeoutMs: 5000,
      budgetMs: 0,
    });
    expect(probe).toMatchObject({
      explanation: null,
      queries: 0,
      findings: [{ matches: null, error: 'the time for probing was spent' }],
    });
  });

  it('finds only conditions on columns compared with literals in the top-level AND chain', () => {
    const filters = findLiteralFilters(
      "SELECT o.id FROM orders o WHERE (o.amount < 3 OR o.amount > 500) AND o.customer_id = 2 AND UPPER(o.note) = 'X' AND 10 <= o.amount",
      engine.dialect,
      schema,
    );
    expect(filters.map((f) => f.text)).toEqual(['customer_id = 2', 'amount >= 10']);
  });
});
