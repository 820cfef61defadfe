/**
 * Data policies enforced on every answer over real HTTP (SQLite sample shop database, SQL from a scripted
 * OpenAI-compatible model server): a viewer never reads a denied column nor another country's rows, through
 * subqueries, CTEs, UNION or ORDER BY; a masked column comes back masked; a cached answer is not shared with a viewer
 * of another country; the schema panel and exports obey the policy; an admin without an entry sees everything.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';

const SQL = new Map<string, string>([
  ['How many customers?', 'SELECT COUNT(*) AS n FROM customers'],
  ['Customer emails', 'SELECT email FROM customers'],
  ['Everything about customers', 'SELECT * FROM customers'],
  ['Customers ordered by email', 'SELECT customer_id FROM customers ORDER BY email'],
  ['Names', 'SELECT last_name, country FROM customers ORDER BY customer_id LIMIT 5'],
  ['Countries via CTE', 'WITH c AS (SELECT country FROM customers) SELECT DISTINCT country FROM c'],
  [
    'Countries via union',
    'SELECT country FROM customers UNION SELECT country FROM customers WHERE customer_id IN (SELECT customer_id FROM orders)',
  ],
  ['Order count', 'SELECT COUNT(*) AS n FROM orders'],
  ['Products', 'SELECT COUNT(*) AS n FROM products'],
]);

const POLICY = {
  roles: {
    viewer: {
      tables: ['customers', 'orders'],
      deny_columns: ['customers.email', 'customers.phone'],
      mask_columns: ['customers.last_name'],
      row_filters: {
        customers: 'country = :user.country',
        orders: 'customer_id IN (SELECT customer_id FROM customers WHERE country = :user.country)',
      },
    },
  },
};

describe('data policies enforced on answers', () => {
  let model: ScriptedModelServer;
  let t: TestApp;
  let country: string;
  let other: string;
  const keys = new Map<string, string>();
  const dataDir = makeDataDir();
  const chat = async (key: string, question: string) =>
    (await call(`${t.url}/api/chat`, { body: { question }, headers: { 'x-api-key': key } })).body;
  const shop = <T>(sql: string, ...params: unknown[]): T => {
    const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
    try {
      return db.prepare(sql).get(...params) as T;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL.get(q) ?? 'SELECT 1');
    t = await startTestApp({ DATA_DIR: dataDir, SERVICE_API_KEY: SERVICE, ...providerEnv('openai', model) });
    const countries = shop<{ a: string; b: string }>('SELECT MIN(country) AS a, MAX(country) AS b FROM customers');
    [country, other] = [countries.a, countries.b];
    const put = await call(`${t.url}/api/connections/default/policy`, {
      method: 'PUT',
      body: POLICY,
      headers: { 'x-api-key': SERVICE },
    });
    expect(put.status).toBe(200);
    for (const [user, where] of [
      ['ana', country],
      ['ben', other],
    ]) {
      const issued = await call(`${t.url}/api/keys`, {
        body: { user_id: user, role: 'viewer', attributes: { country: where } },
        headers: { 'x-api-key': SERVICE },
      });
      keys.set(user, issued.body.key);
    }
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    removeDataDir(dataDir);
  });

  it.each([
    ['Customer emails', 'the column "customers.email" is not permitted for your role'],
    ['Everything about customers', '"*" would include the column "customers.email"'],
    ['Customers ordered by email', 'the column "customers.email" is not permitted for your role'],
    ['Products', 'the table "products" is not permitted for your role'],
  ])('refuses "%s" naming what it reaches, nothing executed', async (question, problem) => {
    const body = await chat(keys.get('ana')!, question);
    expect(body).toMatchObject({ success: false, rows: [] });
    expect(body.error).toContain(problem);
    expect(JSON.stringify(body)).not.toContain('@');
  });

  it("reads only the viewer's country through CTEs, UNION and subqueries, with masked names", async () => {
    const ana = keys.get('ana')!;
    const mine = shop<{ n: number }>('SELECT COUNT(*) AS n FROM customers WHERE country = ?', country).n;
    expect((await chat(ana, 'How many customers?')).rows).toEqual([[mine]]);
    expect((await chat(ana, 'Countries via CTE')).rows).toEqual([[country]]);
    expect((await chat(ana, 'Countries via union')).rows).toEqual([[country]]);
    const orders = shop<{ n: number }>(
      'SELECT COUNT(*) AS n FROM orders WHERE customer_id IN (SELECT customer_id FROM customers WHERE country = ?)',
      country,
    ).n;
    expect((await chat(ana, 'Order count')).rows).toEqual([[orders]]);
    const names = await chat(ana, 'Names');
    expect(names.columns).toEqual(['last_name', 'country']);
    expect(names.rows.length).toBeGreaterThan(0);
    for (const row of names.rows) expect(row).toEqual(['****', country]);
  });

  it("does not share a cached answer with a viewer of another country; an admin's entry-less role sees all", async () => {
    const ben = await chat(keys.get('ben')!, 'How many customers?');
    expect(ben.rows).toEqual([[shop<{ n: number }>('SELECT COUNT(*) AS n FROM customers WHERE country = ?', other).n]]);
    expect(ben.cached).toBe(false);
    const all = await chat(SERVICE, 'How many customers?');
    expect(all.rows).toEqual([[shop<{ n: number }>('SELECT COUNT(*) AS n FROM customers').n]]);
  });

  it('shows the schema panel and exports under the policy', async () => {
    const schema = await call(`${t.url}/api/connections/default/schema`, {
      headers: { 'x-api-key': keys.get('ana')! },
    });
    const tables = schema.body.tables.map((x: { name: string }) => x.name).sort();
    expect(tables).toEqual(['customers', 'orders']);
    const customers = schema.body.tables.find((x: { name: string }) => x.name === 'customers');
    expect(customers.columns.map((c: { name: string }) => c.name)).not.toContain('email');

    const ana = keys.get('ana')!;
    const asked = await chat(ana, 'Names');
    const exported = await call(`${t.url}/api/export?entry_id=${asked.history_entry_id}&format=csv`, {
      headers: { 'x-api-key': ana },
    });
    expect(exported.status).toBe(200);
    const text = typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body);
    const realName = shop<{ n: string }>('SELECT last_name AS n FROM customers WHERE country = ? LIMIT 1', country).n;
    expect(text).toContain('****');
    expect(text).not.toContain(realName);
    expect(text).not.toContain(other);
  });
});
