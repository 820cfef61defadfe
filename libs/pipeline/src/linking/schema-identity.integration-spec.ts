/**
 * Same-named tables in two PostgreSQL schemas are two tables in schema linking, in the prompt and in the reference
 * check. Needs PostgreSQL at 127.0.0.1:5432 (user postgres, trust auth): a throw-away database is created and
 * dropped; the suite is skipped with a printed reason when the server is unreachable.
 */
import { Client } from 'pg';
import type { DatabaseSchema } from '@nlq/contracts';
import { checkReferences, createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { renderSchema } from '@nlq/llm-providers';
import { estimateTokens, linkSchema } from '../stages/linking';

const FIXTURE = [
  'CREATE SCHEMA sales',
  'CREATE SCHEMA archive',
  'CREATE SCHEMA hr',
  'CREATE TABLE sales.customers (id integer PRIMARY KEY, name text, region text)',
  'CREATE TABLE sales.orders (id integer PRIMARY KEY, customer_id integer REFERENCES sales.customers(id), total numeric, placed_on date)',
  'CREATE TABLE archive.customers (id integer PRIMARY KEY, name text, closed_on date)',
  'CREATE TABLE archive.orders (id integer PRIMARY KEY, customer_id integer REFERENCES archive.customers(id), archived_total numeric, archived_on date)',
  ...Array.from(
    { length: 12 },
    (_, i) =>
      `CREATE TABLE hr.staff_record_${i} (id integer PRIMARY KEY, employee_name text, salary_band text, office_city text, hired_on date, manager_note text)`,
  ),
  "INSERT INTO sales.customers VALUES (1, 'Ann', 'north')",
  "INSERT INTO sales.orders VALUES (1, 1, 10.5, '2026-01-01')",
  "INSERT INTO archive.customers VALUES (1, 'Bob', '2020-01-01')",
  "INSERT INTO archive.orders VALUES (1, 1, 99, '2020-02-01')",
];

describe('schema identity on PostgreSQL schemas (linking, prompt, reference check)', () => {
  let skipReason: string | undefined;
  let admin: Client | undefined;
  let dbName = '';
  let driver: DatabaseDriver | undefined;
  let schema: DatabaseSchema;

  const skipped = () => {
    if (skipReason) console.warn(`[skip postgresql] ${skipReason}`);
    return Boolean(skipReason);
  };

  beforeAll(async () => {
    admin = new Client({
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      connectionTimeoutMillis: 3000,
    });
    try {
      await admin.connect();
    } catch (e) {
      skipReason = `PostgreSQL unreachable at 127.0.0.1:5432 (${(e as Error).message})`;
      admin = undefined;
      return;
    }
    dbName = `nlq_link_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const setup = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: dbName });
    await setup.connect();
    for (const sql of FIXTURE) await setup.query(sql);
    await setup.end();
    driver = createDriver(`postgres://postgres@127.0.0.1:5432/${dbName}`);
    schema = await driver.introspect();
  }, 60_000);

  afterAll(async () => {
    await driver?.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('introspects the two orders tables as two tables with qualified references', () => {
    if (skipped()) return;
    const orders = schema.tables.filter((t) => t.name === 'orders');
    expect(orders.map((t) => t.schema).sort()).toEqual(['archive', 'sales']);
    expect(orders.find((t) => t.schema === 'archive')!.foreignKeys[0].referencedTable).toBe('archive.customers');
  });

  it('links the archive tables for a question about archived orders, joined within their own schema', () => {
    if (skipped()) return;
    const budget = Math.floor(estimateTokens(renderSchema(schema)) / 3);
    const linked = linkSchema('archived total of orders per customer name', schema, budget);
    expect(linked.reduced).toBe(true);
    expect(linked.linkedTables).toEqual(expect.arrayContaining(['archive.orders', 'archive.customers']));
    expect(linked.estimatedTokens).toBeLessThanOrEqual(budget);
    const text = renderSchema(linked.schema);
    expect(text).toContain('CREATE TABLE archive.orders (');
    expect(text).toContain('customer_id integer REFERENCES archive.customers(id)');
    expect(text).not.toContain('REFERENCES customers(');
  });

  it('checks columns against the table of the schema the statement names, as PostgreSQL does', async () => {
    if (skipped()) return;
    const limits = { maxRows: 10, timeoutMs: 5000 };
    expect(checkReferences('SELECT o.total FROM sales.orders o', 'postgresql', schema)).toEqual([]);
    await expect(driver!.runRead('SELECT o.total FROM sales.orders o', limits)).resolves.toBeDefined();

    expect(checkReferences('SELECT o.total FROM archive.orders o', 'postgresql', schema)).toEqual([
      'unknown column "total" in table "archive.orders"',
    ]);
    await expect(driver!.runRead('SELECT o.total FROM archive.orders o', limits)).rejects.toThrow(/total/);

    expect(checkReferences('SELECT archive.orders.archived_total FROM archive.orders', 'postgresql', schema)).toEqual(
      [],
    );
    expect(checkReferences('SELECT closed_on FROM sales.customers', 'postgresql', schema)).toEqual([
      'unknown column "closed_on" in table "sales.customers"',
    ]);
    expect(checkReferences('SELECT 1 FROM sales.staff_record_0', 'postgresql', schema)).toEqual([
      'unknown table "sales.staff_record_0"',
    ]);
  });
});
