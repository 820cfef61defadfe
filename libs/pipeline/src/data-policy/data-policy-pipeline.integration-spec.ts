/**
 * The data-policy stage of the attempt loop on real engines (SQLite, PostgreSQL, MariaDB scratch databases), through
 * a real QueryPipeline with a scripted provider: a viewer's answers hold only its country's rows and masked names,
 * a statement reaching a denied column is refused by name with nothing executed, an answer cached for one viewer is
 * not served to a viewer of another country, and a role without an entry sees everything.
 */
import type { DataPolicyDocument } from '@nlq/contracts';
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { scriptedPipeline } from '../testing/scripted-pipeline';
import { MASK } from './enforce-data-policy';

jest.setTimeout(30_000);

const POLICY: DataPolicyDocument = {
  roles: {
    viewer: {
      tables: ['customers'],
      deny_columns: ['customers.email'],
      mask_columns: ['customers.last_name'],
      row_filters: { customers: 'country = :user.country' },
    },
  },
};

const SQL = new Map([
  ['names', 'SELECT last_name, country FROM customers ORDER BY customer_id'],
  ['how many', 'SELECT COUNT(*) AS n FROM customers'],
  ['emails', 'SELECT customer_id FROM customers WHERE email IS NOT NULL ORDER BY customer_id'],
]);

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('data policies through the pipeline on $name', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, last_name VARCHAR(40), email VARCHAR(80), country VARCHAR(40))',
    "INSERT INTO customers VALUES (1, 'Adler', 'a@x.de', 'Germany'), (2, 'Brun', 'b@x.fr', 'France'), (3, 'Cole', 'c@x.de', 'Germany')",
  ]);
  const ask = (question: string, role: 'viewer' | 'admin', country: string, sessionId = 's') =>
    scriptedPipeline({
      driver: scratch.driver,
      sql: SQL.get(question),
      connectionId: engine.name,
      config: { answerMode: 'template' },
      policies: { policyFor: async () => ({ document: POLICY, version: 1 }) },
    }).pipeline.ask({ question, sessionId, userId: 'u', access: { role, attributes: { country } } });

  it("answers with the viewer's rows only and masked names", async () => {
    const out = await ask('names', 'viewer', 'Germany');
    expect(out.result?.columns).toEqual(['last_name', 'country']);
    expect(out.result?.rows).toEqual([
      [MASK, 'Germany'],
      [MASK, 'Germany'],
    ]);
    expect(out.sql).toBe(SQL.get('names'));
  });

  it('refuses a denied column by name, nothing executed', async () => {
    const out = await ask('emails', 'viewer', 'Germany');
    expect(out).toMatchObject({ success: false, status: 'refused', result: null });
    expect(out.error).toContain('the column "customers.email" is not permitted for your role');
  });

  it('keeps cached answers apart per attributes; a role without an entry sees everything', async () => {
    const shared = scriptedPipeline({
      driver: scratch.driver,
      sql: SQL.get('how many'),
      connectionId: engine.name,
      config: { answerMode: 'template' },
      policies: { policyFor: async () => ({ document: POLICY, version: 1 }) },
    }).pipeline;
    const asked = (country: string, role: 'viewer' | 'admin' = 'viewer') =>
      shared.ask({ question: 'how many', sessionId: 's', userId: 'u', access: { role, attributes: { country } } });
    const germany = await asked('Germany');
    const again = await asked('Germany');
    const france = await asked('France');
    const admin = await asked('France', 'admin');
    expect(germany.result?.rows.map((r) => r.map(Number))).toEqual([[2]]);
    expect(again.cached).toBe(true);
    expect(france.cached).toBe(false);
    expect(france.result?.rows.map((r) => r.map(Number))).toEqual([[1]]);
    expect(admin.result?.rows.map((r) => r.map(Number))).toEqual([[3]]);
  });
});
