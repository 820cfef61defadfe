import type { DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import { checkReferences, classifySql } from './index';

const table = (name: string, columns: string[], schema?: string): TableSchema => ({
  name,
  schema: schema ?? null,
  kind: 'table',
  columns: columns.map((c) => ({ name: c, type: 'TEXT', nullable: true, primaryKey: c === 'id' })),
  primaryKey: ['id'],
  foreignKeys: [],
});

const schema: DatabaseSchema = {
  dialect: 'postgresql',
  introspectedAt: '2026-01-01T00:00:00Z',
  version: 'test',
  tables: [
    table('Customers', ['id', 'Name', 'country', 'deleted_at']),
    table('orders', ['id', 'customer_id', 'total', 'created_at', 'status']),
    table('products', ['id', 'name', 'price'], 'sales'),
  ],
};

const ALL: Dialect[] = ['sqlite', 'postgresql', 'mysql', 'mariadb', 'transactsql', 'snowflake'];

/** Correct SQL: must yield no problem in every listed dialect (where the parser accepts it). */
const correct: Array<[string, Dialect[]]> = [
  ['SELECT name, country FROM customers', ALL],
  ['SELECT NAME, Country FROM CUSTOMERS', ALL],
  ['SELECT * FROM customers', ALL],
  ['SELECT c.* FROM customers c', ALL],
  ['SELECT c.*, o.total FROM customers AS c JOIN orders AS o ON o.customer_id = c.id', ALL],
  ['SELECT customers.name FROM customers', ALL],
  ['SELECT COUNT(*) FROM orders', ALL],
  ['SELECT COUNT(*) AS n, status FROM orders GROUP BY status HAVING COUNT(*) > 2 ORDER BY n DESC', ALL],
  ['SELECT status, SUM(total) AS revenue FROM orders GROUP BY status HAVING revenue > 10 ORDER BY revenue', ALL],
  ['SELECT name AS customer_name FROM customers ORDER BY customer_name', ALL],
  ['SELECT c.name, o.total FROM customers c, orders o WHERE o.customer_id = c.id', ALL],
  ['SELECT c.name FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)', ALL],
  ['SELECT name FROM customers WHERE id IN (SELECT customer_id FROM orders WHERE total > 100)', ALL],
  ['SELECT name, (SELECT MAX(total) FROM orders WHERE customer_id = customers.id) AS top FROM customers', ALL],
  ['SELECT sub.n FROM (SELECT name AS n FROM customers) AS sub', ALL],
  ['SELECT sub.name FROM (SELECT * FROM customers) sub', ALL],
  ['SELECT t.cnt FROM (SELECT customer_id, COUNT(*) AS cnt FROM orders GROUP BY customer_id) t WHERE t.cnt > 1', ALL],
  [
    'WITH big AS (SELECT customer_id, SUM(total) AS s FROM orders GROUP BY customer_id) SELECT c.name, b.s FROM customers c JOIN big b ON b.customer_id = c.id',
    ALL,
  ],
  [
    'WITH big AS (SELECT customer_id, SUM(total) AS s FROM orders GROUP BY customer_id) SELECT customer_id, s FROM big',
    ALL,
  ],
  ['WITH a AS (SELECT id FROM customers), b AS (SELECT id FROM a) SELECT b.id FROM b', ALL],
  [
    'WITH x (cid, amount) AS (SELECT customer_id, total FROM orders) SELECT cid, amount FROM x',
    ['postgresql', 'sqlite', 'mysql', 'snowflake'],
  ],
  [
    'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n',
    ['postgresql', 'sqlite', 'mysql'],
  ],
  ['SELECT s.a FROM (SELECT id, name FROM customers) AS s(a, b)', ['postgresql']],
  ['SELECT name FROM customers UNION SELECT name FROM sales.products ORDER BY name', ALL],
  ['SELECT name AS n FROM customers UNION ALL SELECT name FROM products ORDER BY n', ['postgresql', 'sqlite', 'mysql']],
  ['SELECT p.name FROM sales.products p', ALL],
  ['SELECT public.customers.name FROM public.customers', ['postgresql']],
  ['SELECT "Name" FROM "Customers"', ['postgresql', 'snowflake']],
  ['SELECT `Name` FROM `Customers`', ['mysql', 'mariadb', 'sqlite']],
  ['SELECT [Name] FROM [Customers]', ['transactsql']],
  ['SELECT name, ROW_NUMBER() OVER (PARTITION BY country ORDER BY name) AS rn FROM customers', ALL],
  ["SELECT name FROM customers WHERE country = 'USA' AND deleted_at IS NULL", ALL],
  ['SELECT name FROM customers WHERE country = "USA"', ['sqlite']],
  ["SELECT CASE WHEN total > 10 THEN 'big' ELSE 'small' END AS size, COUNT(*) FROM orders GROUP BY size", ALL],
  ["SELECT strftime('%Y', created_at) AS y, COUNT(*) FROM orders GROUP BY y", ['sqlite']],
  ['SELECT EXTRACT(YEAR FROM created_at) AS y FROM orders', ['postgresql', 'mysql']],
  ['SELECT DATEADD(day, -7, created_at) FROM orders', ['transactsql', 'snowflake']],
  ['SELECT created_at::date AS d FROM orders', ['postgresql']],
  ['SELECT rowid, name FROM customers', ['sqlite']],
  ['SELECT o.customer_id FROM orders o JOIN customers c USING (id)', ['postgresql', 'mysql', 'sqlite']],
  ['SELECT name FROM information_schema.tables', ['postgresql', 'mysql']],
  ["SELECT name FROM sqlite_master WHERE type = 'table'", ['sqlite']],
  ['SELECT g FROM generate_series(1, 3) AS g', ['postgresql']],
  ['SELECT 1', ALL],
  ['SELECT * FROM otherdb.unknown_table', ['mysql']],
  ['INSERT INTO orders (customer_id, total) VALUES (1, 2)', ALL],
  ["UPDATE orders SET total = 3 WHERE status = 'open'", ALL],
  ["DELETE FROM orders WHERE created_at < '2020-01-01'", ['sqlite', 'postgresql', 'mysql']],
  ['CREATE TABLE brand_new (a int)', ALL],
  ['this does not parse', ALL],
];

describe('checkReferences: correct SQL has no problems', () => {
  const rows = correct.flatMap(([sql, dialects]) => dialects.map((d) => [sql, d] as [string, Dialect]));
  it.each(rows)('%s [%s]', (sql, dialect) => {
    // The parser must accept it, or the check would pass vacuously.
    if (sql !== 'this does not parse') expect(classifySql(sql, dialect)).not.toMatchObject({ kind: 'refused' });
    expect(checkReferences(sql, dialect, schema)).toEqual([]);
  });
});

describe('checkReferences: reports unknown names', () => {
  it.each<[string, Dialect[], string[]]>([
    ['SELECT name FROM custmers', ALL, ['unknown table "custmers"']],
    ['SELECT nme FROM customers', ALL, ['unknown column "nme" in table "customers"']],
    ['SELECT c.nme FROM customers c', ALL, ['unknown column "nme" in table "customers"']],
    [
      'SELECT c.name, o.totl FROM customers c JOIN orders o ON o.customer_id = c.id',
      ALL,
      ['unknown column "totl" in table "orders"'],
    ],
    [
      'SELECT c.name, amount FROM customers c JOIN orders o ON o.customer_id = c.id',
      ALL,
      ['unknown column "amount" (not in any of: customers, orders)'],
    ],
    ['SELECT x.name FROM customers c', ALL, ['unknown table or alias "x" in "x.name"']],
    [
      'SELECT name FROM customers WHERE id IN (SELECT cust_id FROM orders)',
      ALL,
      ['unknown column "cust_id" in table "orders"'],
    ],
    ['WITH b AS (SELECT customer_id FROM orders) SELECT total FROM b', ALL, ['unknown column "total" in table "b"']],
    ['SELECT sub.total FROM (SELECT name AS n FROM customers) AS sub', ALL, ['unknown column "total" in table "sub"']],
    ['SELECT name FROM public.custmers', ['postgresql'], ['unknown table "custmers"']],
    ['SELECT "nme" FROM "Customers"', ['postgresql'], ['unknown column "nme" in table "customers"']],
    ['SELECT name FROM customers ORDER BY nme', ALL, ['unknown column "nme" in table "customers"']],
    ['INSERT INTO orders (customer_id, totl) VALUES (1, 2)', ALL, ['unknown column "totl" in table "orders"']],
    ['UPDATE orders SET totl = 3', ALL, ['unknown column "totl" in table "orders"']],
    ['UPDATE ordrs SET total = 3', ALL, ['unknown table "ordrs"']],
  ])('%s [%s]', (sql, dialects, problems) => {
    for (const d of dialects) expect({ d, problems: checkReferences(sql, d, schema) }).toEqual({ d, problems });
  });

  it('reports each problem once', () => {
    expect(checkReferences('SELECT nme FROM customers WHERE nme = 1 ORDER BY nme', 'sqlite', schema)).toEqual([
      'unknown column "nme" in table "customers"',
    ]);
  });

  it('reports nothing when a source has unknown columns (table function)', () => {
    expect(checkReferences("SELECT whatever FROM customers, json_each('[1]')", 'sqlite', schema)).toEqual([]);
  });
});
