/**
 * Relationships declared where the database has none, over real HTTP on a real app whose queried database is SQLite,
 * PostgreSQL or MariaDB (the latter two skipped only when unreachable; docs/knowledge.md "Relationships"): tables made
 * without foreign keys get a declared one, checked by sampling the data (a relationship most child values break is a
 * 400 on `to`), shown as the column's `references` by GET /api/connections/{id}/schema, and joined on by the offline engine.
 */
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(120_000);

const KEY = 'service-key-0123456789abcdef';
const QUESTION = 'How many players are in the Reds team?';

describeEachWith(SCRATCH_ENGINES, (engine) => engine.services)('relationships on $name', (engine) => {
  let database: ScratchDatabase;
  let driver: DatabaseDriver;
  let app: TestApp;
  const api = (route: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${app.url}${route}`, { ...init, headers: { 'x-api-key': KEY } });

  beforeAll(async () => {
    database = await engine.create();
    driver = createDriver(database.url);
    for (const sql of [
      'CREATE TABLE teams (team_code INTEGER, team_name VARCHAR(40))',
      "INSERT INTO teams VALUES (1, 'Reds'), (2, 'Blues'), (3, 'Greens')",
      'CREATE TABLE players (player_code INTEGER, player_name VARCHAR(40), team_ref INTEGER, shirt INTEGER)',
      "INSERT INTO players VALUES (1, 'Ann', 1, 10), (2, 'Bob', 1, 11), (3, 'Cy', 2, 12), (4, 'Di', 3, 13), (5, 'Ed', NULL, 14)",
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

  const teamRef = async () => {
    const shown = await api('/api/connections/default/schema');
    const players = (shown.body.tables as Array<Record<string, any>>).find((t) => t.name === 'players');
    return players?.columns.find((c: { name: string }) => c.name === 'team_ref').references;
  };

  it('refuses a relationship the data break, and adds one the data hold to the schema as a foreign key', async () => {
    expect(await teamRef()).toBeNull();
    const before = await api('/api/chat', { body: { question: QUESTION } });
    expect(before.body.success === false || !/team_ref/.test(String(before.body.sql))).toBe(true);
    const broken = await api('/api/knowledge/definitions', {
      body: { kind: 'relationship', from: 'players.shirt', to: 'teams.team_code' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'to', problems: [expect.stringMatching(/only 0 of 5 sampled values/)] }],
    });
    const unknown = await api('/api/knowledge/definitions', {
      body: { kind: 'relationship', from: 'players.team', to: 'teams.team_code' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].field).toBe('from');

    const created = await api('/api/knowledge/definitions', {
      body: { kind: 'relationship', from: 'players.team_ref', to: 'teams.team_code' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'relationship', from: 'players.team_ref', to: 'teams.team_code' });
    expect(await teamRef()).toEqual({ table: 'teams', column: 'team_code' });
    const joined = await api('/api/chat', { body: { question: QUESTION } });
    expect(joined.body).toMatchObject({ success: true, rows: [[2]] });
    expect(joined.body.sql).toMatch(/JOIN teams \w* ?ON \w+\.team_ref = \w+\.team_code/i);
  });
});
