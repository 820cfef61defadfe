/**
 * GET/PUT /api/connections/{id}/policy over real HTTP on the sample shop database: admin only (403 for a viewer),
 * validated against the schema (400 naming each field), versioned and kept in the state store, on SQLite state and
 * PostgreSQL state (skipped with a printed reason when PostgreSQL is unreachable).
 */
import { describeWith } from '@nlq/test-services';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir, startTestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const VIEWER = 'viewer-key-0123456789abcdef';

const POLICY = {
  roles: {
    viewer: {
      tables: ['customers', 'orders', 'order_items', 'products', 'categories'],
      deny_columns: ['customers.email', 'customers.phone'],
      mask_columns: ['customers.last_name'],
      row_filters: {
        customers: 'country = :user.country',
        orders: 'customer_id IN (SELECT customer_id FROM customers WHERE country = :user.country)',
      },
    },
  },
};

/** Saves, reads, refuses and versions the policy of the default connection of an app started with `env`. */
async function policyStory(env: Record<string, string>): Promise<void> {
  const t = await startTestApp({ SERVICE_API_KEY: SERVICE, USER_API_KEYS: `vic:${VIEWER}`, ...env });
  const api = (key: string, method: string, body?: unknown) =>
    call(`${t.url}/api/connections/default/policy`, { method, body, headers: { 'x-api-key': key } });
  try {
    expect((await api(SERVICE, 'GET')).body).toEqual({
      connection_id: 'default',
      roles: {},
      version: 0,
      updated_at: null,
      updated_by: null,
    });
    expect((await api(VIEWER, 'GET')).body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect((await api(VIEWER, 'PUT', POLICY)).status).toBe(403);

    // rows kept in history before a policy tightens are dropped with the new version: never shown unmasked later
    const asked = await call(`${t.url}/api/chat`, {
      body: { question: 'List the customers in Germany', session_id: 'vic-before' },
      headers: { 'x-api-key': VIEWER },
    });
    expect(asked.body.success).toBe(true);
    const history = () =>
      call(`${t.url}/api/sessions/vic-before`, { headers: { 'x-api-key': VIEWER } }).then((r) => r.body.history);
    expect((await history())[0].result.rows.length).toBeGreaterThan(0);
    const saved = await api(SERVICE, 'PUT', POLICY);
    const after = (await history())[0];
    expect(after).toMatchObject({ question: 'List the customers in Germany', status: 'ok' });
    expect(after.result ?? null).toBeNull();
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ connection_id: 'default', version: 1, updated_by: 'service', ...POLICY });
    expect((await api(SERVICE, 'GET')).body).toEqual(saved.body);

    const refused = await api(SERVICE, 'PUT', {
      roles: { viewer: { tables: ['salaries'], row_filters: { customers: "country = 'x'; DELETE FROM customers" } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION');
    expect(refused.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'roles.viewer.row_filters.customers',
      'roles.viewer.tables[0]',
    ]);
    expect((await api(SERVICE, 'GET')).body.version).toBe(1);

    expect((await api(SERVICE, 'PUT', { roles: {} })).body).toMatchObject({ version: 2, roles: {} });
    expect((await call(`${t.url}/api/connections/nope/policy`, { headers: { 'x-api-key': SERVICE } })).status).toBe(
      404,
    );
  } finally {
    await t.close();
  }
}

describe('data policies with SQLite state', () => {
  const dataDir = makeDataDir();
  afterAll(() => removeDataDir(dataDir));

  it('is admin only, validated against the schema and versioned', async () => {
    await policyStory({ DATA_DIR: dataDir });
  });
});

describeWith('postgresql')('data policies with PostgreSQL state', () => {
  const dataDir = makeDataDir();
  const pg = usePostgresSchema('nlq_data_policy', 'Skipping the PostgreSQL state test of data policies');
  afterAll(() => removeDataDir(dataDir));

  it('is admin only, validated against the schema and versioned', async () => {
    if (!pg.admin) return;
    await policyStory({ DATA_DIR: dataDir, STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` });
  });
});
