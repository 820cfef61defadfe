import { describeImpact, planImpactCount } from './impact-preview';

describe('planImpactCount', () => {
  it.each([
    ['sqlite', `DELETE FROM orders WHERE order_date < '2024-01-01' AND "status" = 'x' AND (a = 1 OR b = 2)`],
    ['sqlite', `UPDATE orders SET total = total * 1.1 WHERE name LIKE 'a%' AND id IN (SELECT order_id FROM items WHERE qty > 2)`],
    ['postgresql', `UPDATE orders o SET status = 'x' FROM customers c WHERE o.customer_id = c.id AND c.country = 'France' RETURNING o.id`],
    ['postgresql', `UPDATE "Orders" SET "Total" = 1 WHERE "Id" = 3`],
    ['postgresql', `DELETE FROM public.orders WHERE created_at > now() - interval '3 days'`],
    ['mariadb', `UPDATE orders o JOIN customers c ON o.customer_id = c.id SET o.status = 'x' WHERE c.country = 'France'`],
    ['mariadb', `DELETE o FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.country = 'FR'`],
    ['mariadb', `DELETE FROM orders WHERE status = 'it''s'`],
    ['sqlite', `DELETE FROM t WHERE a = 1 ORDER BY a LIMIT 2`],
    ['postgresql', `INSERT INTO t (a, b) SELECT a, b FROM u WHERE a > 3`],
    ['mariadb', `INSERT INTO t (a) SELECT a FROM u UNION SELECT b FROM v`],
    ['postgresql', `INSERT INTO t (a, b) VALUES (1, 2), (3, 4)`],
    ['mariadb', `INSERT IGNORE INTO t (a) VALUES (1)`],
    ['mariadb', `INSERT INTO t SET a = 1`],
    ['postgresql', `CREATE TABLE x (a int)`],
  ])('%s %s', (dialect, sql) => {
    const schema = { dialect: dialect as 'mariadb', tables: [{ name: 'orders', kind: 'table' as const, columns: [], primaryKey: ['id'], foreignKeys: [] }], introspectedAt: '', version: '' };
    expect(planImpactCount(sql, dialect as 'sqlite', schema)).toMatchSnapshot();
  });
  it('words', () => {
    expect(describeImpact({ verb: 'delete', rows: 7, bound: 'exact', method: 'count', countSql: 'x', error: null, durationMs: 1 })).toBe('would delete 7 rows');
  });
});
