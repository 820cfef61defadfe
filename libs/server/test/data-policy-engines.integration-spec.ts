/**
 * Data policies enforced over real HTTP on a PostgreSQL and on a MariaDB query database (docs/http-api.md "Roles and
 * data policies"): scratch databases with customers in two countries, SQL written by a scripted OpenAI-compatible
 * model server, a viewer key with a `country` attribute under a policy with a tables allow-list, a denied column, a
 * masked column and country row filters. A denied column reached through a subquery, a CTE, a UNION or ORDER BY is
 * refused by name; everything else comes back row-filtered (the attribute bound as a parameter) and masked, never
 * another country's rows. Then PostgreSQL's own row-level security under POSTGRES_RLS_ROLE_PREFIX.
 */
import { randomBytes } from 'node:crypto';
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith, describeWith } from '@nlq/test-services';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const FIXTURE = [
  'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, first_name VARCHAR(40) NOT NULL, last_name VARCHAR(40) NOT NULL, email VARCHAR(80) NOT NULL, country VARCHAR(40) NOT NULL)',
  'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers (customer_id), total_amount DECIMAL(10,2) NOT NULL, status VARCHAR(20) NOT NULL)',
  'CREATE TABLE products (product_id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL)',
  `INSERT INTO customers VALUES (1, 'Anna', 'Schmidt', 'anna@example.de', 'Germany'), (2, 'Ben', 'Mueller', 'ben@example.de', 'Germany'),
     (3, 'Claire', 'Martin', 'claire@example.fr', 'France'), (4, 'Denis', 'Dubois', 'denis@example.fr', 'France'),
     (5, 'Eva', 'Roth', 'eva@example.de', 'Germany')`,
  `INSERT INTO orders VALUES (10, 1, 100.00, 'shipped'), (11, 2, 50.00, 'cancelled'), (12, 3, 999.00, 'shipped'),
     (13, 4, 70.00, 'shipped'), (14, 5, 20.00, 'shipped'), (15, 3, 30.00, 'shipped')`,
  "INSERT INTO products VALUES (1, 'Lamp')",
];
/** What only the other country's rows hold: none of it may reach the viewer. */
const FOREIGN = ['France', 'Martin', 'Dubois', 'example.fr', '999', 'Schmidt', 'Mueller', 'Roth', '@'];

const SQL = new Map<string, string>([
  ['Emails', 'SELECT email FROM customers'],
  ['By email', 'SELECT customer_id FROM customers ORDER BY email'],
  [
    'Email subquery',
    "SELECT COUNT(*) AS n FROM orders WHERE customer_id IN (SELECT customer_id FROM customers WHERE email LIKE '%.fr')",
  ],
  ['Email CTE', 'WITH c AS (SELECT email FROM customers) SELECT COUNT(*) AS n FROM c'],
  ['Email union', 'SELECT country FROM customers UNION SELECT email FROM customers'],
  ['Products', 'SELECT COUNT(*) AS n FROM products'],
  ['Countries CTE', 'WITH c AS (SELECT country FROM customers) SELECT DISTINCT country FROM c'],
  [
    'Countries union',
    'SELECT country FROM customers UNION SELECT c.country FROM customers c JOIN orders o ON o.customer_id = c.customer_id',
  ],
  [
    'Order total',
    'SELECT SUM(total_amount) AS total FROM orders WHERE customer_id IN (SELECT customer_id FROM customers)',
  ],
  ['Orders by amount', 'SELECT o.order_id FROM orders o ORDER BY o.total_amount DESC'],
  ['Names', 'SELECT last_name, country FROM customers ORDER BY customer_id'],
  ['Count customers', 'SELECT COUNT(*) AS n FROM customers'],
]);

const POLICY = {
  roles: {
    viewer: {
      tables: ['customers', 'orders'],
      deny_columns: ['customers.email'],
      mask_columns: ['customers.last_name'],
      row_filters: {
        customers: 'country = :user.country',
        orders: 'customer_id IN (SELECT customer_id FROM customers WHERE country = :user.country)',
      },
    },
  },
};

/** A test app on the scratch database as its default connection, SQL from the scripted model. */
async function startOn(url: string, model: ScriptedModelServer, env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({
    SERVICE_API_KEY: SERVICE,
    QUERY_DATABASE_URL: url,
    RATE_LIMIT_PER_MINUTE: '0',
    ...providerEnv('openai', model),
    ...env,
  });
}

async function viewerKey(t: TestApp, country: string): Promise<string> {
  const issued = await call(`${t.url}/api/keys`, {
    body: { user_id: `viewer-${country}`, role: 'viewer', attributes: { country } },
    headers: { 'x-api-key': SERVICE },
  });
  expect(issued.status).toBe(201);
  return issued.body.key;
}

const numbers = (rows: unknown[][]) => rows.map((row) => row.map((cell) => Number(cell)));

