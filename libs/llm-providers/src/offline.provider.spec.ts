import type { Dialect } from '@nlq/contracts';
import { UnanswerableQuestionError } from './errors';
import { OfflineProvider } from './offline.provider';
import { SHOP_SCHEMA } from '@nlq/offline-engine/testing';

const provider = new OfflineProvider({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (question: string, dialect: Dialect = 'sqlite', maxRows = 100) =>
  (await provider.generateSql({ question, dialect, schema: { ...SHOP_SCHEMA, dialect }, examples: [], maxRows })).sql;

describe('OfflineProvider.generateSql on a hand-written shop schema', () => {
  it('identifies itself', async () => {
    expect(provider.name).toBe('offline');
    expect(provider.modelId).toBe('offline:1');
    expect(await provider.ping()).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['How many customers are there?', 'SELECT COUNT(*) AS customer_count FROM customers'],
    [
      'how many orders were shipped to Germany?',
      "SELECT COUNT(*) AS order_count FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status = 'shipped' AND c.country = 'Germany'",
    ],
    [
      'number of products per category',
      'SELECT c.name, COUNT(*) AS product_count FROM products p JOIN categories c ON p.category_id = c.id GROUP BY c.id, c.name ORDER BY product_count DESC LIMIT 100',
    ],
    [
      'list customers in the united kingdom',
      "SELECT first_name, last_name FROM customers WHERE country = 'United Kingdom' ORDER BY id LIMIT 100",
    ],
    [
      'show orders with status shipped',
      "SELECT id, customer_id, order_date, status, total FROM orders WHERE status = 'shipped' ORDER BY id LIMIT 100",
    ],
    [
      'which products are in the Electronics category?',
      "SELECT p.name FROM products p JOIN categories c ON p.category_id = c.id WHERE c.name = 'Electronics' ORDER BY p.id LIMIT 100",
    ],
    [
      'top 5 products by total sales',
      'SELECT p.name, SUM(oi.quantity * oi.unit_price) AS total_sales FROM order_items oi JOIN products p ON oi.product_id = p.id GROUP BY p.id, p.name ORDER BY total_sales DESC LIMIT 5',
    ],
    [
      'the 3 customers with the most orders',
      'SELECT c.first_name, c.last_name, COUNT(*) AS order_count FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY c.id, c.first_name, c.last_name ORDER BY order_count DESC LIMIT 3',
    ],
    [
      'most expensive products',
      'SELECT id, name, price FROM products WHERE price IS NOT NULL ORDER BY price DESC LIMIT 10',
    ],
    [
      'what is the cheapest product?',
      'SELECT id, name, price FROM products WHERE price = (SELECT MIN(price) FROM products) LIMIT 100',
    ],
    [
      'average order total by country',
      'SELECT c.country, AVG(o.total) AS avg_total FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY c.country ORDER BY avg_total DESC LIMIT 100',
    ],
    ['What is the average price of products?', 'SELECT AVG(price) AS avg_price FROM products'],
    [
      'How many orders in 2024?',
      "SELECT COUNT(*) AS order_count FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01'",
    ],
    [
      'total sales in March 2024',
      "SELECT SUM(oi.quantity * oi.unit_price) AS total_sales FROM order_items oi JOIN orders o ON oi.order_id = o.id WHERE o.order_date >= '2024-03-01' AND o.order_date < '2024-04-01'",
    ],
    [
      'how many orders last month',
      "SELECT COUNT(*) AS order_count FROM orders WHERE order_date >= '2025-02-01' AND order_date < '2025-03-01'",
    ],
    ['products with price over 100', 'SELECT name FROM products WHERE price > 100 ORDER BY id LIMIT 100'],
    [
      'how many orders per status',
      'SELECT status, COUNT(*) AS order_count FROM orders GROUP BY status ORDER BY order_count DESC LIMIT 100',
    ],
    [
      'sales per year',
      "SELECT strftime('%Y', o.order_date) AS year, SUM(oi.quantity * oi.unit_price) AS total_sales FROM order_items oi JOIN orders o ON oi.order_id = o.id GROUP BY strftime('%Y', o.order_date) ORDER BY year LIMIT 100",
    ],
    [
      'list customers who are not in Canada',
      "SELECT first_name, last_name FROM customers WHERE country <> 'Canada' ORDER BY id LIMIT 100",
    ],
  ])('%s', async (question, expected) => {
    expect(await sql(question)).toBe(expected);
  });

  it('understands typos, synonyms and filler words instead of refusing', async () => {
    expect(await sql('how many prodcuts are there?')).toBe('SELECT COUNT(*) AS product_count FROM products');
    expect(await sql('how many clients are currently in Canada?')).toBe(
      "SELECT COUNT(*) AS customer_count FROM customers WHERE country = 'Canada'",
    );
    expect(await sql('list customers located in Canada')).toContain("WHERE country = 'Canada'");
  });

  it('refuses rather than drop a word that changes the reading', async () => {
    // "next" is a modifier that would change the rows: refused by name before the value is looked at
    await expect(sql('which categories are next to Books')).rejects.toThrow(
      /"next" \(a modifier that would change the rows\)/,
    );
  });

  it('writes simple single-table deletes and updates for approval', async () => {
    expect(await sql('delete orders with status cancelled')).toBe("DELETE FROM orders WHERE status = 'cancelled'");
    expect(await sql("update products set price = 9.99 where name is 'Widget'")).toBe(
      "UPDATE products SET price = 9.99 WHERE name = 'Widget'",
    );
    expect(await sql("set the price of 'Widget' to 5")).toBe("UPDATE products SET price = 5 WHERE name = 'Widget'");
  });

  it('speaks each dialect: quoting and TOP for SQL Server', async () => {
    expect(await sql('list customers in Canada', 'transactsql', 50)).toBe(
      "SELECT TOP 50 first_name, last_name FROM customers WHERE country = 'Canada' ORDER BY id",
    );
    expect(await sql('top 5 products by total sales', 'mysql')).toContain('LIMIT 5');
    expect(await sql('how many orders per month', 'postgresql')).toBe(
      "SELECT to_char(order_date, 'YYYY-MM') AS month, COUNT(*) AS order_count FROM orders GROUP BY to_char(order_date, 'YYYY-MM') ORDER BY month LIMIT 100",
    );
  });

  it.each([
    ['how many customers churned last quarter?', /"churned"/],
    ['list customers in Atlantis', /"Atlantis"/],
    ['how many unicorns are there?', /"unicorns"/],
    ['insert a new customer named Bob', /only simple DELETE and UPDATE/],
    ['delete all orders', /needs a condition/],
    ['top 5 products', /by what to rank/],
    ['', /no words/],
  ])('refuses "%s" and says what it did not understand and how to configure a model', async (question, reason) => {
    const attempt = sql(question);
    await expect(attempt).rejects.toThrow(UnanswerableQuestionError);
    await expect(attempt).rejects.toThrow(reason);
    await expect(attempt).rejects.toThrow(/LLM_PROVIDER=ollama\|openai\|anthropic with LLM_MODEL/);
  });

  it('refuses a correction attempt instead of repeating itself', async () => {
    await expect(
      provider.generateSql({
        question: 'How many customers are there?',
        dialect: 'sqlite',
        schema: SHOP_SCHEMA,
        examples: [],
        maxRows: 10,
        previousAttempt: { sql: 'SELECT 1', error: 'no such table' },
      }),
    ).rejects.toThrow(UnanswerableQuestionError);
  });
});

describe('OfflineProvider.writeAnswer', () => {
  const answer = async (
    question: string,
    columns: string[],
    rows: unknown[][],
    rowCount = rows.length,
    truncated = false,
  ) => {
    const schema = { ...SHOP_SCHEMA, dialect: 'sqlite' as const };
    const generated = await provider.generateSql({ question, dialect: 'sqlite', schema, examples: [], maxRows: 100 });
    const request = { question, sql: generated.sql, columns, rows, rowCount, truncated };
    // the plan travels as data: another provider instance words the rows with it
    return (await new OfflineProvider().writeAnswer({ ...request, answerPlan: generated.answerPlan })).text;
  };

  it('words counts, aggregates, lists, rankings and groups from the rows', async () => {
    expect(await answer('How many customers are there?', ['customer_count'], [[1000]])).toBe(
      'There are 1,000 customers.',
    );
    expect(await answer('how many customers in Canada', ['customer_count'], [[1]])).toBe(
      'There is 1 customer in Canada.',
    );
    expect(await answer('What is the average price of products?', ['avg_price'], [[12.345]])).toBe(
      'The average price of products is $12.35.',
    );
    const names = Array.from({ length: 12 }, (_, i) => [i + 1, `First${i}`, `Last${i}`, 'x', 'Canada', 'y', 'z']);
    expect(
      await answer(
        'list customers in Canada',
        ['id', 'first_name', 'last_name', 'email', 'country', 'city', 'created_at'],
        names.slice(0, 10),
        12,
      ),
    ).toBe(
      'Found 12 customers in Canada: First0 Last0, First1 Last1, First2 Last2, First3 Last3, First4 Last4, First5 Last5, First6 Last6, First7 Last7, First8 Last8, First9 Last9 and 2 more.',
    );
    expect(
      await answer(
        'list customers in Canada',
        ['id', 'first_name', 'last_name', 'email', 'country', 'city', 'created_at'],
        names.slice(0, 10),
        100,
        true,
      ),
    ).toMatch(/^Found more than 100 customers in Canada: .*First9 Last9 and at least 91 more\.$/);
    expect(
      await answer(
        'top 2 products by total sales',
        ['name', 'total_sales'],
        [
          ['Lamp', 12345.675],
          ['Desk', 99],
        ],
      ),
    ).toBe('The top 2 products by total sales are: Lamp ($12,345.68), Desk ($99.00).');
    expect(
      await answer(
        'number of products per category',
        ['name', 'product_count'],
        [
          ['Books', 120],
          ['Toys', 3],
        ],
      ),
    ).toBe('Number of products by category (2 groups): Books 120, Toys 3.');
    expect(await answer('list customers in Canada', ['id'], [])).toBe('No rows matched.');
  });

  it('falls back to a generic sentence for SQL it did not write', async () => {
    const text = (
      await provider.writeAnswer({
        question: 'q',
        sql: 'SELECT 42 AS answer_value',
        columns: ['answer_value'],
        rows: [[42]],
        rowCount: 1,
        truncated: false,
      })
    ).text;
    expect(text).toBe('The answer value is 42.');
  });

  it('words the rows generically without the plan, or with the plan of another statement', async () => {
    const schema = { ...SHOP_SCHEMA, dialect: 'sqlite' as const };
    const question = 'How many customers are there?';
    const generated = await provider.generateSql({ question, dialect: 'sqlite', schema, examples: [], maxRows: 100 });
    const rows = { question, columns: ['customer_count'], rows: [[1000]], rowCount: 1, truncated: false };
    expect((await provider.writeAnswer({ ...rows, sql: generated.sql, answerPlan: generated.answerPlan })).text).toBe(
      'There are 1,000 customers.',
    );
    expect((await provider.writeAnswer({ ...rows, sql: generated.sql })).text).toBe('The customer count is 1,000.');
    const repaired = `${generated.sql} LIMIT 5`;
    expect((await provider.writeAnswer({ ...rows, sql: repaired, answerPlan: generated.answerPlan })).text).toBe(
      'The customer count is 1,000.',
    );
  });
});
