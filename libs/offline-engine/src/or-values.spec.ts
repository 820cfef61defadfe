import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from './offline-engine';
import { DOCUMENT_SCHEMA, LEDGER_SCHEMA, SHOP_SCHEMA } from './testing';
import { OfflineClarificationError } from './unanswerable';

/** Values joined by "or": IN over one column, OR over two, asked back when either fits. */
const engine = new OfflineEngine();
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

const col = (name: string, type: string, sampleValues?: string[]) => ({
  name,
  type,
  nullable: true,
  primaryKey: name === 'id',
  ...(sampleValues ? { sampleValues } : {}),
});
/** People with a city and a hobby that share the value "Reading". */
const PEOPLE: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: 'people-1',
  tables: [
    {
      name: 'people',
      kind: 'table',
      primaryKey: ['id'],
      foreignKeys: [],
      columns: [
        col('id', 'INTEGER'),
        col('name', 'TEXT'),
        col('city', 'TEXT', ['Paris', 'Reading', 'York']),
        col('hobby', 'TEXT', ['Chess', 'Reading']),
      ],
    },
  ],
};

describe('"or" between values', () => {
  it('over one column is IN', async () => {
    expect(await sql(SHOP_SCHEMA, 'How many orders are pending or cancelled?')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE status IN ('pending', 'cancelled')",
    );
    expect(await sql(DOCUMENT_SCHEMA, 'Show templates with type code PP or PPT')).toContain(
      "WHERE template_type_code IN ('PP', 'PPT')",
    );
    expect(await sql(LEDGER_SCHEMA, 'invoices that are open or paid in 2024')).toContain(
      "WHERE state IN ('open', 'paid') AND invoice_date >= '2024-01-01'",
    );
    expect(await sql(SHOP_SCHEMA, 'products in Books or Toys')).toContain("WHERE c.name IN ('Books', 'Toys')");
  });

  it('over two columns of one table is OR; over two tables it is refused', async () => {
    expect(await sql(LEDGER_SCHEMA, 'staff in Leeds or with title Manager')).toContain(
      "WHERE (city = 'Leeds' OR title = 'Manager')",
    );
    await expect(sql(SHOP_SCHEMA, 'customers in Canada or in the Books category')).rejects.toThrow(/by "or"/);
  });

  it('a column named for the first value holds the second; otherwise a value in two columns is asked about', async () => {
    expect(await sql(PEOPLE, 'people with hobby Chess or Reading')).toContain("WHERE hobby IN ('Chess', 'Reading')");
    const asked = await sql(PEOPLE, 'people in Paris or Reading').catch((e) => e);
    expect(asked).toBeInstanceOf(OfflineClarificationError);
    expect((asked as OfflineClarificationError).clarification.readings.map((r) => r.question)).toEqual([
      "people in Paris or people.city 'Reading'",
      "people in Paris or people.hobby 'Reading'",
    ]);
    expect(await sql(PEOPLE, "people in Paris or people.hobby 'Reading'")).toContain(
      "WHERE (city = 'Paris' OR hobby = 'Reading')",
    );
  });
});
