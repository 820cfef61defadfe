import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from './offline-engine';
import { CLINIC_SCHEMA, SHOP_SCHEMA, TRADE_SCHEMA } from './testing';
import { OfflineRefusalError } from './unanswerable';

/** Every word of the question is placed in the SQL, or the question is refused naming the word. */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;
const refusal = async (schema: DatabaseSchema, question: string): Promise<string> => {
  try {
    await sql(schema, question);
  } catch (e) {
    if (e instanceof OfflineRefusalError) return e.message;
    throw e;
  }
  throw new Error(`"${question}" was answered`);
};

describe('a column named "total <x>" before a grouping word is summed per group', () => {
  it('"total charge per outcome" adds up the column per outcome, never lists it', async () => {
    expect(await sql(CLINIC_SCHEMA, 'Total charge per outcome')).toBe(
      'SELECT outcome, SUM(total_charge) AS sum_total_charge FROM visits GROUP BY outcome ORDER BY sum_total_charge DESC LIMIT 10',
    );
  });
});

describe('a grouping the reading cannot place is refused, naming it', () => {
  it.each([
    ['pay per ward', 'ward', CLINIC_SCHEMA],
    ['price per category name', 'category', SHOP_SCHEMA],
  ])('"%s" is refused naming "%s"', async (question, word, schema) => {
    expect(await refusal(schema, question)).toContain(`"${word}`);
  });
});

describe('a stored value named through WordNet selects the rows whose column is asked', () => {
  it('"the CEO\'s pay" and "the pay of the CEO" read the pay of the row whose position is Chief Executive Officer', async () => {
    const expected = "SELECT pay FROM physicians WHERE position = 'Chief Executive Officer' LIMIT 10";
    expect(await sql(CLINIC_SCHEMA, "What is the CEO's pay?")).toBe(expected);
    expect(await sql(CLINIC_SCHEMA, 'What is the pay of the CEO?')).toBe(expected);
  });
});

describe('an entity is shown by its name or label columns', () => {
  it.each([
    [TRADE_SCHEMA, 'How many orders per shipper?', 'SELECT s.company_name, COUNT(*) AS order_count'],
    [TRADE_SCHEMA, 'List the orders with their shipper', 's.company_name FROM orders o JOIN shippers s'],
    [SHOP_SCHEMA, 'How many orders per customer?', 'SELECT c.first_name, c.last_name, COUNT(*) AS order_count'],
  ])('a company name, or first and last name, labels the related rows (%#)', async (schema, question, part) => {
    expect(await sql(schema, question)).toContain(part);
  });
});

describe('a list of things names them; a request for records shows every column', () => {
  it.each([
    ['List the suppliers', TRADE_SCHEMA, 'SELECT company_name FROM suppliers ORDER BY supplier_id LIMIT 10'],
    ['Which shippers are there?', TRADE_SCHEMA, 'SELECT company_name FROM shippers ORDER BY shipper_id LIMIT 10'],
    ['List the customers', SHOP_SCHEMA, 'SELECT first_name, last_name FROM customers ORDER BY id LIMIT 10'],
  ])('"%s" lists the name columns, in key order', async (question, schema, expected) => {
    expect(await sql(schema, question)).toBe(expected);
  });

  it.each(['Show all details of the shippers', 'List the shipper records', 'Provide a query showing the shippers'])(
    '"%s" shows whole records',
    async (question) => {
      expect(await sql(TRADE_SCHEMA, question)).toBe(
        'SELECT shipper_id, company_name, phone FROM shippers ORDER BY shipper_id LIMIT 10',
      );
    },
  );

  it('a table without a name column is listed by every column, not by its id alone', async () => {
    expect(await sql(SHOP_SCHEMA, 'List the order items')).toMatch(/^SELECT \w+, \w+, \w+/);
  });
});
