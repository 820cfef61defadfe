import fs from 'node:fs';
import path from 'node:path';
import { describeWith } from '@nlq/test-services';
import { PG } from '../src/testing/postgres-schema';
import { call, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(60_000);

describeWith('postgresql', 'mariadb')('query connection privileges in /api/health', () => {
  for (const [name, url] of [
    ['PostgreSQL postgres', PG],
    ['MariaDB root', 'mysql://root@127.0.0.1:3306/test'],
  ] as const) {
    it(`warns in user mode on a ${name} superuser connection`, async () => {
      const t: TestApp = await startTestApp({ SERVICE_MODE: 'user', QUERY_DATABASE_URL: url });
      try {
        const key = fs.readFileSync(path.join(t.dataDir, 'service-api-key'), 'utf8').trim();
        const health = await call(`${t.url}/api/health`, { headers: { 'x-api-key': key } });
        expect(health.status).toBe(200);
        expect(health.body.privileges).toEqual({
          superuser: true,
          can_write: true,
          warning: expect.stringMatching(/superuser.*read-only role/),
        });
        const refused = await call(`${t.url}/query`, {
          body: { question: 'SELECT rolname, rolpassword FROM pg_authid' },
        });
        expect(refused.status).toBeLessThan(500);
        expect(JSON.stringify(refused.body)).not.toMatch(/SCRAM-SHA-256\$|md5[0-9a-f]{32}/);
      } finally {
        await t.close();
      }
    });
  }

  it('does not warn in admin mode', async () => {
    const t = await startTestApp({ SERVICE_MODE: 'admin', QUERY_DATABASE_URL: PG });
    try {
      const key = fs.readFileSync(path.join(t.dataDir, 'service-api-key'), 'utf8').trim();
      expect((await call(`${t.url}/api/health`, { headers: { 'x-api-key': key } })).body.privileges).toEqual({
        superuser: true,
        can_write: true,
        warning: null,
      });
    } finally {
      await t.close();
    }
  });
});
