import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { SHOP_SCHEMA, TRADE_SCHEMA } from '../testing';

/** A modifier naming a flag column is its condition, on two schemas; a participle date column as before. */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string, dialect: Dialect = 'sqlite') =>
  (await engine.generateSql({ question, dialect, schema, maxRows: 10 })).sql;

/** The shop fixture with a boolean `is_active` on customers. */
const SHOP_WITH_FLAG: DatabaseSchema = {
  ...SHOP_SCHEMA,
  tables: SHOP_SCHEMA.tables.map((t) =>
    t.name === 'customers'
      ? { ...t, columns: [...t.columns, { name: 'is_active', type: 'boolean', nullable: false, primaryKey: false }] }
      : t,
  ),
};

describe('a word naming a flag column', () => {
  it.each([
    [
      TRADE_SCHEMA,
      'How many active suppliers are there?',
      'SELECT COUNT(*) AS supplier_count FROM suppliers WHERE is_active = 1',
    ],
    [
      TRADE_SCHEMA,
      'How many discontinued products are there?',
      'SELECT COUNT(*) AS product_count FROM products WHERE discontinued = 1',
    ],
    [
      SHOP_WITH_FLAG,
      'How many active customers are there?',
      'SELECT COUNT(*) AS customer_count FROM customers WHERE is_active = 1',
    ],
    [
      SHOP_WITH_FLAG,
      'How many customers are not active?',
      'SELECT COUNT(*) AS customer_count FROM customers WHERE is_active = 0',
    ],
  ])('is the condition (%#)', async (schema, question, expected) => {
    expect(await sql(schema, question)).toBe(expected);
  });

  it('is TRUE or FALSE for a PostgreSQL boolean, 1 for a number column', async () => {
    expect(await sql(SHOP_WITH_FLAG, 'How many active customers in Canada?', 'postgresql')).toBe(
      "SELECT COUNT(*) AS customer_count FROM customers WHERE country = 'Canada' AND is_active = TRUE",
    );
    expect(await sql(TRADE_SCHEMA, 'How many discontinued products are there?', 'postgresql')).toContain(
      'discontinued = 1',
    );
  });

  it('a modifier backed by nothing is refused naming it, never dropped', async () => {
    await expect(sql(SHOP_SCHEMA, 'How many active customers are there?')).rejects.toThrow(/"active"/);
  });
});
