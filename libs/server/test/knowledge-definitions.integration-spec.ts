/**
 * Knowledge definitions over real HTTP (docs/knowledge.md): create, list, get, patch (a new
 * version, the history kept), delete (history kept), the schema check with nlq's parser (unknown column, non-aggregate
 * metric, unknown synonym target: 400 with the field and reason), the service key only (a user key: 403), the audit
 * lines, and the YAML export and all-or-nothing import; on the SQLite state store and on PostgreSQL state.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describeWith } from '@nlq/test-services';
import { createApp } from '../src/app.factory';
import type { AppEnv } from '../src/platform/config/environment-variables';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ALICE = 'alice-key-0123456789abcdef';

const REVENUE = {
  kind: 'metric',
  name: 'revenue',
  synonyms: ['sales', 'turnover'],
  description: 'Money from order lines, cancelled orders excluded.',
  expression: 'SUM(order_items.line_total)',
  filter: "orders.status <> 'cancelled'",
};
const WEB = { kind: 'synonym', name: 'online', synonyms: ['web shop'], target: "orders.channel = 'web'" };
const DELIVERED = {
  kind: 'filter',
  name: 'delivered order',
  synonyms: ['completed order'],
  description: 'Reached the customer.',
  condition: 'orders.delivered_at IS NOT NULL',
};
const ROUNDING = { kind: 'instruction', text: 'Round money to two decimals.', scope: 'answer' };

/** A running app on port 0 whose log lines are collected (for the audit lines). */
async function startApp(env: AppEnv) {
  const lines: Array<Record<string, unknown>> = [];
  const logDestination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await createApp({ LOG_LEVEL: 'info', ...env }, { logDestination });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const api = (route: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
    call(`${url}${route}`, { method: init.method, body: init.body, headers: { 'x-api-key': init.key ?? SERVICE } });
  return { api, lines, close: () => app.close() };
}

/** The whole story on one state store; `env` names it. */
async function definitionsStory(env: AppEnv, dataDir: string): Promise<void> {
  const { api, lines, close } = await startApp(env);
  try {
    // create: 201 with id and version 1, in the active connection
    const created = await api('/api/knowledge/definitions', { body: REVENUE });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...REVENUE,
      id: expect.any(String),
      version: 1,
      connection_id: 'default',
      deleted: false,
      updated_by: 'service',
    });
    const id = created.body.id;
    for (const body of [WEB, DELIVERED, ROUNDING])
      expect((await api('/api/knowledge/definitions', { body })).status).toBe(201);

    // list (paged) and get
    const all = await api('/api/knowledge/definitions');
    expect(all.body).toMatchObject({ total: 4, page: 1, page_size: 20 });
    expect(all.body.items.map((d: { kind: string }) => d.kind)).toEqual(['metric', 'synonym', 'filter', 'instruction']);
    expect((await api('/api/knowledge/definitions?kind=metric&connection_id=default')).body).toMatchObject({
      total: 1,
      items: [{ id, name: 'revenue' }],
    });
    expect(
      (await api('/api/knowledge/definitions?page_size=2&page=2')).body.items.map((d: { kind: string }) => d.kind),
    ).toEqual(['filter', 'instruction']);
    expect((await api(`/api/knowledge/definitions/${id}`)).body).toEqual(created.body);

    // patch: version 2, the history holds both
    const patched = await api(`/api/knowledge/definitions/${id}`, {
      method: 'PATCH',
      body: { filter: "orders.status NOT IN ('cancelled', 'pending')" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      version: 2,
      filter: "orders.status NOT IN ('cancelled', 'pending')",
      expression: REVENUE.expression,
    });
    const versions = await api(`/api/knowledge/definitions/${id}/versions`);
    expect(
      versions.body.items.map((v: { version: number; change: string; filter: string }) => [
        v.version,
        v.change,
        v.filter,
      ]),
    ).toEqual([
      [1, 'create', REVENUE.filter],
      [2, 'update', "orders.status NOT IN ('cancelled', 'pending')"],
    ]);
    const kindChange = await api(`/api/knowledge/definitions/${id}`, {
      method: 'PATCH',
      body: { condition: 'orders.order_id > 1' },
    });
    expect(kindChange).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION',
        details: [{ field: 'condition', problems: ['condition is not a field of a metric definition'] }],
      },
    });

    // checked against the schema with the parser: the field and the reason
    const unknownColumn = await api('/api/knowledge/definitions', {
      body: { ...REVENUE, name: 'gross', expression: 'SUM(order_items.price_total)' },
    });
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.body).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'expression', problems: ['unknown column "price_total" in table "order_items"'] }],
    });
    const unknownTable = await api('/api/knowledge/definitions', {
      body: { ...DELIVERED, name: 'late', condition: 'deliveries.late = 1' },
    });
    expect(unknownTable.body).toMatchObject({
      statusCode: 400,
      details: [{ field: 'condition', problems: [expect.stringContaining('deliveries')] }],
    });
    const notAggregate = await api('/api/knowledge/definitions', {
      body: { ...REVENUE, name: 'line', expression: 'order_items.line_total' },
    });
    expect(notAggregate.body).toMatchObject({
      statusCode: 400,
      details: [{ field: 'expression', problems: [expect.stringContaining('aggregate')] }],
    });
    const mixed = await api('/api/knowledge/definitions', {
      body: { ...REVENUE, name: 'mixed', expression: 'SUM(order_items.line_total) + order_items.discount' },
    });
    expect(mixed.body).toMatchObject({
      statusCode: 400,
      details: [
        {
          field: 'expression',
          problems: [expect.stringContaining('order_items.discount is used outside an aggregate')],
        },
      ],
    });
    const smuggled = await api('/api/knowledge/definitions', {
      body: {
        ...REVENUE,
        name: 'smuggled',
        expression: 'SUM(order_items.line_total) FROM order_items; DROP TABLE orders',
      },
    });
    expect(smuggled.status).toBe(400);
    const badTarget = await api('/api/knowledge/definitions', {
      body: { ...WEB, name: 'shop', target: 'storefronts' },
    });
    expect(badTarget.body).toMatchObject({
      statusCode: 400,
      details: [{ field: 'target', problems: ['unknown table "storefronts"'] }],
    });
    const badFilter = await api('/api/knowledge/definitions', {
      body: { ...REVENUE, name: 'net', filter: 'orders.state = 1' },
    });
    expect(badFilter.body).toMatchObject({
      statusCode: 400,
      details: [{ field: 'filter', problems: [expect.stringContaining('state')] }],
    });
    expect((await api('/api/knowledge/definitions', { body: { ...REVENUE, name: 'Revenue' } })).status).toBe(409);
    expect((await api('/api/knowledge/definitions', { body: { ...REVENUE, connection_id: 'nowhere' } })).status).toBe(
      404,
    );
    expect((await api('/api/knowledge/definitions?connection_id=nowhere')).status).toBe(404);
    expect((await api('/api/knowledge/definitions/nothing')).body).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });

    // the service key only
    expect((await api('/api/knowledge/definitions', { key: ALICE })).status).toBe(403);
    expect((await api('/api/knowledge/definitions', { key: ALICE, body: REVENUE })).body).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
    });
    expect((await api(`/api/knowledge/definitions/${id}`, { key: ALICE, method: 'DELETE' })).status).toBe(403);
    expect((await api('/api/knowledge/export', { key: ALICE })).body).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
    });

    // YAML export, then import into a second connection
    const exported = await api('/api/knowledge/export');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(exported.body).toContain('name: revenue');
    expect(exported.body).not.toContain(id);
    const copy = path.join(dataDir, 'copy.db');
    fs.copyFileSync(path.join(dataDir, 'shop.db'), copy);
    const second = (await api('/api/connections', { body: { name: 'copy', url: `sqlite://${copy}` } })).body.id;
    const imported = await api('/api/knowledge/import', { body: { yaml: exported.body, connection_id: second } });
    expect(imported.body).toEqual({
      connection_id: second,
      created: 4,
      updated: 0,
      unchanged: 0,
      created_names: ['revenue', 'online', 'delivered order', 'instruction: Round money to two decimals.'],
      updated_names: [],
    });
    const copied = (await api(`/api/knowledge/definitions?connection_id=${second}`)).body.items;
    expect(
      copied.map(
        ({ id: _id, connection_id: _c, created_at: _a, updated_at: _b, ...rest }: Record<string, unknown>) => rest,
      ),
    ).toEqual(
      all.body.items.map(
        ({ id: _id, connection_id: _c, created_at: _a, updated_at: _b, ...rest }: Record<string, unknown>) =>
          rest.name === 'revenue' ? { ...rest, filter: patched.body.filter, version: 1 } : rest,
      ),
    );
    expect(
      (await api('/api/knowledge/import', { body: { yaml: exported.body, connection_id: second } })).body,
    ).toMatchObject({ created: 0, updated: 0, unchanged: 4 });

    // all or nothing: one bad definition imports none
    const bad = `${exported.body}  - kind: metric\n    name: margin\n    expression: SUM(order_items.margin)\n`;
    const refused = await api('/api/knowledge/import', {
      body: { yaml: bad.replace('Round money', 'Round all money'), connection_id: second },
    });
    expect(refused.body).toMatchObject({
      statusCode: 400,
      details: [{ field: 'definitions[4].expression', problems: [expect.stringContaining('margin')] }],
    });
    expect((await api(`/api/knowledge/definitions?connection_id=${second}`)).body.total).toBe(4);
    expect((await api('/api/knowledge/import', { body: { yaml: 'definitions: [' } })).body).toMatchObject({
      statusCode: 400,
      details: [{ field: 'yaml' }],
    });

    // delete: 204, the history kept; an import afterwards creates it anew, and updates a changed one
    expect((await api(`/api/knowledge/definitions/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/api/knowledge/definitions/${id}`)).body).toMatchObject({ id, version: 3, deleted: true });
    expect(
      (await api(`/api/knowledge/definitions/${id}/versions`)).body.items.map((v: { change: string }) => v.change),
    ).toEqual(['create', 'update', 'delete']);
    expect((await api('/api/knowledge/definitions')).body.total).toBe(3);
    expect((await api(`/api/knowledge/definitions/${id}`, { method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
    const changed = exported.body.replace('Reached the customer.', 'Delivered to the customer.');
    expect((await api('/api/knowledge/import', { body: { yaml: changed } })).body).toMatchObject({
      connection_id: 'default',
      created_names: ['revenue'],
      updated_names: ['delivered order'],
      unchanged: 2,
    });

    const audit = lines.filter((l) => l.component === 'audit' && String(l.audit).startsWith('knowledge.'));
    expect(audit.filter((l) => l.definitionId === id).map((l) => [l.audit, l.version, l.userId])).toEqual([
      ['knowledge.definition.create', 1, 'service'],
      ['knowledge.definition.update', 2, 'service'],
      ['knowledge.definition.delete', 3, 'service'],
    ]);
    expect(audit.filter((l) => l.audit === 'knowledge.import').map((l) => [l.created, l.updated, l.unchanged])).toEqual(
      [
        [4, 0, 0],
        [0, 0, 4],
        [1, 1, 2],
      ],
    );
  } finally {
    await close();
  }
}

describe('knowledge definitions on the SQLite state store', () => {
  const dataDir = makeDataDir();
  afterAll(() => removeDataDir(dataDir));

  it('creates, lists, versions, checks, guards, deletes, exports and imports definitions', async () => {
    await definitionsStory({ DATA_DIR: dataDir, SERVICE_API_KEY: SERVICE, USER_API_KEYS: `alice:${ALICE}` }, dataDir);
  });
});

describeWith('postgresql')('knowledge definitions with state in PostgreSQL', () => {
  const dataDir = makeDataDir();
  const pg = usePostgresSchema('nlq_knowledge', 'Skipping the PostgreSQL state test of knowledge definitions');
  afterAll(() => removeDataDir(dataDir));

  it('creates, lists, versions, checks, guards, deletes, exports and imports definitions', async () => {
    if (!pg.admin) return;
    await definitionsStory(
      {
        DATA_DIR: dataDir,
        STATE_DATABASE_URL: `${PG}?schema=${pg.schema}`,
        SERVICE_API_KEY: SERVICE,
        USER_API_KEYS: `alice:${ALICE}`,
      },
      dataDir,
    );
    const versions = await pg.admin.query(
      `SELECT change, COUNT(*)::int AS n FROM "${pg.schema}".knowledge_definition_version GROUP BY change ORDER BY change`,
    );
    expect(versions.rows).toEqual([
      { change: 'create', n: 9 },
      { change: 'delete', n: 1 },
      { change: 'update', n: 2 },
    ]);
  });
});
