/**
 * The sample run of a definition on real SQLite, PostgreSQL and MariaDB (the latter two skipped only when
 * unreachable): the probe written from the parse tree runs on each engine, on a few rows of each table it names,
 * with names that need quoting.
 */
import { describeEachWith } from '@nlq/test-services';
import { SCRATCH_ENGINES } from '../testing/scratch-database';
import { useScratchDriver } from '../testing/scratch-driver';
import { definitionProbeSql, PROBE_ROW_BUDGET } from './definition-probe';

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('definition probes on $name', (engine) => {
  const q = (sql: string) => (engine.dialect === 'mariadb' ? sql.replaceAll('"', '`') : sql);
  const rows = Array.from({ length: 1500 }, (_, i) => `(${i + 1}, '${i % 4 === 0 ? 'cancelled' : 'paid'}', ${i})`);
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, status VARCHAR(20), total DECIMAL(10,2))',
    `INSERT INTO orders (id, status, total) VALUES ${rows.join(', ')}`,
    q('CREATE TABLE "Order Details" (OrderID INTEGER, UnitPrice DECIMAL(10,2), Quantity INTEGER)'),
    q('INSERT INTO "Order Details" (OrderID, UnitPrice, Quantity) VALUES (1, 2.5, 4), (2, 10, 3)'),
  ]);

  it('runs a metric with its filter on at most the row budget, and a metric on a quoted table', async () => {
    const count = definitionProbeSql('COUNT(*)', "orders.status <> 'cancelled'", engine.dialect);
    expect(count).not.toBeNull();
    const counted = await scratch.driver.runRead(count!, { maxRows: 1, timeoutMs: 5000 });
    expect(Number(counted.rows[0][0])).toBeLessThanOrEqual(PROBE_ROW_BUDGET);
    const joined = definitionProbeSql(
      q('SUM("Order Details".UnitPrice * "Order Details".Quantity)'),
      "orders.status = 'paid'",
      engine.dialect,
    );
    const result = await scratch.driver.runRead(joined!, { maxRows: 1, timeoutMs: 5000 });
    expect(result.rows).toHaveLength(1);
  });

  it('writes nothing of a refused part', () => {
    expect(definitionProbeSql("orders.status <> 'x' -- note", null, engine.dialect)).toBeNull();
    expect(definitionProbeSql('1 + 1', null, engine.dialect)).toBeNull();
  });
});
