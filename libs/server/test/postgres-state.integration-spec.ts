/**
 * STATE_DATABASE_URL=postgres://...: the api keeps its state in PostgreSQL (here in a schema of its own through
 * `?schema=`), and it survives a restart. Skips with a printed reason when PostgreSQL is unreachable.
 */
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir, startTestApp } from '../src/testing/test-app';
import { describeWith } from '@nlq/test-services';

describeWith('postgresql')('state in PostgreSQL', () => {
  const dataDir = makeDataDir();
  const pg = usePostgresSchema('nlq_api_http', 'Skipping PostgreSQL state test');
  const { schema } = pg;
  afterAll(() => removeDataDir(dataDir));

  it('stores history in PostgreSQL and reads it back after a restart', async () => {
    const admin = pg.admin;
    if (!admin) return;
    const env = { DATA_DIR: dataDir, STATE_DATABASE_URL: `${PG}?schema=${schema}` };
    const first = await startTestApp(env);
    try {
      expect(
        (await call(`${first.url}/query`, { body: { question: 'How many customers are there?', user_id: 'pg-user' } }))
          .body.success,
      ).toBe(true);
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
