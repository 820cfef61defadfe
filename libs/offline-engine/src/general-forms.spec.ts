import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from './offline-engine';
import { LEDGER_SCHEMA, SHOP_SCHEMA } from './testing';
import { OfflineClarificationError } from './unanswerable';

/** The general question forms of issue 22 item 6, each on the shop fixture and on a schema named otherwise. */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string, context: string[] = []) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10, conversation: context.map((q) => ({ question: q, sql: null, answer: null }) as never) })).sql;

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
    expect(await sql(LEDGER_SCHEMA, 'what is the total amount of invoices')).toBe('SELECT SUM(amount) AS total_amount FROM invoices');
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
    expect(await sql(LEDGER_SCHEMA, 'total invoices by state')).toBe('SELECT state, SUM(amount) AS total_amount FROM invoices GROUP BY state ORDER BY total_amount DESC LIMIT 10');
  });

  it('"total <rows>" with a column named total asks: their number or the sum of the column', async () => {
    expect(await readings(SHOP_SCHEMA, 'total orders per customer')).toEqual(['number of orders per customer', 'sum of orders.total per customer']);
  });
});

describe('compound column names: the head noun names the column (item 3)', () => {
  it('"job title" is the title column', async () => {
    expect(await sql(LEDGER_SCHEMA, 'what is the average salary by job title')).toBe('SELECT title, AVG(salary) AS avg_salary FROM staff GROUP BY title ORDER BY avg_salary DESC LIMIT 10');
    expect(await sql(LEDGER_SCHEMA, 'staff with job title Manager')).toContain("WHERE title = 'Manager'");
    expect(await sql(SHOP_SCHEMA, 'customers by home country')).toContain('GROUP BY country');
  });
});
