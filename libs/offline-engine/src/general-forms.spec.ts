import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from './offline-engine';
import { LEDGER_SCHEMA, SHOP_SCHEMA } from './testing';
import { OfflineClarificationError } from './unanswerable';

/** The general question forms, each on the shop fixture and on a schema named otherwise. */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string, context: string[] = []) =>
  (
    await engine.generateSql({
      question,
      dialect: 'sqlite',
      schema,
      maxRows: 10,
      conversation: context.map((q) => ({ question: q, sql: null, answer: null }) as never),
    })
  ).sql;

/** The restated questions of the clarification a question asks back; fails when it answers or refuses. */
async function readings(schema: DatabaseSchema, question: string): Promise<string[]> {
  try {
    await sql(schema, question);
  } catch (e) {
    if (e instanceof OfflineClarificationError) return e.clarification.readings.map((r) => r.question);
    throw e;
  }
  throw new Error(`"${question}" was answered without asking back`);
}

describe('words that change the measure are read, never dropped (item 13)', () => {
  it('"the total amount of <rows>" adds up the column named total amount', async () => {
    expect(await sql(LEDGER_SCHEMA, 'what is the total amount of invoices')).toBe(
      'SELECT SUM(amount) AS total_amount FROM invoices',
    );
    expect(await sql(SHOP_SCHEMA, 'what is the total of orders in Canada')).toContain('SUM(o.total)');
  });

  it('"quantity sold" counts the units of the sales lines, not a stored quantity of the row', async () => {
    expect(await sql(SHOP_SCHEMA, 'top 3 products by quantity sold')).toBe(
      'SELECT p.name, SUM(oi.quantity) AS units_sold FROM order_items oi JOIN products p ON oi.product_id = p.id GROUP BY p.id, p.name ORDER BY units_sold DESC LIMIT 3',
    );
    expect(await sql(LEDGER_SCHEMA, 'top 3 items by qty sold')).toContain('SUM(il.qty) AS units_sold');
  });
});

describe('a sum over one table is not a fan-out (item 6)', () => {
  it('"total <rows that are money>" adds up their one money column, grouped in their own table', async () => {
    expect(await sql(LEDGER_SCHEMA, 'total invoices by state')).toBe(
      'SELECT state, SUM(amount) AS total_amount FROM invoices GROUP BY state ORDER BY total_amount DESC LIMIT 10',
    );
  });

  it('"total <rows>" with a column named total asks: their number or the sum of the column', async () => {
    expect(await readings(SHOP_SCHEMA, 'total orders per customer')).toEqual([
      'number of orders per customer',
      'sum of orders.total per customer',
    ]);
  });
});

describe('compound column names: the head noun names the column (item 3)', () => {
  it('"job title" is the title column', async () => {
    expect(await sql(LEDGER_SCHEMA, 'what is the average salary by job title')).toBe(
      'SELECT title, AVG(salary) AS avg_salary FROM staff GROUP BY title ORDER BY avg_salary DESC LIMIT 10',
    );
    expect(await sql(LEDGER_SCHEMA, 'staff with job title Manager')).toContain("WHERE title = 'Manager'");
    expect(await sql(SHOP_SCHEMA, 'customers by home country')).toContain('GROUP BY country');
  });
});

describe('stock as a quantity on hand (form 1)', () => {
  it('"out of stock" is the stock column = 0, "in stock" > 0', async () => {
    expect(await sql(SHOP_SCHEMA, 'which products are out of stock')).toContain('FROM products WHERE stock = 0');
    expect(await sql(SHOP_SCHEMA, 'how many products are in stock')).toBe(
      'SELECT COUNT(*) AS product_count FROM products WHERE stock > 0',
    );
    expect(await sql(LEDGER_SCHEMA, 'which items are out of stock')).toContain('FROM items WHERE units_in_stock = 0');
    expect(await sql(LEDGER_SCHEMA, 'how many items are not in stock')).toBe(
      'SELECT COUNT(*) AS item_count FROM items WHERE units_in_stock = 0',
    );
  });
});

describe("a threshold on the rows' one money column (form 4)", () => {
  it('"orders over 500" compares the one money column', async () => {
    expect(await sql(SHOP_SCHEMA, 'how many orders over 500 in 2024')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE total > 500 AND order_date >= '2024-01-01' AND order_date < '2025-01-01'",
    );
    expect(await sql(LEDGER_SCHEMA, 'open invoices under 100')).toContain("WHERE state = 'open' AND amount < 100");
  });

  it('a count of related rows stays a count; two money columns are asked about', async () => {
    expect(await sql(SHOP_SCHEMA, 'customers with over 5 orders')).toContain(
      '(SELECT COUNT(*) FROM orders rel1 WHERE rel1.customer_id = customers.id) > 5',
    );
    const LEDGER_TWO_PRICES: DatabaseSchema = {
      ...LEDGER_SCHEMA,
      tables: LEDGER_SCHEMA.tables.map((t) =>
        t.name === 'items'
          ? { ...t, columns: [...t.columns, { name: 'list_price', type: 'REAL', nullable: true, primaryKey: false }] }
          : t,
      ),
    };
    expect(await readings(LEDGER_TWO_PRICES, 'items over 5')).toEqual([
      'items with items.unit_cost over 5',
      'items with items.list_price over 5',
    ]);
  });
});

