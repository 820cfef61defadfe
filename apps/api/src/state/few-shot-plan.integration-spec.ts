/**
 * Issue 11 item 1: the few-shot examples query (TypeOrmStateStore.listPositiveExamples) runs on every cache miss, so
 * its cost must not grow with the history. Checked with the engines' own query plans on a seeded history: SQLite's
 * EXPLAIN QUERY PLAN (https://sqlite.org/eqp.html) must SEARCH every table through an index (no SCAN), and
 * PostgreSQL's EXPLAIN (after ANALYZE) must read history_entry through indexes only (no Seq Scan).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { openStateDataSource } from './state-data-source.factory';
import { TypeOrmStateStore } from './typeorm-state.store';

const PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = 20_000;

/** Seeds ROWS history entries: queries on 3 connections, one feedback entry (3 positive of 4) every 100 rows. */
function seedSql(engine: 'sqlite' | 'postgres', table = 'history_entry'): string {
  const series =
    engine === 'sqlite'
      ? `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS}) SELECT i FROM n`
      : `SELECT i FROM generate_series(1, ${ROWS}) AS n(i)`;
  const text = (e: string) => (engine === 'sqlite' ? `CAST(${e} AS TEXT)` : `(${e})::text`);
  return (
    `INSERT INTO ${table} (id, kind, session_id, user_id, question, sql, status, signal, ref_id, connection_id, created_at) ` +
    `SELECT 'e' || ${text('i')}, CASE WHEN i % 100 = 0 THEN 'feedback' ELSE 'query' END, 's' || ${text('i / 3')}, 'u', ` +
    `'question ' || ${text('i % 500')}, 'SELECT ' || ${text('i')}, 'ok', ` +
    `CASE WHEN i % 100 = 0 THEN CASE WHEN i % 400 = 0 THEN 'negative' ELSE 'positive' END END, ` +
    `CASE WHEN i % 100 = 0 THEN 'e' || ${text('i - 1')} END, 'c' || ${text('i % 3')}, '2026-01-01T00:00:00.000Z' FROM (${series}) AS s`
  );
}

/** Creates the entities' tables and indexes when the data source did not (schema from migrations, not synchronize). */
async function ensureSchema(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  try {
    if (!(await runner.hasTable('history_entry'))) await dataSource.synchronize();
  } finally {
    await runner.release();
  }
}

/** The SQL and parameters of the few-shot query, captured from TypeORM's logger while the store runs it. */
async function captureFewShotQuery(dataSource: DataSource): Promise<{ sql: string; parameters: unknown[]; examples: number }> {
  const spy = jest.spyOn(dataSource.logger, 'logQuery');
  try {
    const examples = await new TypeOrmStateStore(dataSource).listPositiveExamples('c0', 3);
    const call = spy.mock.calls.find(([sql]) => /MAX\(/i.test(sql) && /feedback/.test(sql));
    if (!call) throw new Error('the few-shot query was not seen');
    return { sql: call[0], parameters: (call[1] ?? []) as unknown[], examples: examples.length };
  } finally {
    spy.mockRestore();
  }
}

describe('few-shot examples query plan', () => {
  it('SQLite: every table of the query is searched through an index', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-fewshot-'));
    const dataSource = await openStateDataSource(`sqlite://${path.join(dir, 'state.db')}`);
    try {
      await ensureSchema(dataSource);
      await dataSource.query(seedSql('sqlite'));
      const { sql, parameters, examples } = await captureFewShotQuery(dataSource);
      expect(examples).toBe(3);
      const plan = (await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as Array<{ detail: string }>;
      const details = plan.map((row) => row.detail);
      expect(details.some((d) => /ix_history_entry_feedback/.test(d))).toBe(true);
      expect(details.filter((d) => /^SCAN /.test(d))).toEqual([]);
    } finally {
      await dataSource.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: history_entry is read through indexes only', async () => {
    const admin = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    try {
      await admin.connect();
    } catch (error) {
      console.warn(`Skipping the PostgreSQL plan check: ${PG_URL} unreachable (${(error as Error).message})`);
      return;
    }
    const schema = `nlq_fewshot_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const dataSource = await openStateDataSource(PG_URL, { schema });
    try {
      await ensureSchema(dataSource);
      await dataSource.query(seedSql('postgres', `"${schema}".history_entry`));
      await dataSource.query(`ANALYZE "${schema}".history_entry`);
      const { sql, parameters, examples } = await captureFewShotQuery(dataSource);
      expect(examples).toBe(3);
      const plan = ((await dataSource.query(`EXPLAIN ${sql}`, parameters)) as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/ix_history_entry_feedback/);
      expect(plan).not.toMatch(/Seq Scan/);
    } finally {
      await dataSource.destroy();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    }
  });
});
