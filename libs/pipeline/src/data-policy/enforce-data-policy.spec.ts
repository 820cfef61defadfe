import type { Dialect, RoleDataPolicy } from '@nlq/contracts';
import { enforceDataPolicy } from './enforce-data-policy';

const VIEWER: RoleDataPolicy = {
  tables: ['customers', 'orders'],
  deny_columns: ['customers.email'],
  mask_columns: ['customers.last_name'],
  row_filters: { customers: 'country = :user.country' },
};
const GERMANY = { country: 'Germany' };
const DIALECTS: Dialect[] = ['sqlite', 'postgresql', 'mariadb'];

describe.each(DIALECTS)('enforceDataPolicy on %s', (dialect) => {
  const enforce = (sql: string, attributes: Record<string, string> = GERMANY) =>
    enforceDataPolicy(sql, dialect, VIEWER, attributes);

  it.each([
    ['SELECT name FROM products', 'the table "products" is not permitted for your role'],
    ['SELECT email FROM customers', 'the column "customers.email" is not permitted for your role'],
    ["SELECT c.customer_id FROM customers c WHERE c.email LIKE '%a%'", 'customers.email'],
    ['SELECT country, COUNT(*) FROM customers GROUP BY email, country', 'customers.email'],
    ['SELECT customer_id FROM customers ORDER BY email', 'customers.email'],
    ['SELECT o.order_id FROM orders o JOIN customers c ON c.email = o.order_id', 'customers.email'],
    [
      "SELECT order_id FROM orders WHERE customer_id IN (SELECT customer_id FROM customers WHERE email = 'x')",
      'customers.email',
    ],
    ['WITH x AS (SELECT email AS e FROM customers) SELECT e FROM x', 'customers.email'],
    ['SELECT country FROM customers UNION SELECT email FROM customers', 'customers.email'],
    ['SELECT * FROM customers', '"*" would include the column "customers.email"'],
    ['SELECT c.* FROM customers c', '"*" would include the column "customers.email"'],
    ['SELECT UPPER(last_name) FROM customers', 'the masked column "customers.last_name" may only be listed'],
    ["SELECT country FROM customers WHERE last_name = 'Smith'", 'the masked column "customers.last_name"'],
    ['SELECT 1 FROM customers WHERE country = :country', 'a statement may not contain parameters'],
    ['UPDATE orders SET total = 0 WHERE order_id = 1', 'your data policy allows reads only'],
    ['DELETE FROM customers', 'your data policy allows reads only'],
  ])('refuses %s naming what it reaches', (sql, problem) => {
    const result = enforce(sql);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(problem);
    expect(result.ok ? '' : result.problem).not.toContain('Germany');
  });

  it('masks a listed masked column under its name and filters every reference of the table with bound parameters', () => {
    const result = enforce(
      'SELECT last_name, c.country FROM customers c WHERE c.customer_id IN (SELECT customer_id FROM customers) UNION SELECT last_name, country FROM customers',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.params).toEqual(['Germany', 'Germany', 'Germany']);
    expect(result.sql).not.toContain('Germany');
    expect(result.sql).toContain("'****'");
    expect(result.sql.match(/SELECT \* FROM/g)).toHaveLength(3);
    const placeholders = dialect === 'postgresql' ? ['$1', '$2', '$3'] : ['?'];
    for (const p of placeholders) expect(result.sql).toContain(p);
  });

  it('leaves a statement the policy does not touch as it was written, and needs the attribute a filter binds', () => {
    const orders = enforce('SELECT order_id FROM orders');
    expect(orders).toMatchObject({ ok: true, params: [] });
    expect(enforce('SELECT country FROM customers', {})).toEqual({
      ok: false,
      problem: 'your data policy needs the user attribute "country", which you do not have',
    });
  });
});
