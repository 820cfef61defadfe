/**
 * Analysts propose knowledge (docs/knowledge.md "Proposals") over real HTTP with the offline engine and the sample
 * shop: an analyst's POST /api/knowledge/definitions is a proposal, never used at question time nor exported; an
 * admin lists the proposals and accepts one (then used, the next version) or rejects one (kept, never used); a
 * viewer is refused (403); every step is a version and an audit line. On the SQLite and the PostgreSQL state store.
 */
import { Writable } from 'node:stream';
import { describeWith } from '@nlq/test-services';
import { createApp } from '../src/app.factory';
import type { AppEnv } from '../src/platform/config/environment-variables';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ANALYST = 'analyst-key-0123456789abcdef';
const VIEWER = 'viewer-key-0123456789abcdef';
const QUESTION = 'What was the total revenue in 2024?';
const REVENUE = {
  kind: 'metric',
  name: 'revenue',
  synonyms: ['sales'],
  description: 'Money from orders that were not cancelled.',
  expression: 'SUM(orders.total_amount)',
  filter: "orders.status <> 'cancelled'",
};
const BIG = {
  kind: 'filter',
  name: 'big order',
  synonyms: [],
  description: 'Large.',
  condition: 'orders.total_amount > 500',
};

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

async function proposalsStory(env: AppEnv): Promise<void> {
  const { api, lines, close } = await startApp({
    ...env,
    SERVICE_API_KEY: SERVICE,
    USER_API_KEYS: `aaron:${ANALYST}:analyst,vera:${VIEWER}`,
  });
  try {
    // a viewer may neither propose nor read
    const refused = await api('/api/knowledge/definitions', { body: REVENUE, key: VIEWER });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: expect.stringContaining('"analyst"') },
    });
    expect((await api('/api/knowledge/definitions?status=proposed', { key: VIEWER })).status).toBe(403);

    // an analyst's definition is a proposal; asking for an active one needs the admin
    const proposed = await api('/api/knowledge/definitions', { body: REVENUE, key: ANALYST });
    expect(proposed).toMatchObject({
      status: 201,
      body: { ...REVENUE, status: 'proposed', version: 1, updated_by: 'aaron' },
    });
    const forced = await api('/api/knowledge/definitions', { body: { ...BIG, status: 'active' }, key: ANALYST });
    expect(forced.status).toBe(403);
    const other = await api('/api/knowledge/definitions', { body: BIG, key: ANALYST });
    expect(other.body).toMatchObject({ status: 'proposed' });
    // checked like any definition, and a name can be proposed once
    const broken = await api('/api/knowledge/definitions', {
      body: { ...BIG, name: 'broken', condition: 'orders.nope > 1' },
      key: ANALYST,
    });
    expect(broken.status).toBe(400);
    expect((await api('/api/knowledge/definitions', { body: REVENUE, key: ANALYST })).status).toBe(409);

    // never used at question time, never in the live list nor the export
    const before = await api('/api/chat', { body: { question: QUESTION } });
    expect(before.body.knowledge ?? []).toEqual([]);
    expect((await api('/api/knowledge/definitions')).body).toMatchObject({ total: 0 });
    expect((await api('/api/knowledge/export')).body).not.toContain('revenue');

    // the admin (and the analyst) list the open proposals; an analyst may not decide
    const open = await api('/api/knowledge/definitions?status=proposed', { key: ANALYST });
    expect(open.body.items.map((d: { name: string }) => d.name)).toEqual(['revenue', 'big order']);
    const id = proposed.body.id;
    expect((await api(`/api/knowledge/definitions/${id}/accept`, { method: 'POST', key: ANALYST })).status).toBe(403);

    // accept: active, the next version, used by the next question
    const accepted = await api(`/api/knowledge/definitions/${id}/accept`, { method: 'POST' });
    expect(accepted).toMatchObject({ status: 200, body: { id, status: 'active', version: 2, updated_by: 'service' } });
    expect((await api(`/api/knowledge/definitions/${id}/accept`, { method: 'POST' })).status).toBe(409);
    const after = await api('/api/chat', { body: { question: QUESTION } });
    expect(after.body.knowledge).toEqual([{ kind: 'metric', id, name: 'revenue', version: 2 }]);
    expect((await api('/api/knowledge/export')).body).toContain('name: revenue');

    // reject: kept as rejected, never used
    const rejected = await api(`/api/knowledge/definitions/${other.body.id}/reject`, { method: 'POST' });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected', version: 2 } });
    expect((await api('/api/knowledge/definitions?status=proposed')).body).toMatchObject({ total: 0, items: [] });
    expect((await api('/api/knowledge/definitions?status=rejected')).body.items).toHaveLength(1);
    expect((await api('/api/knowledge/definitions')).body.items.map((d: { name: string }) => d.name)).toEqual([
      'revenue',
    ]);

    // versioned and audited
    const versions = await api(`/api/knowledge/definitions/${id}/versions`, { key: ANALYST });
    expect(versions.body.items.map((v: any) => [v.version, v.change, v.status, v.updated_by])).toEqual([
      [1, 'propose', 'proposed', 'aaron'],
      [2, 'accept', 'active', 'service'],
    ]);
    const audit = lines.filter((l) => String(l.audit).startsWith('knowledge.definition.'));
    expect(audit.map((l) => [l.audit, l.name, l.userId])).toEqual([
      ['knowledge.definition.propose', 'revenue', 'aaron'],
      ['knowledge.definition.propose', 'big order', 'aaron'],
      ['knowledge.definition.accept', 'revenue', 'service'],
      ['knowledge.definition.reject', 'big order', 'service'],
    ]);
  } finally {
    await close();
  }
}

describe('knowledge proposals on the SQLite state store', () => {
  const dataDir = makeDataDir();
  afterAll(() => removeDataDir(dataDir));

  it('an analyst proposes, an admin accepts or rejects, a viewer may not; proposals are never used', async () => {
    await proposalsStory({ DATA_DIR: dataDir });
  });
});

describeWith('postgresql')('knowledge proposals with state in PostgreSQL', () => {
  const dataDir = makeDataDir();
  const pg = usePostgresSchema('nlq_proposals', 'Skipping the PostgreSQL state test of knowledge proposals');
  afterAll(() => removeDataDir(dataDir));

  it('an analyst proposes, an admin accepts or rejects, a viewer may not; proposals are never used', async () => {
    if (!pg.admin) return;
    await proposalsStory({ DATA_DIR: dataDir, STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` });
    const rows = await pg.admin.query(
      `SELECT name, status, version FROM "${pg.schema}".knowledge_definition ORDER BY name`,
    );
    expect(rows.rows).toEqual([
      { name: 'big order', status: 'rejected', version: 2 },
      { name: 'revenue', status: 'active', version: 2 },
    ]);
  });
});
