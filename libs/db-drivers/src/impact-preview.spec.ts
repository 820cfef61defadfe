import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { describeImpact, type ImpactEstimate, planImpactCount } from './impact-preview';

const schema = (dialect: Dialect, primaryKey: string[] = ['id']): DatabaseSchema => ({
  dialect,
  tables: [{ name: 'orders', kind: 'table', columns: [], primaryKey, foreignKeys: [] }],
  introspectedAt: '',
  version: '',
});

describe('planImpactCount', () => {
  it.each<[Dialect, string, string]>([
    [
      'sqlite',
      `DELETE FROM orders WHERE order_date < '2024-01-01' AND "status" = 'x' AND (a = 1 OR b = 2)`,
      `SELECT COUNT(*) AS "nlq_rows" FROM "orders" WHERE "order_date" < '2024-01-01' AND "status" = 'x' AND ("a" = 1 OR "b" = 2)`,
    ],
    [
      'postgresql',
      `UPDATE "Orders" SET "Total" = 1 WHERE "Id" = 3`,
      `SELECT COUNT(*) AS "nlq_rows" FROM "Orders" WHERE "Id" = 3`,
    ],
    [
      'mariadb',
      `DELETE FROM orders WHERE status = 'it''s'`,
      "SELECT COUNT(*) AS `nlq_rows` FROM `orders` WHERE `status` = 'it''s'",
    ],
    [
      'postgresql',
      'INSERT INTO t (a, b) SELECT a, b FROM u WHERE a > 3',
      'SELECT COUNT(*) AS nlq_rows FROM (SELECT a, b FROM "u" WHERE a > 3) AS nlq_impact',
    ],
    [
      'transactsql',
      "UPDATE orders SET status = 'shipped' WHERE id BETWEEN 10 AND 20",
      'SELECT COUNT(*) AS [nlq_rows] FROM [orders] WHERE [id] BETWEEN 10 AND 20',
    ],
  ])('%s %s counts with its own table and WHERE', (dialect, sql, countSql) => {
    expect(planImpactCount(sql, dialect, schema(dialect))).toMatchObject({
      method: 'count',
      sql: countSql,
      cap: null,
      bound: 'exact',
    });
  });

  it('counts distinct target rows of a write over a join (ctid, rowid, primary key)', () => {
    expect(
      planImpactCount(
        "UPDATE orders o SET status = 'x' FROM customers c WHERE o.customer_id = c.id AND c.country = 'France'",
        'postgresql',
      ),
    ).toMatchObject({
      method: 'count',
      sql: `SELECT COUNT(*) AS nlq_rows FROM (SELECT DISTINCT "o"."ctid" FROM "orders" AS "o", "customers" AS "c" WHERE "o".customer_id = "c".id AND "c".country = 'France') AS nlq_impact`,
    });
    expect(
      planImpactCount(
        "DELETE o FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.country = 'FR'",
        'mariadb',
        schema('mariadb'),
      ),
    ).toMatchObject({
      method: 'count',
      sql: "SELECT COUNT(*) AS nlq_rows FROM (SELECT DISTINCT `o`.`id` FROM `orders` AS `o` INNER JOIN `customers` AS `c` ON `o`.`customer_id` = `c`.`id` WHERE `c`.`country` = 'FR') AS nlq_impact",
    });
  });

  it('counts through the fallback grammar (SQLite NULLS LAST in a subquery)', () => {
    expect(
      planImpactCount(
        'DELETE FROM orders WHERE id IN (SELECT id FROM orders ORDER BY amount NULLS LAST LIMIT 2)',
        'sqlite',
      ),
    ).toMatchObject({
      method: 'count',
      sql: 'SELECT COUNT(*) AS "nlq_rows" FROM "orders" WHERE id IN (SELECT id FROM "orders" ORDER BY amount ASC NULLS LAST LIMIT 2)',
    });
  });

  it('caps a count at a literal LIMIT', () => {
    expect(planImpactCount('DELETE FROM t WHERE a = 1 ORDER BY a LIMIT 2', 'sqlite')).toMatchObject({
      method: 'count',
      cap: 2,
    });
  });

  it('takes the number of listed rows of INSERT ... VALUES / SET, an upper bound with conflict handling', () => {
    expect(planImpactCount('INSERT INTO t (a, b) VALUES (1, 2), (3, 4)', 'postgresql')).toEqual({
      method: 'values',
      verb: 'insert',
      bound: 'exact',
      rows: 2,
    });
    expect(planImpactCount('INSERT INTO t SET a = 1', 'mariadb')).toEqual({
      method: 'values',
      verb: 'insert',
      bound: 'exact',
      rows: 1,
    });
    expect(planImpactCount('INSERT IGNORE INTO t (a) VALUES (1)', 'mariadb')).toMatchObject({
      bound: 'at-most',
      rows: 1,
    });
    expect(planImpactCount('INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO NOTHING', 'postgresql')).toMatchObject({
      bound: 'at-most',
    });
    expect(planImpactCount('REPLACE INTO t (a) VALUES (1), (2)', 'mariadb')).toMatchObject({
      bound: 'at-most',
      rows: 2,
    });
  });

  it('gives no count for DDL and for what it cannot count exactly, saying why', () => {
    expect(planImpactCount('CREATE TABLE x (a int)', 'postgresql')).toEqual({
      method: 'none',
      verb: null,
      reason: 'a create statement has no row count',
    });
    expect(
      planImpactCount(
        "DELETE o FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.country = 'FR'",
        'mariadb',
        schema('mariadb', []),
      ),
    ).toMatchObject({
      method: 'none',
      verb: 'delete',
      reason: expect.stringContaining('no primary key'),
    });
    expect(
      planImpactCount(
        "UPDATE orders o JOIN customers c ON o.customer_id = c.id SET o.status = 'x', c.name = 'y'",
        'mariadb',
        schema('mariadb'),
      ),
    ).toMatchObject({
      method: 'none',
      reason: expect.stringContaining('more than one table'),
    });
    expect(planImpactCount('DELETE FROM', 'sqlite')).toMatchObject({ method: 'none', verb: null });
  });
});

describe('describeImpact', () => {
  const estimate = (over: Partial<ImpactEstimate>): ImpactEstimate => ({
    verb: 'delete',
    rows: 7,
    bound: 'exact',
    method: 'count',
    countSql: 'x',
    error: null,
    durationMs: 1,
    ...over,
  });
  it('words a count, an upper bound, a failed count and DDL', () => {
    expect(describeImpact(estimate({}))).toBe('would delete 7 rows');
    expect(describeImpact(estimate({ verb: 'update', rows: 1 }))).toBe('would update 1 row');
    expect(describeImpact(estimate({ verb: 'insert', rows: 1234, bound: 'at-most' }))).toBe(
      'would insert up to 1,234 rows',
    );
    expect(describeImpact(estimate({ rows: null, error: 'canceling statement due to statement timeout' }))).toBe(
      'would delete rows (could not count how many: canceling statement due to statement timeout)',
    );
    expect(describeImpact(estimate({ verb: null, rows: null }))).toBeNull();
  });
});
