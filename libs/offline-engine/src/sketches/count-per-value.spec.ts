import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { DOCUMENT_SCHEMA, LEDGER_SCHEMA, SHOP_SCHEMA, STUDENT_SCHEMA } from '../testing';

/** Values of a column by how many rows hold them: GROUP BY the column HAVING COUNT(*). */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

describe('"<values> with <op> N <rows>": GROUP BY the column HAVING COUNT(*) op N', () => {
  it("on the counted rows' own column", async () => {
    expect(await sql(DOCUMENT_SCHEMA, 'Which type codes have fewer than 3 templates?')).toBe(
      'SELECT template_type_code FROM templates GROUP BY template_type_code HAVING COUNT(*) < 3 ORDER BY template_type_code LIMIT 10',
    );
    expect(await sql(STUDENT_SCHEMA, 'Which grades have 4 or more students?')).toBe(
      'SELECT grade FROM student GROUP BY grade HAVING COUNT(*) >= 4 ORDER BY grade LIMIT 10',
    );
    expect(await sql(SHOP_SCHEMA, 'countries with more than 50 customers')).toBe(
      'SELECT country FROM customers GROUP BY country HAVING COUNT(*) > 50 ORDER BY country LIMIT 10',
    );
    expect(await sql(LEDGER_SCHEMA, 'cities with at least 2 clients')).toBe(
      'SELECT city FROM clients GROUP BY city HAVING COUNT(*) >= 2 ORDER BY city LIMIT 10',
    );
  });

  it('keeps the other conditions on the rows', async () => {
    expect(await sql(SHOP_SCHEMA, 'statuses with at least 10 orders in 2024')).toBe(
      "SELECT status FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01' GROUP BY status HAVING COUNT(*) >= 10 ORDER BY status LIMIT 10",
    );
  });

  it('rows of a table stay a count of their related rows; a column of other rows is refused', async () => {
    expect(await sql(SHOP_SCHEMA, 'customers with more than 5 orders')).toContain(
      'WHERE (SELECT COUNT(*) FROM orders rel1 WHERE rel1.customer_id = customers.id) > 5',
    );
    await expect(sql(SHOP_SCHEMA, 'countries with more than 5 orders')).rejects.toThrow();
  });
});
