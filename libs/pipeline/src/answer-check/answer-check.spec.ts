import type { ColumnSchema, DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import { checkAnswer } from './answer-check';

const column = (name: string, type: string, extra: Partial<ColumnSchema> = {}): ColumnSchema => ({
  name,
  type,
  nullable: true,
  primaryKey: false,
  ...extra,
});
const key = (name: string) => column(name, 'INTEGER', { primaryKey: true, nullable: false });
const table = (name: string, columns: ColumnSchema[], foreignKeys: TableSchema['foreignKeys'] = []): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
  foreignKeys,
});
const fk = (col: string, referencedTable: string, referenced: string) => ({
  columns: [col],
  referencedTable,
  referencedColumns: [referenced],
});

/** A small shop: customers in cities, orders with a status, their items, employees with titles. */
const SCHEMA: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2026-01-01T00:00:00Z',
  version: 'v1',
  tables: [
    table('countries', [key('country_id'), column('name', 'TEXT', { sampleValues: ['France', 'Germany', 'Spain'] })]),
    table(
      'customers',
      [
        key('customer_id'),
        column('name', 'TEXT', { knownValues: ['Acme Corp', 'Globex'] }),
        column('city', 'TEXT', { sampleValues: ['Berlin', 'Lyon', 'Madrid'] }),
        column('country_id', 'INTEGER'),
      ],
      [fk('country_id', 'countries', 'country_id')],
    ),
    table(
      'orders',
      [
        key('order_id'),
        column('customer_id', 'INTEGER'),
        column('status', 'TEXT', { sampleValues: ['delivered', 'pending', 'shipped'] }),
        column('total_amount', 'REAL'),
        column('order_date', 'DATE'),
      ],
      [fk('customer_id', 'customers', 'customer_id')],
    ),
    table(
      'order_items',
      [key('order_item_id'), column('order_id', 'INTEGER'), column('quantity', 'INTEGER')],
      [fk('order_id', 'orders', 'order_id')],
    ),
    table('employees', [
      key('employee_id'),
      column('title', 'TEXT', { sampleValues: ['Chief Executive Officer', 'Sales Manager', 'Sales Representative'] }),
      column('salary', 'REAL'),
    ]),
  ],
};

const check = (question: string, sql: string, dialect: Dialect) =>
  checkAnswer({ question, sql, dialect, schema: { ...SCHEMA, dialect }, rowLimit: 1000 });
const codes = (question: string, sql: string, dialect: Dialect) => check(question, sql, dialect).map((f) => f.code);
const unused = (question: string, sql: string, dialect: Dialect) =>
  check(question, sql, dialect).find((f) => f.code === 'unused_words')?.words ?? [];

