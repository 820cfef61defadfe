/**
 * Knowledge definitions read as data, over real HTTP on a real app whose queried database is SQLite, PostgreSQL or
 * MariaDB (the latter two skipped only when unreachable; docs/knowledge.md "Checked when saved" and "YAML"): a
 * comment, a refused function or a costly sample run is a 400 naming the field; a metric on a table whose name needs
 * quoting is saved like any other; YAML aliases and merge keys are a 400 naming the line; an import never changes a
 * definition's kind; and an export of 600 definitions imports back.
 */
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(120_000);

const KEY = 'service-key-0123456789abcdef';

describeEachWith(SCRATCH_ENGINES, (engine) => engine.services)('definitions as data on $name', (engine) => {
  const q = (sql: string) => (engine.dialect === 'mariadb' ? sql.replaceAll('"', '`') : sql);
  let database: ScratchDatabase;
  let driver: DatabaseDriver;
  let app: TestApp;
  const api = (route: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${app.url}${route}`, { ...init, headers: { 'x-api-key': KEY } });

  beforeAll(async () => {
    database = await engine.create();
    driver = createDriver(database.url);
    const rows = Array.from({ length: 1500 }, (_, i) => `(${i + 1}, '${i % 4 ? 'paid' : 'cancelled'}', ${i})`);
    for (const sql of [
      'CREATE TABLE orders (id INTEGER PRIMARY KEY, status VARCHAR(20), total DECIMAL(10,2))',
      `INSERT INTO orders (id, status, total) VALUES ${rows.join(', ')}`,
      q('CREATE TABLE "Order Details" (OrderID INTEGER, UnitPrice DECIMAL(10,2), Quantity INTEGER)'),
      q('INSERT INTO "Order Details" (OrderID, UnitPrice, Quantity) VALUES (1, 2.5, 4), (2, 10, 3)'),
    ])
      await driver.runWrite(sql, { timeoutMs: 20_000 });
    app = await startTestApp({ QUERY_DATABASE_URL: database.url, SERVICE_API_KEY: KEY });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await driver?.close();
    await database?.drop();
    if (app) removeDataDir(app.dataDir);
  }, 60_000);

  const filter = (name: string, condition: string) => ({ kind: 'filter', name, synonyms: [], condition });

  it('refuses a comment at save, naming the field, in the one error shape', async () => {
    for (const condition of [
      "orders.status <> 'cancelled' -- keeps live orders",
      "orders.status <> /* live */ 'cancelled'",
    ]) {
      const out = await api('/api/knowledge/definitions', { body: filter('livestatus', condition) });
      expect(out.status).toBe(400);
      expect(out.body).toMatchObject({
        code: 'VALIDATION',
        details: [{ field: 'condition', problems: [expect.stringMatching(/comments/)] }],
      });
    }
    const metric = { kind: 'metric', name: 'revenue', expression: 'SUM(orders.total) -- all', filter: null };
    expect((await api('/api/knowledge/definitions', { body: metric })).body).toMatchObject({
      details: [{ field: 'expression' }],
    });
  });

  it('refuses blob generators and sleeps, and a definition whose sample run is too costly', async () => {
    for (const expression of ['SUM(LENGTH(randomblob(300000000)))', 'SUM(pg_sleep(5))', 'SUM(sleep(5))']) {
      const out = await api('/api/knowledge/definitions', { body: { kind: 'metric', name: 'blob', expression } });
      expect(out.status).toBe(400);
      expect(out.body.details[0]).toMatchObject({
        field: 'expression',
        problems: [expect.stringMatching(/may not use/)],
      });
    }
    const costly = await api('/api/knowledge/definitions', {
      body: filter('above average', 'orders.total > (SELECT AVG(a.total) FROM orders a, orders b, orders c)'),
    });
    expect(costly.status).toBe(400);
    expect(costly.body.details[0]).toMatchObject({
      field: 'condition',
      problems: [expect.stringMatching(/too costly/)],
    });
  });

  it('saves a metric on a table whose name needs quoting, and a filter that runs in time', async () => {
    const sales = {
      kind: 'metric',
      name: 'line sales',
      expression: q('SUM("Order Details".UnitPrice * "Order Details".Quantity)'),
    };
    expect((await api('/api/knowledge/definitions', { body: sales })).status).toBe(201);
    expect(
      (await api('/api/knowledge/definitions', { body: filter('live', "orders.status <> 'cancelled'") })).status,
    ).toBe(201);
  });

  it('answers YAML aliases and merge keys with 400 naming the line, the billion laughs included', async () => {
    const laughs = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ...Array.from({ length: 8 }, (_, i) => {
        const [me, prev] = [String.fromCharCode(98 + i), String.fromCharCode(97 + i)];
        return `${me}: &${me} [${Array(9).fill(`*${prev}`).join(',')}]`;
      }),
      'definitions: *i',
    ].join('\n');
    const merge = 'version: 1\ndefs: &base {kind: filter, synonyms: []}\ndefinitions:\n  - <<: *base\n    name: x\n';
    const mergeOnly =
      'version: 1\ndefinitions:\n  - <<: {kind: filter}\n    name: x\n    condition: orders.total > 1\n';
    for (const [yaml, line] of [
      [laughs, 2],
      [merge, 4],
      [mergeOnly, 3],
    ] as const) {
      const out = await api('/api/knowledge/import', { body: { yaml } });
      expect(out.status).toBe(400);
      expect(out.body).toMatchObject({ code: 'VALIDATION', details: [{ field: 'yaml' }] });
      expect(out.body.details[0].problems[0]).toMatch(new RegExp(`^line ${line}: .*(alias|merge key)`));
    }
  });

  it("never changes a definition's kind by an import", async () => {
    const yaml = 'version: 1\ndefinitions:\n  - kind: metric\n    name: live\n    expression: COUNT(orders.id)\n';
    const out = await api('/api/knowledge/import', { body: { yaml } });
    expect(out.status).toBe(400);
    expect(out.body.details).toEqual([
      { field: 'definitions[0].kind', problems: [expect.stringMatching(/cannot change .*is a filter/)] },
    ]);
  });

  it('imports back an export of 600 definitions, larger than the default body limit', async () => {
    const lines = ['version: 1', 'definitions:'];
    for (let i = 0; i < 600; i++)
      lines.push(
        '  - kind: filter',
        `    name: total above ${i}`,
        `    description: Orders whose total is above ${i}, written out at some length for the size of the file.`,
        `    condition: orders.total > ${i}`,
      );
    const created = await api('/api/knowledge/import', { body: { yaml: lines.join('\n') } });
    expect(created.body).toMatchObject({ created: 600 });
    const exported = await call(`${app.url}/api/knowledge/export`, { headers: { 'x-api-key': KEY } });
    expect(exported.status).toBe(200);
    expect(Buffer.byteLength(JSON.stringify({ yaml: exported.body }))).toBeGreaterThan(65_536);
    const back = await api('/api/knowledge/import', { body: { yaml: exported.body } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ created: 0, updated: 0, unchanged: 602 });
    // other routes keep the default limit
    const big = await api('/api/knowledge/definitions', {
      body: { ...filter('x', 'orders.total > 1'), description: 'x'.repeat(70_000) },
    });
    expect(big.status).toBe(413);
  });
});
