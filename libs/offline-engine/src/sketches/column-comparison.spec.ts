import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { SHOP_SCHEMA, TRADE_SCHEMA } from '../testing';

/** Two columns of one row compared: dates with after/before, numbers with above/below, on two schemas. */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;
const where = async (schema: DatabaseSchema, question: string) =>
  / WHERE (.*?)( ORDER BY| LIMIT|$)/.exec(await sql(schema, question))?.[1];

describe('two date columns compared', () => {
  it.each([
    [TRADE_SCHEMA, 'Orders shipped after the required date', 'shipped_date > required_date'],
    [TRADE_SCHEMA, 'How many orders were shipped after the required date?', 'shipped_date > required_date'],
    [TRADE_SCHEMA, 'Which orders were shipped before the order date?', 'shipped_date < order_date'],
  ])('keeps the condition the question says (%#)', async (schema, question, condition) => {
    expect(await where(schema, question)).toBe(condition);
  });

  it('the table the rows are of decides between two tables with the same date columns', async () => {
    const schema: DatabaseSchema = {
      ...SHOP_SCHEMA,
      tables: [
        ...SHOP_SCHEMA.tables.filter((t) => t.name !== 'orders'),
        {
          name: 'orders',
          kind: 'table',
          primaryKey: ['id'],
          foreignKeys: [],
          columns: ['id', 'shipped_at', 'delivered_at'].map((name) => ({
            name,
            type: name === 'id' ? 'INTEGER' : 'DATETIME',
            nullable: name !== 'id',
            primaryKey: name === 'id',
          })),
        },
        {
          name: 'shipments',
          kind: 'table',
          primaryKey: ['id'],
          foreignKeys: [],
          columns: ['id', 'shipped_at', 'delivered_at'].map((name) => ({
            name,
            type: name === 'id' ? 'INTEGER' : 'DATETIME',
            nullable: name !== 'id',
            primaryKey: name === 'id',
          })),
        },
      ],
    };
    expect(await sql(schema, 'How many orders were delivered after they were shipped?')).toBe(
      'SELECT COUNT(*) AS order_count FROM orders WHERE delivered_at > shipped_at',
    );
    expect(await sql(schema, 'How many shipments were delivered after they were shipped?')).toBe(
      'SELECT COUNT(*) AS shipment_count FROM shipments WHERE delivered_at > shipped_at',
    );
  });
});

describe('two number columns compared', () => {
  it.each([
    [TRADE_SCHEMA, 'How many products have a unit price above their unit cost?', 'unit_price > unit_cost'],
    [TRADE_SCHEMA, 'Products whose price is below their cost', 'unit_price < unit_cost'],
    [SHOP_SCHEMA, 'How many products have a price above their stock?', 'price > stock'],
  ])('keeps the condition the question says (%#)', async (schema, question, condition) => {
    expect(await where(schema, question)).toBe(condition);
  });

  it('a number after the word is a value, never a column', async () => {
    expect(await where(SHOP_SCHEMA, 'How many products have a price above 20?')).toBe('price > 20');
  });
});