describe('conditions on an aggregate of related rows: HAVING (forms 2 and 8)', () => {
  it('"customers who spent more than 1000" sums their sales', async () => {
    expect(await sql(SHOP_SCHEMA, 'which customers spent more than 1000 in total')).toBe(
      'SELECT first_name, last_name, (SELECT SUM(rel1.total) FROM orders rel1 WHERE rel1.customer_id = customers.id) AS sum_total FROM customers WHERE (SELECT SUM(rel1.total) FROM orders rel1 WHERE rel1.customer_id = customers.id) > 1000 LIMIT 10',
    );
    expect(await sql(LEDGER_SCHEMA, 'how many clients spent more than 1000')).toBe(
      'SELECT COUNT(*) AS client_count FROM clients WHERE (SELECT SUM(rel1.amount) FROM invoices rel1 WHERE rel1.client_id = clients.client_id) > 1000',
    );
  });

  it('"whose orders total more than N" sums the named rows\' money column', async () => {
    expect(await sql(LEDGER_SCHEMA, 'clients whose invoices total more than 1000')).toContain(
      'WHERE (SELECT SUM(rel1.amount) FROM invoices rel1 WHERE rel1.client_id = clients.client_id) > 1000',
    );
  });

  it('"with an average rating below 3" averages a related column', async () => {
    expect(await sql(LEDGER_SCHEMA, 'items with an average score below 3')).toBe(
      'SELECT label, (SELECT AVG(rel1.score) FROM feedback rel1 WHERE rel1.item_id = items.item_id) AS avg_score FROM items WHERE (SELECT AVG(rel1.score) FROM feedback rel1 WHERE rel1.item_id = items.item_id) < 3 LIMIT 10',
    );
    expect(await sql(SHOP_SCHEMA, 'categories with an average price of at least 20')).toContain(
      'WHERE (SELECT AVG(rel1.price) FROM products rel1 WHERE rel1.category_id = categories.id) >= 20',
    );
  });
});

describe('numbers written as words (form 10)', () => {
  it('after a comparison or a ranking word, or before "or more"', async () => {
    expect(await sql(SHOP_SCHEMA, 'how many customers placed more than one order')).toBe(
      'SELECT COUNT(*) AS customer_count FROM customers WHERE (SELECT COUNT(*) FROM orders rel1 WHERE rel1.customer_id = customers.id) > 1',
    );
    expect(await sql(SHOP_SCHEMA, 'top three products by price')).toContain('ORDER BY price DESC LIMIT 3');
    expect(await sql(LEDGER_SCHEMA, 'clients with two or more invoices')).toContain(
      '(SELECT COUNT(*) FROM invoices rel1 WHERE rel1.client_id = clients.client_id) >= 2',
    );
  });
});

describe('follow-ups that change the measure (form 5)', () => {
  it('"and how many have ..." counts the previous rows with the new condition', async () => {
    expect(await sql(SHOP_SCHEMA, 'and how many were cancelled?', ['how many orders in 2024?'])).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01' AND status = 'cancelled'",
    );
    expect(await sql(LEDGER_SCHEMA, 'and how many are out of stock?', ['how many items are there?'])).toBe(
      'SELECT COUNT(*) AS item_count FROM items WHERE units_in_stock = 0',
    );
  });
});

describe('the time between two dates as a filter (form 9)', () => {
  it('"took more than N days to <event>" compares the time from the row\'s date to the event\'s', async () => {
    expect(await sql(LEDGER_SCHEMA, 'how many invoices took more than 30 days to pay')).toBe(
      'SELECT COUNT(*) AS invoice_count FROM invoices WHERE (julianday(paid_on) - julianday(invoice_date)) > 30',
    );
    const pg = await engine.generateSql({
      question: 'open invoices that took at least 2 days to pay',
      dialect: 'postgresql',
      schema: LEDGER_SCHEMA,
      maxRows: 10,
    });
    expect(pg.sql).toContain(
      "state = 'open' AND EXTRACT(EPOCH FROM (CAST(paid_on AS timestamp) - CAST(invoice_date AS timestamp))) / 86400.0 >= 2",
    );
  });
});
