import type { ColumnSchema, DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from './offline-engine';
import { LEDGER_SCHEMA, SHOP_SCHEMA } from './testing';

/** A past participle naming a nullable date column (issue 22, general form 6). */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string) => (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

const withColumn = (schema: DatabaseSchema, table: string, column: ColumnSchema): DatabaseSchema => ({
  ...schema,
  tables: schema.tables.map((t) => (t.name === table ? { ...t, columns: [...t.columns, column] } : t)),
});
const SHOP = withColumn(SHOP_SCHEMA, 'products', { name: 'discontinued_at', type: 'DATE', nullable: true, primaryKey: false });
const LEDGER = withColumn(LEDGER_SCHEMA, 'clients', { name: 'date_archived', type: 'DATE', nullable: true, primaryKey: false });

describe('a participle naming a nullable date column is a condition', () => {
  it('"have been discontinued": the date is set', async () => {
    expect(await sql(SHOP, 'How many products have been discontinued?')).toBe('SELECT COUNT(*) AS product_count FROM products WHERE discontinued_at IS NOT NULL');
    expect(await sql(LEDGER, 'how many clients were archived')).toBe('SELECT COUNT(*) AS client_count FROM clients WHERE date_archived IS NOT NULL');
  });

  it('a period is of the participle\'s date, not of the row\'s own date', async () => {
    expect(await sql(SHOP, 'Which products were discontinued in 2024?')).toContain("WHERE discontinued_at >= '2024-01-01' AND discontinued_at < '2025-01-01' AND discontinued_at IS NOT NULL");
    await expect(sql(SHOP, 'How many products not discontinued in 2024')).rejects.toThrow(/which date/);
  });

  it('"not discontinued": the date is not set', async () => {
    expect(await sql(SHOP, "How many products haven't been discontinued?")).toBe('SELECT COUNT(*) AS product_count FROM products WHERE discontinued_at IS NULL');
    expect(await sql(LEDGER, 'clients in London not archived')).toContain("WHERE city = 'London' AND date_archived IS NULL");
  });

  it('a stored value of the word is read as the value, as before; no such column is refused', async () => {
    // invoices have a nullable paid_on date and the state 'paid'
    expect(await sql(LEDGER_SCHEMA, 'how many invoices are paid')).toBe("SELECT COUNT(*) AS invoice_count FROM invoices WHERE state = 'paid'");
    await expect(sql(SHOP_SCHEMA, 'How many products have been discontinued?')).rejects.toThrow(/"discontinued"/);
  });
});
