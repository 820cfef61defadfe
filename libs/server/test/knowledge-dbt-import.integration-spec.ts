/**
 * A dbt project's semantic layer imported as knowledge over real HTTP, on a real app whose queried database is
 * SQLite, PostgreSQL or MariaDB (the latter two skipped only when unreachable; docs/knowledge.md "dbt semantic
 * layer"): a small hand-written shop project (test/fixtures/dbt-shop) imports its metrics, skips what one aggregate
 * cannot state with the reason, re-imports without new versions, refuses malformed YAML, and the offline engine
 * answers a question naming an imported metric with SQL computing its expression and filter.
 */
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';
import { DBT_SHOP_PROJECT as PROJECT, dbtShopSql } from './fixtures/dbt-shop/dbt-shop';

jest.setTimeout(120_000);

const KEY = 'service-key-0123456789abcdef';

describeEachWith(SCRATCH_ENGINES, (engine) => engine.services)('dbt semantic layer import on $name', (engine) => {
  let database: ScratchDatabase;
  let driver: DatabaseDriver;
  let app: TestApp;
  const api = (route: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${app.url}${route}`, { ...init, headers: { 'x-api-key': KEY } });
  const dbtImport = (extra: Record<string, unknown> = {}) =>
    api('/api/knowledge/import', {
      body: { format: 'dbt', yaml: PROJECT, tables: { stg_customers: 'customers' }, ...extra },
    });

  beforeAll(async () => {
    database = await engine.create();
    driver = createDriver(database.url);
    for (const sql of dbtShopSql()) await driver.runWrite(sql, { timeoutMs: 20_000 });
    app = await startTestApp({ QUERY_DATABASE_URL: database.url, SERVICE_API_KEY: KEY });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await driver?.close();
    await database?.drop();
    if (app) removeDataDir(app.dataDir);
  }, 60_000);

  it('imports the metrics one aggregate states, skips the others with the reason, and re-imports without new versions', async () => {
    const first = await dbtImport();
    expect(first.status).toBe(200);
    const imported = (first.body.imported as Array<{ kind: string; name: string }>).map((d) => `${d.kind} ${d.name}`);
    expect(imported).toEqual(
      expect.arrayContaining([
        'metric completed_revenue',
        'metric order_count',
        'metric completed_order_value',
        'metric food_order_share',
        'metric food_orders_metric',
        'metric lifetime_revenue',
        'synonym order status',
        'synonym Sales region',
      ]),
    );
    const skipped = new Map(
      (first.body.skipped as Array<{ name: string; reason: string }>).map((s) => [s.name, s.reason]),
    );
    expect(imported).toContain('metric weekly_revenue');
    expect(skipped.get('revenue_growth')).toMatch(/offset in time/);
    expect(skipped.get('returns')).toMatch(/no table returns/);
    expect(skipped.get('returned_amount_metric')).toMatch(/no table returns/);
    expect(imported).toEqual(
      expect.arrayContaining([
        'description customers',
        'description customers.region',
        'description customers.customer_id',
      ]),
    );
    expect(imported.filter((d) => d.startsWith('relationship'))).toEqual([
      'relationship orders.customer_id -> customers.customer_id',
    ]);
    expect(skipped.get('stg_customers.loyalty_tier')).toMatch(/no column loyalty_tier/);
    const shown = await api('/api/connections/default/schema');
    const customers = (shown.body.tables as Array<Record<string, any>>).find((t) => t.name === 'customers');
    expect(customers?.description).toBe('People who have bought from the shop.');
    expect(customers?.columns.find((c: { name: string }) => c.name === 'region').description).toBe(
      'Sales territory of the customer.',
    );
    for (const name of imported) expect(skipped.has(name.split(' ').slice(1).join(' '))).toBe(false);

    const metrics = (await api('/api/knowledge/definitions?kind=metric&page_size=100')).body.items as Array<
      Record<string, unknown>
    >;
    const revenue = metrics.find((m) => m.name === 'completed_revenue');
    expect(revenue).toMatchObject({
      expression: 'SUM(orders.order_total)',
      filter: "orders.status = 'completed'",
      synonyms: ['Completed revenue'],
      description: 'Revenue of completed orders.',
      version: 1,
    });
    expect(metrics.find((m) => m.name === 'completed_order_value')?.expression).toBe(
      "SUM(CASE WHEN orders.status = 'completed' THEN orders.order_total END) * 1.0 / NULLIF(COUNT(orders.order_id), 0)",
    );

    const again = await dbtImport();
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: first.body.imported.length });
    const after = (await api('/api/knowledge/definitions?kind=metric&page_size=100')).body.items as Array<
      Record<string, unknown>
    >;
    expect(after.find((m) => m.name === 'completed_revenue')?.version).toBe(1);

    const changed = await dbtImport({
      yaml: PROJECT.replace('Revenue of completed orders.', 'Completed orders only.'),
    });
    expect(changed.body).toMatchObject({ created: 0, updated: 1, updated_names: ['completed_revenue'] });
  });

  it('answers a question naming an imported metric with SQL computing its expression and filter (offline engine)', async () => {
    const answered = await api('/api/chat', { body: { question: 'What is the completed revenue?' } });
    expect(answered.status).toBe(200);
    expect(answered.body.success).toBe(true);
    expect(answered.body.sql).toMatch(/SUM\((\w+\.)?order_total\)/i);
    expect(answered.body.sql).toMatch(/status = 'completed'/);
    const expected = await driver.runRead("SELECT SUM(order_total) AS v FROM orders WHERE status = 'completed'", {
      maxRows: 1,
      timeoutMs: 5000,
    });
    expect(Number(answered.body.rows[0][0])).toBeCloseTo(Number(expected.rows[0][0]), 2);
  });

  it('imports a cumulative metric over a window as the trailing window ending today, and answers it', async () => {
    await dbtImport();
    const metrics = (await api('/api/knowledge/definitions?kind=metric&page_size=100')).body.items as Array<
      Record<string, unknown>
    >;
    const weekly = metrics.find((m) => m.name === 'weekly_revenue');
    expect(weekly?.expression).toMatch(/SUM\(orders\.order_total\)/i);
    expect(String(weekly?.filter)).toMatch(/orders\.ordered_at > .*7/i);
    const answered = await api('/api/chat', { body: { question: 'What is the weekly revenue?' } });
    expect(answered.body).toMatchObject({ success: true });
    expect(answered.body.sql).toMatch(/ordered_at > /i);
    const since: Record<string, string> = {
      sqlite: "date('now', '-7 days')",
      postgresql: "CURRENT_DATE - INTERVAL '7 days'",
      mariadb: 'DATE_SUB(CURRENT_DATE, INTERVAL 7 DAY)',
    };
    const direct = `SELECT SUM(order_total) FROM orders WHERE ordered_at > ${since[engine.name]}`;
    const expected = await driver.runRead(direct, { maxRows: 1, timeoutMs: 5000 });
    const value = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
    expect(value(answered.body.rows[0]?.[0])).toBeCloseTo(value(expected.rows[0]?.[0]), 2);
  });

  it('imports median and percentile measures where the dialect has a percentile aggregate, else skips them', async () => {
    const answer = await dbtImport();
    const skipped = new Map(
      (answer.body.skipped as Array<{ name: string; reason: string }>).map((s) => [s.name, s.reason]),
    );
    const metrics = (await api('/api/knowledge/definitions?kind=metric&page_size=100')).body.items as Array<
      Record<string, unknown>
    >;
    if (engine.name !== 'postgresql') {
      expect(skipped.get('median_order_value')).toMatch(/the dialect cannot compute percentile/);
      expect(skipped.get('p90_order_value')).toMatch(/the dialect cannot compute percentile/);
      expect(metrics.find((m) => m.name === 'median_order_value')).toBeUndefined();
      return;
    }
    expect(skipped.has('median_order_value')).toBe(false);
    expect(metrics.find((m) => m.name === 'median_order_value')?.expression).toBe(
      'PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY orders.order_total)',
    );
    expect(metrics.find((m) => m.name === 'p90_order_value')).toMatchObject({
      expression: 'PERCENTILE_DISC(0.9) WITHIN GROUP (ORDER BY orders.order_total)',
      filter: "orders.status = 'completed'",
    });
    for (const [question, direct] of [
      [
        'What is the median order value?',
        'SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY order_total) FROM orders',
      ],
      [
        'What is the p90 order value?',
        "SELECT percentile_disc(0.9) WITHIN GROUP (ORDER BY order_total) FROM orders WHERE status = 'completed'",
      ],
    ]) {
      const answered = await api('/api/chat', { body: { question } });
      expect(answered.body).toMatchObject({ success: true });
      expect(answered.body.sql).toMatch(/PERCENTILE_(CONT|DISC)\(0\.[59]\) WITHIN GROUP \(ORDER BY/i);
      const expected = await driver.runRead(direct, { maxRows: 1, timeoutMs: 5000 });
      expect(Number(answered.body.rows[0][0])).toBeCloseTo(Number(expected.rows[0][0]), 2);
    }
  });

  it('refuses malformed YAML and a definition nlq refuses, all or nothing unless partial', async () => {
    const malformed = await api('/api/knowledge/import', { body: { format: 'dbt', yaml: 'metrics: [\n  - name: x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION', details: [{ field: 'yaml' }] });
    const bad = `${PROJECT}\n---\nmetrics:\n  - name: broken_share\n    type: derived\n    type_params:\n      expr: a + randomblob(4)\n      metrics: [{name: order_count, alias: a}]\n`;
    const refused = await api('/api/knowledge/import', { body: { format: 'dbt', yaml: bad } });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe('broken_share.expression');
    const partial = await api('/api/knowledge/import', { body: { format: 'dbt', yaml: bad, partial: true } });
    expect(partial.status).toBe(200);
    expect(partial.body.skipped).toEqual(
      expect.arrayContaining([{ name: 'broken_share', reason: expect.stringMatching(/randomblob/) }]),
    );
  });
});
