/**
 * PostgreSQL reads under a database identity (ReadOptions.identity) on a real server: `SET LOCAL ROLE` and
 * transaction-local `set_config` make a native row-level security policy apply, the settings are bound as data, and
 * nothing of the identity outlives the read's transaction. Skips with a printed reason when PostgreSQL is unreachable.
 */
import { describeEachWith } from '@nlq/test-services';
import { randomBytes } from 'node:crypto';
import { SCRATCH_ENGINES, useScratchDriver } from '../testing';

const postgres = SCRATCH_ENGINES.filter((e) => e.name === 'postgresql');
const ROLE = `nlq_rls_viewer_${randomBytes(4).toString('hex')}`;

describeEachWith(postgres, (e) => e.services)('PostgreSQL reads under a database identity', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, country TEXT NOT NULL)',
    "INSERT INTO customers VALUES (1, 'Germany'), (2, 'France'), (3, 'Germany'), (4, 'O''Hara')",
    `CREATE ROLE ${ROLE} NOLOGIN`,
    `GRANT SELECT ON customers TO ${ROLE}`,
    'ALTER TABLE customers ENABLE ROW LEVEL SECURITY',
    `CREATE POLICY by_country ON customers FOR SELECT TO ${ROLE} USING (country = current_setting('nlq.user_country', true))`,
  ]);
  afterAll(async () => {
    const { Client } = await import('pg');
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${ROLE}`).catch(() => undefined);
    await admin.end();
  });

  const read = (country: string) =>
    scratch.driver.runRead('SELECT customer_id FROM customers ORDER BY customer_id', {
      maxRows: 10,
      timeoutMs: 5000,
      identity: { role: ROLE, settings: { 'nlq.user_country': country, 'nlq.user_id': 'ana' } },
    });

  it("applies the native policy to the identity's rows, with the setting bound as data", async () => {
    expect((await read('Germany')).rows).toEqual([[1], [3]]);
    expect((await read("O'Hara")).rows).toEqual([[4]]);
    expect((await read("x' OR '1'='1")).rows).toEqual([]);
  });

  it('leaves nothing of the identity behind: the next plain read is the connection user again', async () => {
    await read('France');
    const plain = await scratch.driver.runRead(
      "SELECT current_user, COALESCE(current_setting('nlq.user_country', true), '') AS country",
      { maxRows: 1, timeoutMs: 5000 },
    );
    expect(plain.rows).toEqual([['postgres', '']]);
  });
});
