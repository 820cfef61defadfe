/**
 * STATE_DATABASE_URL=postgres://...: the api keeps its state in PostgreSQL (here in a schema of its own through
 * `?schema=`), and it survives a restart. Skips with a printed reason when PostgreSQL is unreachable.
 */
import { Client } from 'pg';
import { call, makeDataDir, removeDataDir, startTestApp } from './support/test-app';

const PG = 'postgres://postgres@127.0.0.1:5432/test';

describe('state in PostgreSQL', () => {
  const schema = `nlq_api_http_${process.pid}_${Date.now()}`;
  const dataDir = makeDataDir();
  let admin: Client | null = null;

  beforeAll(async () => {
    const client = new Client({ connectionString: PG, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query(`CREATE SCHEMA "${schema}"`);
      admin = client;
    } catch (error) {
      console.warn(`Skipping PostgreSQL state test: ${PG} unreachable (${(error as Error).message})`);
    }
  });
  afterAll(async () => {
    if (admin) {
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    }
    removeDataDir(dataDir);
  });

  it('stores history in PostgreSQL and reads it back after a restart', async () => {
    if (!admin) return;
    const env = { DATA_DIR: dataDir, STATE_DATABASE_URL: `${PG}?schema=${schema}` };
    const first = await startTestApp(env);
    try {
      expect((await call(`${first.url}/query`, { body: { question: 'How many customers are there?', user_id: 'pg-user' } })).body.success).toBe(true);
      await call(`${first.url}/feedback/pg-user`, { body: { signal: 'positive' } });
    } finally {
      await first.close();
    }
    const rows = await admin.query(`SELECT kind, user_id FROM "${schema}".history_entry ORDER BY seq`);
    expect(rows.rows).toEqual([
      { kind: 'query', user_id: 'pg-user' },
      { kind: 'feedback', user_id: 'pg-user' },
    ]);
    const second = await startTestApp(env);
    try {
      const { body } = await call(`${second.url}/session/pg-user`);
      expect(body.history.map((e: { kind: string }) => e.kind)).toEqual(['query', 'feedback']);
    } finally {
      await second.close();
    }
  });
});
