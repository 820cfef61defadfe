import type { ColumnSchema, DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { LEDGER_SCHEMA, SHOP_SCHEMA } from '../testing';
import { OfflineClarificationError } from '../unanswerable';

/** A past participle naming a nullable date column. */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

const withColumn = (schema: DatabaseSchema, table: string, column: ColumnSchema): DatabaseSchema => ({
  ...schema,
  tables: schema.tables.map((t) => (t.name === table ? { ...t, columns: [...t.columns, column] } : t)),
});
const SHOP = withColumn(SHOP_SCHEMA, 'products', {
  name: 'discontinued_at',
  type: 'DATE',
  nullable: true,
  primaryKey: false,
});
const LEDGER = withColumn(LEDGER_SCHEMA, 'clients', {
  name: 'date_archived',
  type: 'DATE',
  nullable: true,
  primaryKey: false,
});

describe('a participle naming a nullable date column is a condition', () => {
  it('"have been discontinued": the date is set', async () => {
    expect(await sql(SHOP, 'How many products have been discontinued?')).toBe(
      'SELECT COUNT(*) AS product_count FROM products WHERE discontinued_at IS NOT NULL',
    );
    expect(await sql(LEDGER, 'how many clients were archived')).toBe(
      'SELECT COUNT(*) AS client_count FROM clients WHERE date_archived IS NOT NULL',
    );
  });

  it("a period is of the participle's date, not of the row's own date", async () => {
    expect(await sql(SHOP, 'Which products were discontinued in 2024?')).toContain(
      "WHERE discontinued_at >= '2024-01-01' AND discontinued_at < '2025-01-01' AND discontinued_at IS NOT NULL",
    );
    await expect(sql(SHOP, 'How many products not discontinued in 2024')).rejects.toThrow(/which date/);
  });

  it('"not discontinued": the date is not set', async () => {
    expect(await sql(SHOP, "How many products haven't been discontinued?")).toBe(
      'SELECT COUNT(*) AS product_count FROM products WHERE discontinued_at IS NULL',
    );
    expect(await sql(LEDGER, 'clients in London not archived')).toContain(
      "WHERE city = 'London' AND date_archived IS NULL",
    );
  });

  it('a stored value of the word is read as the value, as before; no such column is refused', async () => {
    // invoices have a nullable paid_on date and the state 'paid'
    expect(await sql(LEDGER_SCHEMA, 'how many invoices are paid')).toBe(
      "SELECT COUNT(*) AS invoice_count FROM invoices WHERE state = 'paid'",
    );
    await expect(sql(SHOP_SCHEMA, 'How many products have been discontinued?')).rejects.toThrow(/"discontinued"/);
  });

  it('a negated participle that is a stored value and names a nullable date column is asked back', async () => {
    // orders with status values and a nullable shipped_at: "not shipped" is a status other than 'shipped' (which
    // keeps delivered orders, shipped too) or no shipped date
    const ORDERS = withColumn(SHOP_SCHEMA, 'orders', {
      name: 'shipped_at',
      type: 'DATETIME',
      nullable: true,
      primaryKey: false,
    });
    for (const question of [
      'Which orders have not been shipped?',
      "orders that haven't shipped",
      'how many orders are not shipped',
    ]) {
      const error = await sql(ORDERS, question).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(OfflineClarificationError);
      const readings = (error as OfflineClarificationError).clarification.readings;
      expect(readings.map((r) => r.label)).toEqual([
        "orders whose status is other than 'shipped'",
        'orders with no shipped date (shipped_at not set)',
      ]);
      expect(await sql(ORDERS, readings[0].question)).toContain("WHERE status <> 'shipped'");
      expect(await sql(ORDERS, readings[1].question)).toContain('WHERE shipped_at IS NULL');
    }
    // the positive form stays the stored value
    expect(await sql(ORDERS, 'how many orders were shipped')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE status = 'shipped'",
    );
    // without the date column, "not shipped" is the status, as before
    expect(await sql(SHOP_SCHEMA, 'how many orders are not shipped')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE status <> 'shipped'",
    );
  });
});
