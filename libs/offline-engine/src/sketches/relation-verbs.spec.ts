import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { AIRLINE_SCHEMA, LEDGER_SCHEMA, SHOP_SCHEMA } from '../testing';

/** An unknown verb between a table and a related table. */
const engine = new OfflineEngine();
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

describe('"How many <rows> did each <row> <verb>?": the count of related rows along the one foreign key', () => {
  it('counts the related rows per row', async () => {
    expect(await sql(LEDGER_SCHEMA, 'How many invoices did each client receive?')).toBe(
      'SELECT c.full_name, COUNT(*) AS invoice_count FROM invoices i JOIN clients c ON i.client_id = c.client_id GROUP BY c.client_id, c.full_name ORDER BY invoice_count DESC LIMIT 10',
    );
    expect(await sql(SHOP_SCHEMA, 'How many orders did each customer submit?')).toContain(
      'COUNT(*) AS order_count FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY c.id',
    );
    expect(await sql(AIRLINE_SCHEMA, 'How many flights did each airline operate?')).toContain(
      'COUNT(*) AS flight_count FROM flights f JOIN airlines a ON f.airline_id = a.uid',
    );
  });

  it('refuses a verb naming a stored state of the rows, and tables linked by two keys', async () => {
    await expect(sql(SHOP_SCHEMA, 'How many orders did each customer cancel?')).rejects.toThrow(/"cancel"/);
    const TWO_KEYS: DatabaseSchema = {
      ...LEDGER_SCHEMA,
      tables: LEDGER_SCHEMA.tables.map((t) =>
        t.name === 'invoices'
          ? {
              ...t,
              columns: [...t.columns, { name: 'approver_id', type: 'INTEGER', nullable: true, primaryKey: false }],
              foreignKeys: [
                ...t.foreignKeys,
                { columns: ['approver_id'], referencedTable: 'staff', referencedColumns: ['staff_id'] },
              ],
            }
          : t,
      ),
    };
    await expect(sql(TWO_KEYS, 'How many invoices did each staff handle?')).rejects.toThrow(/"handle"/);
    expect(await sql(LEDGER_SCHEMA, 'How many invoices did each staff handle?')).toContain(
      'JOIN staff s ON i.staff_id = s.staff_id',
    );
  });
});
