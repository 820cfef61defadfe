/**
 * Documentation as knowledge over real HTTP, on a real app whose queried database is SQLite, PostgreSQL or MariaDB
 * (the latter two skipped only when unreachable; docs/knowledge.md "Descriptions"): a column named `c14` documented
 * as "Title 1 / No Child Left Behind funding" (a PostgreSQL COMMENT ON, a MariaDB column COMMENT, on SQLite a
 * description definition) is shown as its `description` by GET /api/connections/{id}/schema, and the offline engine
 * reads a question naming that meaning as that column; a description of a column the schema lacks is a 400.
 */
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(120_000);

const KEY = 'service-key-0123456789abcdef';
const MEANING = 'Title 1 / No Child Left Behind funding';

describeEachWith(SCRATCH_ENGINES, (engine) => engine.services)('descriptions on $name', (engine) => {
  let database: ScratchDatabase;
  let driver: DatabaseDriver;
  let app: TestApp;
  const api = (route: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${app.url}${route}`, { ...init, headers: { 'x-api-key': KEY } });

  beforeAll(async () => {
    database = await engine.create();
    driver = createDriver(database.url);
    const comment = engine.dialect === 'mariadb' ? ` COMMENT '${MEANING}'` : '';
    const statements = [
      `CREATE TABLE schools (school_id INTEGER PRIMARY KEY, school_name VARCHAR(40), c14 DECIMAL(12,2)${comment})`,
      "INSERT INTO schools VALUES (1, 'North', 1000), (2, 'South', 2500.5), (3, 'East', 0)",
    ];
    if (engine.dialect === 'postgresql') statements.push(`COMMENT ON COLUMN schools.c14 IS '${MEANING}'`);
    for (const sql of statements) await driver.runWrite(sql, { timeoutMs: 20_000 });
    app = await startTestApp({ QUERY_DATABASE_URL: database.url, SERVICE_API_KEY: KEY });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await driver?.close();
    await database?.drop();
    if (app) removeDataDir(app.dataDir);
  }, 60_000);

  const c14 = async () => {
    const shown = await api('/api/connections/default/schema');
    const schools = (shown.body.tables as Array<Record<string, any>>).find((t) => t.name === 'schools');
    return schools?.columns.find((c: { name: string }) => c.name === 'c14').description as string | null;
  };

  it('shows the documented meaning as the column description and answers a question naming it with that column', async () => {
    if (engine.dialect === 'sqlite') {
      expect(await c14()).toBeNull();
      const undocumented = await api('/api/chat', {
        body: { question: 'What is the total No Child Left Behind funding of all schools?' },
      });
      expect(undocumented.body.success === false || !/c14/i.test(String(undocumented.body.sql))).toBe(true);
      const created = await api('/api/knowledge/definitions', {
        body: { kind: 'description', target: 'schools.c14', text: MEANING },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ kind: 'description', target: 'schools.c14', text: MEANING, version: 1 });
    }
    expect(await c14()).toBe(MEANING);
    const answered = await api('/api/chat', {
      body: { question: 'What is the total No Child Left Behind funding of all schools?' },
    });
    expect(answered.body).toMatchObject({ success: true });
    expect(answered.body.sql).toMatch(/SUM\((\w+\.)?c14\)/i);
    expect(Number(answered.body.rows[0][0])).toBeCloseTo(3500.5, 2);
  });

  it('refuses a description of a column the schema lacks, naming the field', async () => {
    const refused = await api('/api/knowledge/definitions', {
      body: { kind: 'description', target: 'schools.c99', text: 'Nothing.' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION', details: [{ field: 'target' }] });
  });
});