describe.each<Dialect>(['sqlite', 'postgresql', 'mysql'])('checkAnswer (%s)', (dialect) => {
  it('finds nothing in SQL that answers the question as asked', () => {
    const right: Array<[string, string]> = [
      ['Total amount per status', 'SELECT status, SUM(total_amount) FROM orders GROUP BY status'],
      ["What is the CEO's salary?", "SELECT salary FROM employees WHERE title = 'Chief Executive Officer'"],
      [
        'What are the 5 largest orders?',
        'SELECT order_id, total_amount FROM orders ORDER BY total_amount DESC LIMIT 5',
      ],
      [
        'How many orders were shipped in 2024?',
        "SELECT COUNT(*) FROM orders WHERE status = 'shipped' AND order_date >= '2024-01-01' AND order_date < '2025-01-01'",
      ],
      [
        'Which customers have never placed an order?',
        'SELECT name FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id)',
      ],
      [
        'How many orders does each customer have?',
        'SELECT c.name, COUNT(*) FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.name',
      ],
      ['List employees in descending order of salary', 'SELECT * FROM employees ORDER BY salary DESC'],
      ['How many customers are in Berlin?', "SELECT COUNT(*) FROM customers WHERE city = 'Berlin'"],
      ['What is the highest salary?', 'SELECT MAX(salary) FROM employees'],
    ];
    for (const [question, sql] of right)
      expect({ question, findings: check(question, sql, dialect) }).toEqual({ question, findings: [] });
  });

  it('names the words of the question the SQL does not use, each in its role', () => {
    expect(unused('Total amount per status', 'SELECT total_amount FROM orders', dialect)).toEqual(['per status']);
    expect(unused("What is the CEO's salary?", 'SELECT salary FROM employees', dialect)).toEqual(['CEO']);
    expect(unused('What are the largest orders?', 'SELECT * FROM orders', dialect)).toEqual(['largest']);
    expect(
      unused(
        'Which customers have never ordered?',
        'SELECT name FROM customers JOIN orders ON orders.customer_id = customers.customer_id',
        dialect,
      ),
    ).toEqual(['never']);
    expect(unused('How many orders in 2024?', 'SELECT COUNT(*) FROM orders', dialect)).toEqual(['in 2024']);
    expect(unused('How many shipped orders?', 'SELECT COUNT(*) FROM orders', dialect)).toEqual(['shipped']);
    expect(
      unused('What are the top 3 orders by total amount?', 'SELECT * FROM orders ORDER BY total_amount DESC', dialect),
    ).toEqual(['top 3']);
  });

  it('finds a LIMIT that contradicts the count asked for, and ordering by the key instead of the measure', () => {
    expect(
      codes('What are the 5 largest orders?', 'SELECT * FROM orders ORDER BY total_amount DESC LIMIT 1', dialect),
    ).toEqual(['limit_mismatch']);
    expect(
      codes(
        'List employees in descending order of salary',
        'SELECT * FROM employees ORDER BY employee_id DESC',
        dialect,
      ),
    ).toEqual(['order_by_key']);
  });

  it('finds one column equal to two values, and ranges that cannot hold', () => {
    expect(
      codes(
        'How many orders are shipped and delivered?',
        "SELECT COUNT(*) FROM orders WHERE status = 'shipped' AND status = 'delivered'",
        dialect,
      ),
    ).toEqual(['contradiction']);
    expect(
      codes(
        'Orders between 100 and 50',
        'SELECT * FROM orders WHERE total_amount > 100 AND total_amount < 50',
        dialect,
      ),
    ).toEqual(['contradiction']);
    expect(
      codes(
        'Orders of shipped status',
        "SELECT * FROM orders WHERE status IN ('shipped', 'pending') AND status = 'shipped'",
        dialect,
      ),
    ).toEqual([]);
  });

  it('finds a name compared with a key column, and the count of a "top N" read as a value', () => {
    expect(codes('Orders of Acme Corp', "SELECT * FROM orders WHERE order_id = 'Acme Corp'", dialect)).toContain(
      'type_mismatch',
    );
    expect(
      codes(
        'What are the 5 largest orders?',
        'SELECT * FROM orders WHERE total_amount = 5 ORDER BY total_amount DESC LIMIT 5',
        dialect,
      ),
    ).toEqual(['type_mismatch']);
  });

  it('finds a value looked up in a column that does not hold it while another column does', () => {
    const findings = check(
      'Customers in Berlin',
      "SELECT * FROM customers c JOIN countries k ON k.country_id = c.country_id WHERE k.name = 'Berlin'",
      dialect,
    );
    expect(findings.map((f) => f.code)).toEqual(['unknown_value']);
    expect(findings[0].message).toBe("'Berlin' is not a value of countries.name, but customers.city holds it.");
  });

  it('finds aggregates that cannot mean what they seem', () => {
    expect(
      codes(
        'Number of statuses per status',
        'SELECT status, COUNT(DISTINCT status) FROM orders GROUP BY status',
        dialect,
      ),
    ).toEqual(['count_distinct_group']);
    expect(codes('Sum of the customers of orders', 'SELECT SUM(customer_id) FROM orders', dialect)).toEqual([
      'key_aggregate',
    ]);
    expect(
      codes(
        'Total amount of orders with items',
        'SELECT SUM(o.total_amount) FROM orders o JOIN order_items i ON i.order_id = o.order_id',
        dialect,
      ),
    ).toEqual(['fan_out']);
  });

  it('finds nothing in SQL that does not parse or is not a read', () => {
    expect(check('Total amount per status', 'SELEC total_amount', dialect)).toEqual([]);
    expect(check('Delete pending orders', "DELETE FROM orders WHERE status = 'pending'", dialect)).toEqual([]);
  });
});
