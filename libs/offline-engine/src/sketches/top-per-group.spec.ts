import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { writeAnswerText } from '../answers/answer-writer';
import { planOfStatement } from '../answers/answer-plan';
import { GEO_SCHEMA, LEDGER_SCHEMA, SHOP_SCHEMA } from '../testing';

/** The top row per group, on the shop fixture and on schemas named otherwise. */
const engine = new OfflineEngine();
const sql = async (schema: DatabaseSchema, question: string, dialect: 'sqlite' | 'transactsql' = 'sqlite') =>
  (await engine.generateSql({ question, dialect, schema, maxRows: 10 })).sql;

describe('the top row per group: correlated subqueries, ties kept', () => {
  it('"the most expensive product in each category": no product of the same category costs more', async () => {
    expect(await sql(SHOP_SCHEMA, 'What is the most expensive product in each category?')).toBe(
      'SELECT c.name AS category_name, p.name, p.price FROM products p JOIN categories c ON p.category_id = c.id WHERE p.category_id IS NOT NULL AND p.price IS NOT NULL' +
        ' AND NOT EXISTS (SELECT 1 FROM products p2 WHERE p2.category_id = p.category_id AND p2.price > p.price) ORDER BY c.name, p.price DESC LIMIT 10',
    );
  });

  it('"the best-selling product in each category": the units of each product\'s sales lines, per row', async () => {
    const s = await sql(SHOP_SCHEMA, 'What is the best-selling product in each category?');
    expect(s).toContain('(SELECT SUM(pm1.quantity) FROM order_items pm1 WHERE pm1.product_id = p.id) AS units_sold');
    expect(s).toContain(
      'NOT EXISTS (SELECT 1 FROM products p2 WHERE p2.category_id = p.category_id AND (SELECT SUM(p2m1.quantity) FROM order_items p2m1 WHERE p2m1.product_id = p2.id) > (SELECT SUM(pm1.quantity)',
    );
  });

  it('a group that is a column of the ranked rows, and N per group', async () => {
    expect(await sql(GEO_SCHEMA, 'the largest city in each state')).toBe(
      'SELECT c.state_name, c.city_name, c.population FROM city c WHERE c.state_name IS NOT NULL AND c.population IS NOT NULL' +
        ' AND NOT EXISTS (SELECT 1 FROM city c2 WHERE c2.state_name = c.state_name AND c2.population > c.population) ORDER BY c.state_name, c.population DESC LIMIT 10',
    );
    expect(await sql(LEDGER_SCHEMA, 'the top 2 items by unit cost for each kind')).toContain(
      '(SELECT COUNT(*) FROM items i2 WHERE i2.kind = i.kind AND i2.unit_cost > i.unit_cost) < 2',
    );
    expect(await sql(SHOP_SCHEMA, 'which customer has the most orders in each country', 'transactsql')).toMatch(
      /^SELECT TOP 10 c\.country, .*\(SELECT COUNT\(\*\) FROM orders cm1 WHERE cm1\.customer_id = c\.id\) AS order_count FROM customers c /,
    );
  });

  it('conditions on the ranked rows apply to the rows compared too; a group further away is refused', async () => {
    expect(await sql(SHOP_SCHEMA, 'the most expensive product in each category that is in stock')).toContain(
      'WHERE p2.category_id = p.category_id AND p2.stock > 0 AND p2.price > p.price',
    );
    await expect(sql(SHOP_SCHEMA, 'the largest order in each category')).rejects.toThrow(
      'could not tell how "category" groups orders',
    );
    // "the highest rated product": a superlative of the reviews' rating before "product" ranks products (by an
    // aggregate the question does not name), never the maximum rating itself
    await expect(sql(LEDGER_SCHEMA, 'the highest scored item in each kind')).rejects.toThrow();
    await expect(sql(LEDGER_SCHEMA, 'the highest scored item')).rejects.toThrow(/ranks items/);
  });

  it('words the answer per group', async () => {
    const generated = await engine.generateSql({
      question: 'the most expensive product in each category',
      dialect: 'sqlite',
      schema: SHOP_SCHEMA,
      maxRows: 10,
    });
    const s = generated.sql;
    const text = writeAnswerText(
      {
        question: 'q',
        sql: s,
        columns: ['category_name', 'name', 'price'],
        rows: [
          ['Books', 'Atlas', 30],
          ['Toys', 'Kite', 12.5],
        ],
        rowCount: 2,
        truncated: false,
      },
      planOfStatement(generated.answerPlan, s),
    );
    expect(text).toBe(
      'The product with the highest price in each category (ties kept): Books Atlas ($30.00), Toys Kite ($12.50).',
    );
  });
});