describeEachWith(
  SCRATCH_ENGINES.filter((e) => e.name !== 'sqlite'),
  (e) => e.services,
)('data policies over HTTP on a $name query database', (engine) => {
  const scratch = useScratchDriver(engine, FIXTURE);
  let model: ScriptedModelServer;
  let t: TestApp;
  let viewer: string;
  const chat = async (question: string) =>
    (await call(`${t.url}/api/chat`, { body: { question }, headers: { 'x-api-key': viewer } })).body;

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL.get(q) ?? 'SELECT 1');
    t = await startOn(scratch.url, model);
    const put = await call(`${t.url}/api/connections/default/policy`, {
      method: 'PUT',
      body: POLICY,
      headers: { 'x-api-key': SERVICE },
    });
    expect(put.status).toBe(200);
    viewer = await viewerKey(t, 'Germany');
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it.each([
    ['Emails', 'the column "customers.email" is not permitted for your role'],
    ['By email', 'the column "customers.email" is not permitted for your role'],
    ['Email subquery', 'the column "customers.email" is not permitted for your role'],
    ['Email CTE', 'the column "customers.email" is not permitted for your role'],
    ['Email union', 'the column "customers.email" is not permitted for your role'],
    ['Products', 'the table "products" is not permitted for your role'],
  ])('refuses "%s" naming what it reaches, nothing executed', async (question, problem) => {
    const body = await chat(question);
    expect(body).toMatchObject({ success: false, rows: [] });
    expect(body.error).toContain(problem);
    for (const word of FOREIGN) expect(JSON.stringify(body.rows)).not.toContain(word);
  });

  it("answers through CTEs, UNION, subqueries and ORDER BY with the viewer's country only, names masked", async () => {
    expect((await chat('Countries CTE')).rows).toEqual([['Germany']]);
    expect((await chat('Countries union')).rows).toEqual([['Germany']]);
    expect(numbers((await chat('Order total')).rows)).toEqual([[170]]);
    expect(numbers((await chat('Orders by amount')).rows)).toEqual([[10], [11], [14]]);
    expect(numbers((await chat('Count customers')).rows)).toEqual([[3]]);
    const names = await chat('Names');
    expect(names.columns).toEqual(['last_name', 'country']);
    expect(names.rows).toEqual([
      ['****', 'Germany'],
      ['****', 'Germany'],
      ['****', 'Germany'],
    ]);
    for (const question of ['Countries CTE', 'Countries union', 'Orders by amount', 'Names']) {
      const body = await chat(question);
      for (const word of FOREIGN) expect(JSON.stringify([body.rows, body.response])).not.toContain(word);
    }
    // the service key (admin, no entry) sees every country
    const all = await call(`${t.url}/api/chat`, {
      body: { question: 'Count customers' },
      headers: { 'x-api-key': SERVICE },
    });
    expect(numbers(all.body.rows)).toEqual([[5]]);
  });
});

describeWith('postgresql')('PostgreSQL row-level security over HTTP (POSTGRES_RLS_ROLE_PREFIX)', () => {
  const prefix = `nlq_rls_${randomBytes(4).toString('hex')}_`;
  const roles = ['viewer', 'analyst', 'approver', 'admin'].map((r) => `${prefix}${r}`);
  const postgres = SCRATCH_ENGINES.find((e) => e.name === 'postgresql')!;

  afterAll(async () => {
    // the scratch database (and the grants in it) is dropped by then: the roles own nothing any more
    const { Client } = await import('pg');
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    for (const role of roles) await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  describe('the database policies apply to every read of the caller', () => {
    const scratch = useScratchDriver(postgres, [
      ...FIXTURE,
      ...roles.map((role) => `CREATE ROLE ${role} NOLOGIN`),
      `GRANT SELECT ON customers, orders TO ${prefix}viewer`,
      `GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${prefix}admin`,
      'ALTER TABLE customers ENABLE ROW LEVEL SECURITY',
      `CREATE POLICY viewer_country ON customers FOR SELECT TO ${prefix}viewer USING (country = current_setting('nlq.user_country', true))`,
      `CREATE POLICY admin_all ON customers FOR SELECT TO ${prefix}admin USING (true)`,
    ]);
    let model: ScriptedModelServer;
    let t: TestApp;

    beforeAll(async () => {
      model = await startScriptedShopModel('openai', (q) => SQL.get(q) ?? 'SELECT 1');
      t = await startOn(scratch.url, model, { POSTGRES_RLS_ROLE_PREFIX: prefix });
    });
    afterAll(async () => {
      await t?.close();
      await model?.close();
      if (t) removeDataDir(t.dataDir);
    });

    it("a viewer reads its country's customers only, a table it has no grant on fails; the admin reads all", async () => {
      const ask = async (key: string, question: string) =>
        (await call(`${t.url}/api/chat`, { body: { question }, headers: { 'x-api-key': key } })).body;
      const germany = await viewerKey(t, 'Germany');
      const france = await viewerKey(t, 'France');
      expect(numbers((await ask(germany, 'Count customers')).rows)).toEqual([[3]]);
      const french = await ask(france, 'Count customers');
      expect(numbers(french.rows)).toEqual([[2]]);
      expect(french.cached).toBe(false);
      expect((await ask(germany, 'Countries CTE')).rows).toEqual([['Germany']]);
      const products = await ask(germany, 'Products');
      expect(products).toMatchObject({ success: false, rows: [] });
      expect(products.error).toMatch(/permission denied/i);
      expect(numbers((await ask(SERVICE, 'Count customers')).rows)).toEqual([[5]]);
      expect(numbers((await ask(SERVICE, 'Products')).rows)).toEqual([[1]]);
    });
  });
});
