import { OfflineEngine } from './offline-engine';
import { SHOP_SCHEMA } from './testing/shop-schema.fixture';

const provider = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (question: string) =>
  (await provider.generateSql({ question, dialect: 'sqlite', schema: SHOP_SCHEMA, maxRows: 10 })).sql;

describe('question forms on the shop schema', () => {
  it('negation: rows with no related rows (anti-join along the foreign key)', async () => {
    expect(await sql('customers without orders')).toBe(
      'SELECT first_name, last_name FROM customers WHERE NOT EXISTS (SELECT 1 FROM orders rel1 WHERE rel1.customer_id = customers.id) ORDER BY id LIMIT 10',
    );
    expect(await sql('which categories have no products')).toBe(
      'SELECT name FROM categories WHERE NOT EXISTS (SELECT 1 FROM products rel1 WHERE rel1.category_id = categories.id) ORDER BY id LIMIT 10',
    );
    expect(await sql('list customers who never placed an order')).toContain(
      'NOT EXISTS (SELECT 1 FROM orders rel1 WHERE rel1.customer_id = customers.id)',
    );
    expect(await sql('how many customers have no orders')).toBe(
      'SELECT COUNT(*) AS customer_count FROM customers WHERE NOT EXISTS (SELECT 1 FROM orders rel1 WHERE rel1.customer_id = customers.id)',
    );
  });

  it('having: a count of related rows compared with a number', async () => {
    expect(await sql('customers with more than 20 orders')).toContain(
      'WHERE (SELECT COUNT(*) FROM orders rel1 WHERE rel1.customer_id = customers.id) > 20',
    );
    expect(await sql('how many customers in Canada have at least 3 orders')).toBe(
      "SELECT COUNT(*) AS customer_count FROM customers WHERE country = 'Canada' AND (SELECT COUNT(*) FROM orders rel1 WHERE rel1.customer_id = customers.id) >= 3",
    );
    expect(await sql('categories with fewer than 5 products')).toContain(
      '(SELECT COUNT(*) FROM products rel1 WHERE rel1.category_id = categories.id) < 5',
    );
  });

  it('numeric comparisons on a column', async () => {
    expect(await sql('products with price under 10')).toContain('WHERE price < 10');
    expect(await sql('products with price at least 10')).toContain('WHERE price >= 10');
  });

  it('ordering: by a column, alphabetically, by the measure', async () => {
    expect(await sql('list customers ordered by last name')).toBe(
      'SELECT first_name, last_name FROM customers ORDER BY last_name ASC LIMIT 10',
    );
    expect(await sql('list products sorted by price descending')).toBe(
      'SELECT name, price FROM products ORDER BY price DESC LIMIT 10',
    );
    expect(await sql('list categories alphabetically')).toBe('SELECT name FROM categories ORDER BY name ASC LIMIT 10');
    expect(await sql('how many orders per month ordered by the month')).toContain('ORDER BY month ASC');
    expect(await sql('number of products per category in ascending order')).toContain('ORDER BY product_count ASC');
  });

  it('periods: quarters and halves', async () => {
    expect(await sql('how many orders in the second quarter of 2024')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE order_date >= '2024-04-01' AND order_date < '2024-07-01'",
    );
    expect(await sql('how many orders last quarter')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE order_date >= '2024-10-01' AND order_date < '2025-01-01'",
    );
  });

  it('percentages: the share of rows meeting the conditions, date ranges kept on the population', async () => {
    expect(await sql('what percentage of orders are shipped')).toBe(
      "SELECT 100.0 * SUM(CASE WHEN status = 'shipped' THEN 1 ELSE 0 END) / COUNT(*) AS percentage FROM orders",
    );
    expect(await sql('share of orders in 2024 that were cancelled')).toBe(
      "SELECT 100.0 * SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) / COUNT(*) AS percentage FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01'",
    );
    expect(await sql('percentage of customers without orders')).toContain(
      'SUM(CASE WHEN NOT EXISTS (SELECT 1 FROM orders rel1 WHERE rel1.customer_id = customers.id) THEN 1 ELSE 0 END)',
    );
    await expect(sql('what percentage of orders')).rejects.toThrow(/no condition/);
  });

  it('yes/no: whether some rows exist, worded yes or no', async () => {
    const question = 'are there any orders in 2024?';
    const generated = await provider.generateSql({ question, dialect: 'sqlite', schema: SHOP_SCHEMA, maxRows: 10 });
    expect(generated.sql).toBe(
      "SELECT CASE WHEN EXISTS (SELECT 1 FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01') THEN 'yes' ELSE 'no' END AS answer",
    );
    const answer = await provider.writeAnswer({
      question,
      sql: generated.sql,
      answerPlan: generated.answerPlan,
      columns: ['answer'],
      rows: [['yes']],
      rowCount: 1,
      truncated: false,
    });
    expect(answer.text).toBe('Yes, there are orders in 2024.');
    expect(await sql('is there a customer in Canada?')).toContain(
      "EXISTS (SELECT 1 FROM customers WHERE country = 'Canada')",
    );
  });

  it('fan-out: a filter across a one-to-many join becomes a semi-join, so sums count each row once', async () => {
    expect(await sql('sum of total for orders with products in the Books category')).toBe(
      "SELECT SUM(total) AS total_total FROM orders WHERE EXISTS (SELECT 1 FROM order_items sj1 JOIN products sj2 ON sj1.product_id = sj2.id JOIN categories sj3 ON sj2.category_id = sj3.id WHERE sj1.order_id = orders.id AND sj3.name = 'Books')",
    );
    expect(await sql('total stock per category')).toBe(
      'SELECT c.name, SUM(p.stock) AS total_stock FROM products p JOIN categories c ON p.category_id = c.id GROUP BY c.id, c.name ORDER BY total_stock DESC LIMIT 10',
    );
    // an order in two categories would be added to both: refused, not double counted
    await expect(sql('average order total per category')).rejects.toThrow(/count rows twice/);
  });

  it('negation through a bridge table: a product never ordered has no order line', async () => {
    expect(await sql('products that were never ordered')).toContain(
      'NOT EXISTS (SELECT 1 FROM order_items rel1 WHERE rel1.product_id = products.id)',
    );
  });

  it('refuses a negation it cannot place rather than dropping it', async () => {
    await expect(sql('employees who never managed anyone')).rejects.toThrow(/managed/);
  });
});
