/**
 * Impact preview on real engines: for every write, the count equals the rows the write then
 * changes, and counting never changes data. SQLite always; PostgreSQL and MariaDB each in a fresh database, skipped
 * with the reason printed only when the server is unreachable.
 */
import { describeEachWith } from '@nlq/test-services';
import { createDriver, type DatabaseDriver } from './index';
import { estimateImpact } from './impact-preview';
import { SCRATCH_ENGINES, type ScratchDatabase } from './testing/scratch-database';

// Servers and engines under load: Jest's multi-project run ignores the per-project testTimeout (default 5 s).
jest.setTimeout(30_000);

const FIXTURE = [
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, country VARCHAR(40))',
  'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, status VARCHAR(20) NOT NULL, amount NUMERIC(10,2), order_date DATE NOT NULL)',
  'CREATE TABLE archive (id INTEGER PRIMARY KEY, status VARCHAR(20))',
  "INSERT INTO customers (id, name, country) VALUES (1, 'Ada', 'France'), (2, 'Bob', 'Peru'), (3, 'Cy', 'France')",
  'INSERT INTO orders (id, customer_id, status, amount, order_date) VALUES ' +
    "(1, 1, 'open', 10.50, '2024-01-05'), (2, 1, 'shipped', 20, '2024-02-10'), (3, 2, 'cancelled', 5.25, '2024-03-01'), " +
    "(4, 3, 'open', 7, '2024-03-15'), (5, 2, 'shipped', NULL, '2025-01-01'), (6, 3, 'open', 12, '2025-06-30'), (7, 1, 'open', 3, '2025-07-01')",
];

const CHECKSUM = [
  'SELECT id, customer_id, status, amount, order_date FROM orders ORDER BY id',
  'SELECT id, name, country FROM customers ORDER BY id',
  'SELECT id, status FROM archive ORDER BY id',
];

/** Writes every engine runs, with the rows each changes on the fixture. */
const COMMON: Array<[string, number]> = [
  ["DELETE FROM orders WHERE status = 'open'", 4],
  ["DELETE FROM orders WHERE order_date >= '2025-01-01' AND (amount IS NULL OR amount > 10)", 2],
  ["UPDATE orders SET status = 'closed' WHERE customer_id IN (SELECT id FROM customers WHERE country = 'France')", 5],
  ["UPDATE orders SET amount = amount * 2 WHERE status = 'none'", 0],
  ['UPDATE customers SET country = NULL', 3],
  ["INSERT INTO archive (id, status) VALUES (1, 'a'), (2, 'b'), (3, 'c')", 3],
  ["INSERT INTO archive (id, status) SELECT id, status FROM orders WHERE status <> 'open'", 3],
  ["DELETE FROM orders WHERE status = 'open' AND id > 1", 3],
  // Rows already holding the new value still count: every driver reports rows matched (mysql2 FOUND_ROWS).
  ["UPDATE orders SET status = 'open' WHERE status IN ('open', 'shipped')", 6],
];

const PER_ENGINE: Record<string, Array<[string, number]>> = {
  sqlite: [
    ["UPDATE orders SET status = 'vip' FROM customers c WHERE c.id = orders.customer_id AND c.country = 'France'", 5],
    ['DELETE FROM "orders" WHERE "order_date" < \'2024-03-01\'', 2],
    // Parsed with the fallback (PostgreSQL) grammar: NULLS LAST.
    ['DELETE FROM orders WHERE id IN (SELECT id FROM orders ORDER BY amount DESC NULLS LAST LIMIT 3)', 3],
    // Two customers, four joined rows: each target row changes once.
    ["UPDATE customers SET country = 'X' FROM orders o WHERE o.customer_id = customers.id AND o.status = 'open'", 2],
  ],
  postgresql: [
    ["UPDATE orders o SET status = 'vip' FROM customers c WHERE c.id = o.customer_id AND c.country = 'France'", 5],
    ["DELETE FROM orders WHERE order_date < DATE '2024-03-01' RETURNING id", 2],
    ["UPDATE customers c SET country = 'X' FROM orders o WHERE o.customer_id = c.id AND o.status = 'open'", 2],
  ],
  mariadb: [
    ["UPDATE orders o JOIN customers c ON c.id = o.customer_id SET o.status = 'vip' WHERE c.country = 'France'", 5],
    ["DELETE o FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.country = 'Peru'", 2],
    ["DELETE FROM orders WHERE status = 'open' ORDER BY id LIMIT 2", 2],
    ["UPDATE customers c JOIN orders o ON o.customer_id = c.id SET c.country = 'X' WHERE o.status = 'open'", 2],
    ["DELETE c FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.status = 'open'", 2],
  ],
};

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('impact preview on $name', (engine) => {
  let db: ScratchDatabase;
  let driver: DatabaseDriver;

  beforeAll(async () => {
    db = await engine.create();
    driver = createDriver(db.url);
    await driver.connect();
  });
  afterAll(async () => {
    await driver?.close();
    await db?.drop();
  });

  beforeEach(async () => {
    for (const table of ['orders', 'customers', 'archive'])
      await driver.runWrite(`DROP TABLE IF EXISTS ${table}`, { timeoutMs: 5000 });
    for (const sql of FIXTURE) await driver.runWrite(sql, { timeoutMs: 5000 });
  });

  const contents = async () =>
    Promise.all(CHECKSUM.map(async (sql) => (await driver.runRead(sql, { maxRows: 100, timeoutMs: 5000 })).rows));

  it.each([...COMMON, ...(PER_ENGINE[engine.name] ?? [])])(
    '%s: counts %i rows, changes nothing, equals the rows changed',
    async (sql, expected) => {
      const before = await contents();
      const schema = await driver.introspect();
      const estimate = await estimateImpact(driver, sql, driver.dialect, { timeoutMs: 5000, schema });
      expect(estimate.error).toBeNull();
      expect(estimate.rows).toBe(expected);
      expect(await contents()).toEqual(before);
      const written = await driver.runWrite(sql, { timeoutMs: 5000 });
      expect(written.rowsAffected).toBe(estimate.rows);
    },
  );

  it('a DDL statement has no count and runs nothing', async () => {
    const estimate = await estimateImpact(driver, 'DROP TABLE archive', driver.dialect, { timeoutMs: 5000 });
    expect(estimate).toMatchObject({ verb: null, rows: null, countSql: null });
    expect((await driver.runRead('SELECT COUNT(*) FROM archive', { maxRows: 1, timeoutMs: 5000 })).rows).toEqual([[0]]);
  });

  it('a count past the statement timeout says it could not count and changes nothing', async () => {
    const slow =
      engine.dialect === 'postgresql'
        ? 'DELETE FROM orders WHERE id < (SELECT COUNT(*) FROM generate_series(1, 300000000))'
        : engine.dialect === 'sqlite'
          ? 'DELETE FROM orders WHERE id < (SELECT COUNT(*) FROM orders a, orders b, orders c, orders d, orders e, orders f, orders g, orders h, orders i, orders j)'
          : 'DELETE FROM orders WHERE id < (SELECT COUNT(*) FROM orders a, orders b, orders c, orders d, orders e, orders f, orders g, orders h, orders i, orders j)';
    const before = await contents();
    const estimate = await estimateImpact(driver, slow, driver.dialect, { timeoutMs: 300 });
    expect(estimate.rows).toBeNull();
    expect(estimate.countSql).not.toBeNull();
    expect(estimate.error).toMatch(/time|cancel|interrupt|max_statement_time|exceeded/i);
    expect(await contents()).toEqual(before);
  });
});
