/**
 * The definitions imported from a dbt project exported back as MetricFlow YAML over real HTTP, on a real app whose
 * queried database is SQLite, PostgreSQL or MariaDB (the latter two skipped only when unreachable; docs/knowledge.md
 * "Export to dbt"): the export re-imports without creating or changing anything, holds no definition typed in nlq,
 * and writes what was edited in nlq (a metric's expression and filter, a description's text) so that it re-imports
 * as the edited definition.
 */
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { parse } from 'yaml';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';
import { DBT_SHOP_PROJECT, DBT_SHOP_TABLES, dbtShopSql } from './fixtures/dbt-shop/dbt-shop';

jest.setTimeout(120_000);

const KEY = 'service-key-0123456789abcdef';

describeEachWith(SCRATCH_ENGINES, (engine) => engine.services)('dbt export on $name', (engine) => {
  let database: ScratchDatabase;
  let driver: DatabaseDriver;
  let app: TestApp;
  const api = (route: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${app.url}${route}`, { ...init, headers: { 'x-api-key': KEY } });
  const dbtImport = (yaml: string) =>
    api('/api/knowledge/import', { body: { format: 'dbt', yaml, tables: DBT_SHOP_TABLES } });
  const definition = async (kind: string, match: (d: Record<string, any>) => boolean) =>
    (
      (await api(`/api/knowledge/definitions?kind=${kind}&page_size=100`)).body.items as Array<Record<string, any>>
    ).find(match);

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

  it('exports the imported definitions as MetricFlow YAML that re-imports without creating or changing any', async () => {
    const first = await dbtImport(DBT_SHOP_PROJECT);
    expect(first.status).toBe(200);
    const typed = await api('/api/knowledge/definitions', {
      body: { kind: 'metric', name: 'typed_total', expression: 'SUM(orders.order_total)' },
    });
    expect(typed.status).toBe(201);
    expect(typed.body.origin).toBeNull();
    expect(await definition('metric', (d) => d.name === 'completed_revenue')).toMatchObject({
      origin: { source: 'dbt', entry: 'metric completed_revenue' },
    });

    const exported = await api('/api/knowledge/export?format=dbt');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^application\/yaml/);
    const document = parse(exported.body as string);
    expect(document.semantic_models.map((m: { name: string }) => m.name).sort()).toEqual(['customers', 'orders']);
    const metricNames = document.metrics.map((m: { name: string }) => m.name);
    expect(metricNames).toEqual(expect.arrayContaining(['completed_revenue', 'food_order_share', 'lifetime_revenue']));
    expect(metricNames).not.toContain('typed_total');
    expect(metricNames).toContain('weekly_revenue');
    expect(exported.body).toMatch(/1 definitions typed in nlq are not in it/);

    const again = await dbtImport(exported.body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: first.body.imported.length });
  });

  it('writes a metric and a description edited in nlq, and the export re-imports as the edited definitions', async () => {
    const revenue = await definition('metric', (d) => d.name === 'lifetime_revenue');
    const edited = await api(`/api/knowledge/definitions/${revenue?.id}`, {
      method: 'PATCH',
      body: { expression: 'AVG(orders.order_total)', filter: "orders.status = 'returned' AND customers.region = 'EU'" },
    });
    expect(edited.status).toBe(200);
    const region = await definition('description', (d) => d.target === 'customers.region');
    expect(region?.origin).toEqual({ source: 'dbt', entry: 'model stg_customers column region' });
    const described = await api(`/api/knowledge/definitions/${region?.id}`, {
      method: 'PATCH',
      body: { text: 'Sales territory, EU or US.' },
    });
    expect(described.status).toBe(200);

    const exported = await api('/api/knowledge/export?format=dbt');
    const document = parse(exported.body as string);
    const orders = document.semantic_models.find((m: { name: string }) => m.name === 'orders');
    expect(orders.measures).toContainEqual({ name: 'lifetime_revenue_nlq', agg: 'average', expr: 'order_total' });
    expect(document.metrics.find((m: { name: string }) => m.name === 'lifetime_revenue')).toMatchObject({
      type: 'simple',
      type_params: { measure: 'lifetime_revenue_nlq' },
      filter: "{{ Dimension('order__order_status') }} = 'returned' AND {{ Dimension('customer__region') }} = 'EU'",
    });
    const customers = document.models.find((m: { name: string }) => m.name === 'stg_customers');
    expect(customers.columns.find((c: { name: string }) => c.name === 'region').description).toBe(
      'Sales territory, EU or US.',
    );

    const again = await dbtImport(exported.body);
    expect(again.body).toMatchObject({ created: 0, updated: 0 });
    expect(await definition('metric', (d) => d.name === 'lifetime_revenue')).toMatchObject({
      version: 2,
      expression: 'AVG(orders.order_total)',
    });
  });
});
