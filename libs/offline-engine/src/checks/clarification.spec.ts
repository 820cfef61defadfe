import type { ColumnSchema, DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { DINING_SCHEMA, SHOP_SCHEMA } from '../testing';
import { OfflineClarificationError } from '../unanswerable';

const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

/** The clarification a question asks back, or a failure when it answers or refuses. */
async function asked(schema: DatabaseSchema, question: string): Promise<OfflineClarificationError['clarification']> {
  try {
    await sql(schema, question);
  } catch (e) {
    if (e instanceof OfflineClarificationError) return e.clarification;
    throw e;
  }
  throw new Error(`"${question}" was answered without asking back`);
}

const col = (name: string, type: string, extra: Partial<ColumnSchema> = {}): ColumnSchema => ({
  name,
  type,
  nullable: true,
  primaryKey: false,
  ...extra,
});
/** Invoices with a billing country, of customers with a country of their own. */
const BILLING_SCHEMA: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: 'billing-1',
  tables: [
    {
      name: 'customer',
      kind: 'table',
      primaryKey: ['customer_id'],
      foreignKeys: [],
      columns: [col('customer_id', 'INTEGER', { primaryKey: true }), col('name', 'TEXT'), col('country', 'TEXT')],
    },
    {
      name: 'invoice',
      kind: 'table',
      primaryKey: ['invoice_id'],
      foreignKeys: [{ columns: ['customer_id'], referencedTable: 'customer', referencedColumns: ['customer_id'] }],
      columns: [
        col('invoice_id', 'INTEGER', { primaryKey: true }),
        col('customer_id', 'INTEGER'),
        col('billing_country', 'TEXT'),
        col('total', 'REAL'),
      ],
    },
  ],
};

describe('the engine asks back when a question has readings it cannot rank apart', () => {
  it('a value stored in two columns of one row (a table keyed one to one) is two readings, each answered as meant', async () => {
    const c = await asked(DINING_SCHEMA, 'how many french restaurants are in alameda');
    expect(c.readings.map((r) => r.label)).toEqual([
      "restaurants whose own city name is 'alameda'",
      "restaurants whose location's city name is 'alameda'",
    ]);
    expect(await sql(DINING_SCHEMA, c.readings[0].question)).toBe(
      "SELECT COUNT(*) AS restaurant_count FROM restaurant WHERE food_type = 'french' AND city_name = 'alameda'",
    );
    expect(await sql(DINING_SCHEMA, c.readings[1].question)).toBe(
      "SELECT COUNT(*) AS restaurant_count FROM restaurant r JOIN location l ON r.id = l.restaurant_id WHERE r.food_type = 'french' AND l.city_name = 'alameda'",
    );
    // a second ambiguity of a restated question (which columns of a whole row) is asked in the same question
    const list = await asked(DINING_SCHEMA, 'give me some restaurants in alameda');
    expect(list.readings).toHaveLength(4);
    expect(await sql(DINING_SCHEMA, list.readings[2].question)).toBe(
      "SELECT r.id, r.name, r.food_type, r.city_name, r.rating FROM restaurant r JOIN location l ON r.id = l.restaurant_id WHERE l.city_name = 'alameda' ORDER BY r.id LIMIT 10",
    );
  });

  it('a value in columns the join sets equal is one reading: no question back', async () => {
    expect(await sql(DINING_SCHEMA, 'how many chinese restaurants are in the bay area')).toBe(
      "SELECT COUNT(*) AS restaurant_count FROM restaurant r JOIN city c ON r.city_name = c.city_name WHERE r.food_type = 'chinese' AND c.region = 'bay area'",
    );
  });

  it('a value spelled otherwise than stored asks "Did you mean ...?"', async () => {
    const c = await asked(DINING_SCHEMA, 'how many denny are there in the bay area');
    expect(c.question).toBe("Did you mean 'denny's'?");
    expect(await sql(DINING_SCHEMA, c.readings[0].question)).toContain(
      "WHERE r.name = 'denny''s' AND c.region = 'bay area'",
    );
    expect(await sql(DINING_SCHEMA, c.readings[1].question)).toContain(
      "WHERE r.name = 'denny' AND c.region = 'bay area'",
    );
  });

  it('whole rows of a table another continues one to one: which columns', async () => {
    const c = await asked(DINING_SCHEMA, 'give me some restaurants in the bay area');
    expect(await sql(DINING_SCHEMA, c.readings[0].question)).toMatch(
      /^SELECT r\.id, r\.name, r\.food_type, r\.city_name, r\.rating FROM/,
    );
    expect(await sql(DINING_SCHEMA, c.readings[1].question)).toContain('l.house_number, l.street_name');
  });

  it('a word fitting two columns with the signals split is asked back; a named table decides', async () => {
    const c = await asked(BILLING_SCHEMA, 'total sales per country');
    expect(c.readings.map((r) => r.label)).toEqual(['billing country of invoice', 'country of customer']);
    expect(await sql(BILLING_SCHEMA, c.readings[0].question)).toBe(
      'SELECT billing_country, SUM(total) AS total_sales FROM invoice GROUP BY billing_country ORDER BY total_sales DESC LIMIT 10',
    );
    expect(await sql(BILLING_SCHEMA, c.readings[1].question)).toContain('GROUP BY c.country');
    expect(await sql(BILLING_SCHEMA, 'number of invoices per country')).toContain('GROUP BY billing_country');
  });

  it('plain questions on the shop do not ask back', async () => {
    for (const question of [
      'customers without orders',
      'how many customers in Canada have at least 3 orders',
      'products with price under 10',
      'list customers ordered by last name',
      'what percentage of orders are shipped',
      'total stock per category',
      'how many orders were delivered',
      'list products in the Books category',
    ]) {
      await expect(sql(SHOP_SCHEMA, question)).resolves.toMatch(/^SELECT/);
    }
  });
});
