/**
 * Data-policy enforcement executed on real engines (SQLite, PostgreSQL, MariaDB scratch databases): what a viewer
 * with `country = Germany` reads through subqueries, CTEs, UNION and ORDER BY never holds another country's rows,
 * a masked column comes back masked, and the attribute is bound as a parameter (a value with a quote is data).
 */
import type { RoleDataPolicy } from '@nlq/contracts';
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { enforceDataPolicy, MASK } from './enforce-data-policy';

const FIXTURE = [
  'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, last_name VARCHAR(40), email VARCHAR(80), country VARCHAR(40))',
  'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, total INTEGER)',
  "INSERT INTO customers VALUES (1, 'Adler', 'a@x.de', 'Germany'), (2, 'Brun', 'b@x.fr', 'France'), (3, 'Cole', 'c@x.de', 'Germany'), (4, 'Dua', 'd@x', 'O''Hara Land')",
  'INSERT INTO orders VALUES (10, 1, 100), (11, 2, 200), (12, 3, 300), (13, 4, 400)',
];

const VIEWER: RoleDataPolicy = {
  tables: ['customers', 'orders'],
  deny_columns: ['customers.email'],
  mask_columns: ['customers.last_name'],
  row_filters: {
    customers: 'country = :user.country',
    orders: 'customer_id IN (SELECT customer_id FROM customers WHERE country = :user.country)',
  },
};

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('data-policy enforcement on $name', (engine) => {
  const scratch = useScratchDriver(engine, FIXTURE);

  /** The rows a viewer of `country` reads for `sql`. */
  async function read(sql: string, country = 'Germany'): Promise<unknown[][]> {
    const enforced = enforceDataPolicy(sql, engine.dialect, VIEWER, { country });
    if (!enforced.ok) throw new Error(enforced.problem);
    const result = await scratch.driver.runRead(enforced.sql, {
      maxRows: 100,
      timeoutMs: 5000,
      params: enforced.params,
    });
    return result.rows;
  }

  it.each([
    ['SELECT customer_id FROM customers ORDER BY customer_id', [[1], [3]]],
    ['SELECT order_id FROM orders ORDER BY order_id', [[10], [12]]],
    [
      'SELECT o.order_id FROM orders o JOIN customers c ON c.customer_id = o.customer_id ORDER BY o.order_id',
      [[10], [12]],
    ],
    [
      'SELECT order_id FROM orders WHERE customer_id IN (SELECT customer_id FROM customers) ORDER BY order_id',
      [[10], [12]],
    ],
    ['WITH big AS (SELECT customer_id, total FROM orders) SELECT customer_id FROM big ORDER BY total DESC', [[3], [1]]],
    ['SELECT customer_id FROM customers UNION SELECT customer_id FROM orders ORDER BY 1', [[1], [3]]],
    ['SELECT COUNT(*) AS n FROM customers c, customers d', [[4]]],
  ])("%s reads only the viewer's country", async (sql, expected) => {
    const rows = (await read(sql)).map((r) => r.map(Number));
    expect(rows).toEqual(expected);
  });

  it('returns a listed masked column masked under its name', async () => {
    const enforced = enforceDataPolicy(
      'SELECT last_name, country FROM customers ORDER BY customer_id',
      engine.dialect,
      VIEWER,
      {
        country: 'Germany',
      },
    );
    if (!enforced.ok) throw new Error(enforced.problem);
    const result = await scratch.driver.runRead(enforced.sql, {
      maxRows: 10,
      timeoutMs: 5000,
      params: enforced.params,
    });
    expect(result.columns).toEqual(['last_name', 'country']);
    expect(result.rows).toEqual([
      [MASK, 'Germany'],
      [MASK, 'Germany'],
    ]);
  });

  it('binds the attribute as data: a quote in it matches only that value', async () => {
    expect((await read('SELECT customer_id FROM customers', "O'Hara Land")).map((r) => r.map(Number))).toEqual([[4]]);
    expect(await read('SELECT customer_id FROM customers', "x' OR '1'='1")).toEqual([]);
  });
});
