/**
 * The data policy in the knowledge YAML (docs/knowledge.md "YAML"), over real HTTP on two real apps with the sample
 * shop: the export carries `policy:` as GET /api/connections/{id}/policy answers it; importing it into another
 * install applies it (a viewer is then under it), a second import of the same document makes no new version, a
 * refused policy imports nothing (400 naming its field), and only an admin imports.
 */
import { parse } from 'yaml';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ANALYST = 'analyst-key-0123456789abcdef';
const VIEWER = 'viewer-key-0123456789abcdef';
const POLICY = {
  roles: {
    viewer: {
      tables: ['customers', 'orders'],
      deny_columns: ['customers.email'],
      mask_columns: ['customers.last_name'],
      row_filters: { customers: 'country = :user.country' },
    },
  },
};
const BIG = {
  kind: 'filter',
  name: 'big order',
  synonyms: [],
  description: 'Large.',
  condition: 'orders.total_amount > 500',
};

describe('the data policy in the knowledge YAML export and import', () => {
  let source: TestApp;
  let target: TestApp;
  const env = { SERVICE_API_KEY: SERVICE, USER_API_KEYS: `aaron:${ANALYST}:analyst,vera:${VIEWER}` };
  const api = (app: TestApp, route: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
    call(`${app.url}${route}`, { method: init.method, body: init.body, headers: { 'x-api-key': init.key ?? SERVICE } });

  beforeAll(async () => {
    [source, target] = await Promise.all([startTestApp(env), startTestApp(env)]);
  });
  afterAll(async () => {
    for (const app of [source, target]) {
      await app?.close();
      if (app) removeDataDir(app.dataDir);
    }
  });

  it('exports the policy beside the definitions and applies it on import, once', async () => {
    // a connection that never had a policy exports none (its document leaves another install's policy alone)
    expect(parse((await api(source, '/api/knowledge/export')).body).policy).toBeUndefined();
    expect((await api(source, '/api/connections/default/policy', { method: 'PUT', body: POLICY })).status).toBe(200);
    expect((await api(source, '/api/knowledge/definitions', { body: BIG })).status).toBe(201);
    const policy = (await api(source, '/api/connections/default/policy')).body;
    const exported = await api(source, '/api/knowledge/export');
    expect(exported.status).toBe(200);
    const document = parse(exported.body);
    expect(document.policy).toEqual(policy);
    expect(document.policy).toMatchObject({ connection_id: 'default', version: 1, updated_by: 'service', ...POLICY });

    const imported = await api(target, '/api/knowledge/import', { body: { yaml: exported.body } });
    expect(imported).toMatchObject({ status: 200, body: { created: 1, policy: { changed: true, version: 1 } } });
    expect((await api(target, '/api/connections/default/policy')).body).toMatchObject({ version: 1, ...POLICY });
    // the viewer of the other install is under the imported policy
    const schema = (await api(target, '/api/connections/default/schema', { key: VIEWER })).body;
    expect(schema.tables.map((t: { name: string }) => t.name).sort()).toEqual(['customers', 'orders']);
    const customers = schema.tables.find((t: { name: string }) => t.name === 'customers');
    expect(customers.columns.map((c: { name: string }) => c.name)).not.toContain('email');

    const again = await api(target, '/api/knowledge/import', { body: { yaml: exported.body } });
    expect(again).toMatchObject({ status: 200, body: { unchanged: 1, policy: { changed: false, version: 1 } } });
    expect((await api(target, '/api/connections/default/policy')).body.version).toBe(1);
    // a round trip of the target's own export is the same document
    expect(parse((await api(target, '/api/knowledge/export')).body).policy).toMatchObject(POLICY);
  });

  it('a document without policy leaves the policy alone; an invalid policy imports nothing', async () => {
    const without = `version: 1\ndefinitions:\n  - kind: instruction\n    text: Round money to two decimals.\n    scope: answer\n`;
    const kept = await api(target, '/api/knowledge/import', { body: { yaml: without } });
    expect(kept).toMatchObject({ status: 200, body: { created: 1 } });
    expect(kept.body.policy).toBeUndefined();
    expect((await api(target, '/api/connections/default/policy')).body).toMatchObject({ version: 1, ...POLICY });

    const bad =
      'version: 1\ndefinitions:\n  - kind: instruction\n    text: Never guess.\n    scope: sql\n' +
      'policy:\n  roles:\n    viewer:\n      deny_columns: [customers.no_such_column]\n';
    const refused = await api(target, '/api/knowledge/import', { body: { yaml: bad } });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: 'policy.roles.viewer.deny_columns[0]', problems: [expect.stringContaining('no_such_column')] },
    ]);
    const texts = (await api(target, '/api/knowledge/definitions?kind=instruction')).body.items.map(
      (d: { text: string }) => d.text,
    );
    expect(texts).not.toContain('Never guess.');
    expect((await api(target, '/api/connections/default/policy')).body.version).toBe(1);

    const notAMapping = await api(target, '/api/knowledge/import', {
      body: { yaml: 'version: 1\ndefinitions: []\npolicy: [1]\n' },
    });
    expect(notAMapping).toMatchObject({ status: 400, body: { details: [{ field: 'policy' }] } });
  });

  it('only an admin imports a policy (an analyst: 403, nothing changed)', async () => {
    const yaml = (await api(source, '/api/knowledge/export')).body;
    const refused = await api(target, '/api/knowledge/import', { body: { yaml }, key: ANALYST });
    expect(refused).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await api(target, '/api/knowledge/export', { key: ANALYST })).status).toBe(403);
  });
});
